package web

import (
	"context"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// TestCheckServerEvensOutNothingMCP: for a learner on another host (here
// 127.0.0.2, as a trusted proxy reports it), a closed port and an open one
// that is not MCP are answered alike in words and held until one step's
// time after the check began, as a silent port would be; a refusal of the
// policy is not held, and neither is a learner on the playground's own
// machine, who is told what answered. Not parallel: the closed port must
// stay closed, and a test beside this one could be given it for a
// listener of its own.
func TestCheckServerEvensOutNothingMCP(t *testing.T) {
	probe, err := net.Listen("tcp", "127.0.0.2:0")
	if err != nil {
		t.Skipf("no second loopback address here: %v", err)
	}
	closed := "http://" + probe.Addr().String() + "/mcp"
	probe.Close()
	web, err := net.Listen("tcp", "127.0.0.2:0")
	if err != nil {
		t.Fatal(err)
	}
	hs := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		io.WriteString(w, "<html>a router's page</html>")
	})}
	go hs.Serve(web)
	t.Cleanup(func() { hs.Close() })
	open := "http://" + web.Addr().String() + "/mcp"

	clock := &manualClock{t: time.Date(2026, 1, 1, 10, 0, 0, 0, time.UTC)}
	e := newTestEnv(t, Config{Clock: clock, TrustedProxies: []string{"127.0.0.1"}, ServerCheckTimeout: 3 * time.Second})
	var mu sync.Mutex
	var held []time.Duration
	e.srv.checkPause = func(_ context.Context, d time.Duration) error {
		mu.Lock()
		defer mu.Unlock()
		held = append(held, d)
		return nil
	}
	base := e.serve(t)
	check := func(target, from string) (int, string) {
		b := newBrowser(t, base)
		hdr := []string{}
		if from != "" {
			hdr = append(hdr, "X-Forwarded-For", from)
		}
		r := b.do("POST", "/en/check-server", "application/x-www-form-urlencoded", url.Values{"url": {target}}.Encode(), hdr...)
		msg := r.body
		if i := strings.Index(msg, "Nothing MCP answered at"); i >= 0 {
			msg = "Nothing MCP answered"
		} else {
			msg = "other"
		}
		return r.status, msg
	}
	type answer struct {
		Status int
		Said   string
	}
	got := []answer{}
	for _, target := range []string{closed, open} {
		s, m := check(target, "127.0.0.2")
		got = append(got, answer{s, m})
	}
	if diff := cmp.Diff([]answer{{502, "Nothing MCP answered"}, {502, "Nothing MCP answered"}}, got); diff != "" {
		t.Errorf("a closed and an open port from another host (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]time.Duration{3 * time.Second, 3 * time.Second}, held); diff != "" {
		t.Errorf("held (-want +got):\n%s", diff)
	}
	held = nil
	if s, _ := check("http://127.0.0.1:9/mcp", "127.0.0.2"); s != http.StatusUnprocessableEntity {
		t.Errorf("the playground's own machine from another host = %d, want 422", s)
	}
	if s, m := check(closed, ""); s != http.StatusBadGateway || m != "other" {
		t.Errorf("a closed port from the playground's own machine = %d %s, want 502 saying what happened", s, m)
	}
	if len(held) != 0 {
		t.Errorf("held %v: a refusal and a check on one's own machine are answered at once", held)
	}
}
