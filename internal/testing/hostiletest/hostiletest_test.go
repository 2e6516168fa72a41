package hostiletest

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// A request with an id gets the long reply, whole and just under 1 MiB
// for Huge; a notification gets 202 with nothing.
func TestHandler(t *testing.T) {
	for _, tc := range []struct {
		body       string
		status     int
		min, limit int
	}{
		{`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}`, http.StatusOK, 1_000_000, 1 << 20},
		{`{"jsonrpc":"2.0","id":"a","method":"tools/list"}`, http.StatusOK, 1_000_000, 1 << 20},
		{`{"jsonrpc":"2.0","method":"notifications/initialized"}`, http.StatusAccepted, 0, 0},
		{`not json`, http.StatusAccepted, 0, 0},
	} {
		w := httptest.NewRecorder()
		Handler(Huge).ServeHTTP(w, httptest.NewRequest(http.MethodPost, "/mcp", strings.NewReader(tc.body)))
		b, _ := io.ReadAll(w.Body)
		if w.Code != tc.status || len(b) < tc.min || len(b) > tc.limit {
			t.Errorf("%s: %d, %d bytes; want %d, %d to %d bytes", tc.body, w.Code, len(b), tc.status, tc.min, tc.limit)
		}
		if tc.status == http.StatusOK && (w.Header().Get("Mcp-Session-Id") != "s" || !strings.HasSuffix(string(b), `{"name":"y"}]}}`)) {
			t.Errorf("%s: session %q, reply ends %q", tc.body, w.Header().Get("Mcp-Session-Id"), b[max(len(b)-20, 0):])
		}
	}
}
