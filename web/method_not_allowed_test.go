package web

import (
	"net/http"
	"testing"
)

// A known address asked with the wrong method is 405 with Allow; an
// unknown one stays 404.
func TestMethodNotAllowed(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t, Config{})
	for _, tt := range []struct {
		method, target string
		status         int
		allow          string
	}{
		{"PUT", "/api/validate", http.StatusMethodNotAllowed, "POST"},
		{"DELETE", "/en/lessons/requests", http.StatusMethodNotAllowed, "GET, HEAD"},
		{"PATCH", "/mcp", http.StatusMethodNotAllowed, ""},
		{"POST", "/healthz", http.StatusMethodNotAllowed, "GET, HEAD"},
		{"PUT", "/en/no-such-page", http.StatusNotFound, ""},
	} {
		rec := e.do(t, tt.method, tt.target, nil)
		if rec.Code != tt.status || (tt.allow != "" && rec.Header().Get("Allow") != tt.allow) {
			t.Errorf("%s %s = %d, Allow %q; want %d, Allow %q", tt.method, tt.target, rec.Code, rec.Header().Get("Allow"), tt.status, tt.allow)
		}
		if tt.status == http.StatusMethodNotAllowed && rec.Header().Get("Allow") == "" {
			t.Errorf("%s %s: 405 without Allow", tt.method, tt.target)
		}
	}
}
