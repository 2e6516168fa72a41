package web

import (
	"net/http/httptest"
	"testing"

	"github.com/gin-gonic/gin"
	"github.com/google/go-cmp/cmp"

	"github.com/mcpplayground/playground/internal/guard"
)

// TestProxiedCap: behind a trusted proxy, one client's requests are held
// to the bound per address, and another client behind the same proxy is
// served meanwhile.
func TestProxiedCap(t *testing.T) {
	s := &Server{proxies: guard.ParseTrusted([]string{"10.9.0.1"}), proxied: guard.NewSlots(1, 100)}
	r := gin.New()
	if err := r.SetTrustedProxies([]string{"10.9.0.1"}); err != nil {
		t.Fatal(err)
	}
	entered, release := make(chan struct{}), make(chan struct{})
	r.GET("/hold", s.proxiedCap, func(c *gin.Context) { entered <- struct{}{}; <-release; c.Status(200) })
	r.GET("/now", s.proxiedCap, func(c *gin.Context) { c.Status(200) })
	do := func(path, client string) int {
		req := httptest.NewRequest("GET", path, nil)
		req.RemoteAddr = "10.9.0.1:5000"
		req.Header.Set("X-Forwarded-For", client)
		rec := httptest.NewRecorder()
		r.ServeHTTP(rec, req)
		return rec.Code
	}
	done := make(chan int)
	go func() { done <- do("/hold", "192.0.2.1") }()
	<-entered
	got := []int{do("/now", "192.0.2.1"), do("/now", "192.0.2.2")}
	close(release)
	got = append(got, <-done, do("/now", "192.0.2.1"))
	if diff := cmp.Diff([]int{429, 200, 200, 200}, got); diff != "" {
		t.Errorf("statuses (-want +got):\n%s", diff)
	}
}
