package web

import (
	"log/slog"
	"net/http"
	"runtime/debug"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/guard"
)

// crossSiteByDesign are the routes another site posts to on purpose: the
// LMS's OIDC login and its launch form post, each checked on its own terms
// (lti_*.go). guard.CrossOrigin refuses every other cross-site POST.
var crossSiteByDesign = []string{"POST /lti/login", "POST /lti/launch"}

// isBodyTooLarge reports whether err came from a body's bound
// (guard.LimitBody).
func isBodyTooLarge(err error) bool { return guard.IsBodyTooLarge(err) }

func (s *Server) recoverPanics(c *gin.Context) {
	defer func() {
		if v := recover(); v != nil {
			if v == http.ErrAbortHandler {
				panic(v)
			}
			s.log.Error("panic while serving", "path", c.Request.URL.Path, "panic", v, "stack", string(debug.Stack()))
			s.renderError(c, errInternal)
		}
	}()
	c.Next()
}

func (s *Server) logRequests(c *gin.Context) {
	start := time.Now()
	c.Next()
	if strings.HasPrefix(c.Request.URL.Path, "/static/") {
		return
	}
	// A failure of ours was logged where it happened (renderError, the
	// panic handler), with its cause; this line only says a request ended
	// badly, which a client's failure or a bound reached (a 503) does too.
	level := slog.LevelDebug
	if c.Writer.Status() >= 500 {
		level = slog.LevelWarn
	}
	if !s.log.Enabled(c.Request.Context(), level) {
		return
	}
	s.log.Log(c.Request.Context(), level, "request",
		"method", c.Request.Method, "path", c.Request.URL.Path,
		"status", c.Writer.Status(), "duration", time.Since(start))
}
