// Package gifttest serves the gift MCP server over Streamable HTTP on a
// loopback httptest server, as a learner's own server or a real MCP
// client would meet it: the one helper the tests of the server check, the
// CLI, the recorder and the web pages share. Only tests import it.
package gifttest

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/mcpplayground/playground/mockserver"
)

// URL serves a gift server built from cfg (a mistake mode, a language, a
// clock) at /mcp of a fresh loopback server and returns that endpoint. The
// server and the handler's sessions end with the test.
func URL(t testing.TB, cfg mockserver.Config) string {
	t.Helper()
	h := mockserver.NewHTTPHandler(mockserver.New(cfg), mockserver.HTTPConfig{})
	mux := http.NewServeMux()
	mux.Handle("/mcp", h)
	srv := httptest.NewServer(mux)
	t.Cleanup(func() {
		srv.Close()
		h.Close()
	})
	return srv.URL + "/mcp"
}
