package web

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/gin-gonic/gin"
)

// slowBody opens a connection to srv and starts a POST whose body never
// arrives whole: it sends one byte of the hundred it announces.
func slowBody(t *testing.T, srv *httptest.Server, path string) net.Conn {
	t.Helper()
	c, err := net.Dial("tcp", srv.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	fmt.Fprintf(c, "POST %s HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{", path, srv.Listener.Addr())
	return c
}

// waitClosed reads c until the server closes it and returns what it said.
// The read deadline only keeps a broken build from hanging the suite.
func waitClosed(t *testing.T, c net.Conn) string {
	t.Helper()
	_ = c.SetReadDeadline(time.Now().Add(30 * time.Second))
	b, err := io.ReadAll(c)
	if ne, ok := err.(net.Error); ok && ne.Timeout() {
		t.Fatalf("the server kept the connection of a slow body open (read so far: %q)", b)
	}
	return string(b)
}

// TestSlowBodyIsCut holds a request body to its deadline, on a route that
// reads the body and on one that never does (the server would otherwise
// drain it forever), while a request with a prompt body is served.
func TestSlowBodyIsCut(t *testing.T) {
	e := newTestEnv(t, Config{BodyTimeout: 100 * time.Millisecond})
	srv := httptest.NewServer(e.h)
	defer srv.Close()

	for _, path := range []string{"/api/validate", "/en/console/reset", "/api/lessons/json-rpc/read"} {
		t.Run(path, func(t *testing.T) {
			c := slowBody(t, srv, path)
			got := waitClosed(t, c)
			if strings.Contains(got, "200 OK") {
				t.Errorf("a body that never arrived was answered 200: %q", got)
			}
		})
	}
	resp, err := http.Post(srv.URL+"/api/validate", "application/json", strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"ping"}`))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Errorf("a prompt body got %d, want 200", resp.StatusCode)
	}
}

// TestBodyDeadlineLiftedOnceRead lets an answer take longer than the body
// deadline once the body is in: a POST answered with a stream is not cut.
func TestBodyDeadlineLiftedOnceRead(t *testing.T) {
	const deadline = 50 * time.Millisecond
	h := http.NewServeMux()
	h.HandleFunc("/slow", func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.ReadAll(r.Body)
		// The answer starts well after the body deadline has passed.
		<-time.After(4 * deadline)
		_, _ = io.WriteString(w, "done")
	})
	e := newTestEnv(t, Config{BodyTimeout: deadline})
	e.srv.router.Any("/slow", gin.WrapH(h))
	srv := httptest.NewServer(e.h)
	defer srv.Close()

	c, err := net.Dial("tcp", srv.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	fmt.Fprintf(c, "POST /slow HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\n{}")
	_ = c.SetReadDeadline(time.Now().Add(30 * time.Second))
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		t.Fatalf("the answer after the body was read was cut: %v", err)
	}
	b, _ := io.ReadAll(resp.Body)
	if string(b) != "done" {
		t.Errorf("body %q, want done", b)
	}
}
