package web

import (
	"bytes"
	"errors"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/gin-gonic/gin"
)

// TestLogLevels: a failure of ours is one ERROR line; a peer's failure or
// a bound reached (502 from a learner's server, a 503) is a WARN, never an
// ERROR.
func TestLogLevels(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name      string
		err       error
		status    int
		wantError int
	}{
		{"our fault", errors.New("disk on fire"), 0, 1},
		{"learner's server unreachable", &httpError{status: http.StatusBadGateway, msg: "nothing answered"}, 0, 0},
		{"a bound reached", &httpError{status: http.StatusServiceUnavailable, msg: "busy"}, 0, 0},
		{"a 503 written by a handler (/mcp)", nil, http.StatusServiceUnavailable, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var logs bytes.Buffer
			e := newTestEnv(t, Config{Logger: slog.New(slog.NewTextHandler(&logs, nil))})
			r := gin.New()
			r.Use(e.srv.logRequests)
			r.GET("/x", func(c *gin.Context) {
				if tc.err != nil {
					e.srv.renderError(c, tc.err)
					return
				}
				c.Status(tc.status)
			})
			r.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("GET", "/x", nil))
			if n := strings.Count(logs.String(), "level=ERROR"); n != tc.wantError {
				t.Errorf("%d ERROR lines, want %d:\n%s", n, tc.wantError, logs.String())
			}
			if tc.wantError == 0 && !strings.Contains(logs.String(), "level=WARN") {
				t.Errorf("no WARN line:\n%s", logs.String())
			}
		})
	}
}
