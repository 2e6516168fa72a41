package guard

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestProxiedCap: behind a trusted proxy, one client's requests are held
// to the bound per address, and another client behind the same proxy is
// served meanwhile; a request that did not come through the proxy is not
// counted.
func TestProxiedCap(t *testing.T) {
	mw := ProxiedCap(ProxiedConfig{
		Trusted: ParseTrusted([]string{"10.9.0.1"}), PerAddr: 1,
		ClientIP: func(_ http.ResponseWriter, r *http.Request) string { return r.Header.Get("X-Forwarded-For") },
		Refuse:   func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusTooManyRequests) },
	})
	entered, release := make(chan struct{}), make(chan struct{})
	hold := mw(http.HandlerFunc(func(http.ResponseWriter, *http.Request) { entered <- struct{}{}; <-release }))
	now := mw(http.HandlerFunc(func(http.ResponseWriter, *http.Request) {}))
	do := func(h http.Handler, remote, client string) int {
		req := httptest.NewRequest("GET", "/", nil)
		req.RemoteAddr = remote + ":5000"
		req.Header.Set("X-Forwarded-For", client)
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		return rec.Code
	}
	done := make(chan int)
	go func() { done <- do(hold, "10.9.0.1", "192.0.2.1") }()
	<-entered
	got := []int{
		do(now, "10.9.0.1", "192.0.2.1"),  // the same client: over its bound
		do(now, "10.9.0.1", "192.0.2.2"),  // another client behind the proxy
		do(now, "192.0.2.1", "192.0.2.1"), // not through the proxy: the listener's
	}
	close(release)
	got = append(got, <-done, do(now, "10.9.0.1", "192.0.2.1"))
	if diff := cmp.Diff([]int{429, 200, 200, 200, 200}, got); diff != "" {
		t.Errorf("statuses (-want +got):\n%s", diff)
	}
}
