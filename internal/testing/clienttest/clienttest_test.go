package clienttest

import (
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
)

// A client of Own keeps its connection when a server elsewhere in the
// binary closes (httptest.Server.Close closes http.DefaultTransport's
// idle connections): the second request reuses the first's connection.
func TestOwnKeepsItsConnections(t *testing.T) {
	var conns atomic.Int32
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusAccepted)
	}))
	srv.Config.ConnState = func(_ net.Conn, s http.ConnState) {
		if s == http.StateNew {
			conns.Add(1)
		}
	}
	srv.Start()
	defer srv.Close()
	c := Own(t)
	if c.Transport == http.DefaultTransport {
		t.Fatal("Own returned a client on http.DefaultTransport")
	}
	post := func() {
		resp, err := c.Post(srv.URL, "application/json", nil)
		if err != nil {
			t.Fatal(err)
		}
		_, _ = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
	}
	post()
	httptest.NewServer(http.NotFoundHandler()).Close() // another test's server closing
	post()
	if n := conns.Load(); n != 1 {
		t.Errorf("%d connections for two requests, want 1: the first was closed under the client", n)
	}
}
