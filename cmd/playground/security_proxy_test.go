package main

import (
	"bufio"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"
)

// TestSecurityTrustedProxyCaps: behind -trusted-proxies, the proxy's own
// connections are not held to the bound per address (before: HAProxy's
// 257th connection was closed), and the bound applies to each client the
// proxy reports: a fifth request at once of one client is refused while
// another client is served.
func TestSecurityTrustedProxyCaps(t *testing.T) {
	t.Parallel()
	s := serveBinary(t, "-trusted-proxies", "127.0.0.1", "-max-conns-per-addr", "4", "-body-timeout", "20s")
	// Each held request says "Expect: 100-continue": the server answers
	// 100 once the handler reads the body, past the bound's middleware,
	// so the test knows the request holds its slot.
	held := func(client string) {
		c := dialFrom(t, "127.0.0.1", s.URL)
		t.Cleanup(func() { c.Close() })
		_ = c.SetDeadline(time.Now().Add(20 * time.Second))
		fmt.Fprintf(c, "POST /api/validate HTTP/1.1\r\nHost: x\r\nX-Forwarded-For: %s\r\nContent-Length: 100\r\nExpect: 100-continue\r\n\r\n", client)
		line, err := bufio.NewReader(c).ReadString('\n')
		if err != nil || !strings.HasPrefix(line, "HTTP/1.1 100") {
			t.Fatalf("held request for %s: %q, %v; want 100 Continue", client, line, err)
		}
		fmt.Fprint(c, "{")
	}
	for range 4 {
		held("192.0.2.1")
	}
	status := func(client string) int {
		c := dialFrom(t, "127.0.0.1", s.URL)
		defer c.Close()
		_ = c.SetDeadline(time.Now().Add(20 * time.Second))
		fmt.Fprintf(c, "GET /healthz HTTP/1.1\r\nHost: x\r\nX-Forwarded-For: %s\r\nConnection: close\r\n\r\n", client)
		resp, err := http.ReadResponse(bufio.NewReader(c), nil)
		if err != nil {
			t.Fatalf("a request from the proxy for %s: %v (its connection was refused?)", client, err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	got := status("192.0.2.1")
	if got != http.StatusTooManyRequests {
		t.Errorf("a fifth request at once of one client behind the proxy = %d, want 429", got)
	}
	if c := status("192.0.2.2"); c != http.StatusOK {
		t.Errorf("another client behind the proxy = %d, want 200 (the proxy's seventh connection)", c)
	}
}
