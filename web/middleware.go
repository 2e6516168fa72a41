package web

import (
	"errors"
	"log/slog"
	"net/http"
	"runtime/debug"
	"strings"
	"time"

	"github.com/gin-gonic/gin"
)

// contentSecurityPolicy allows nothing inline: every script and stylesheet is
// an embedded file served from our own origin.
const contentSecurityPolicy = "default-src 'self'; script-src 'self'; style-src 'self'; " +
	"img-src 'self' data:; font-src 'self'; connect-src 'self'; object-src 'none'; " +
	"base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

// securityHeaderValues are set on every response: frame-ancestors in the CSP
// replaces X-Frame-Options in every browser we support, and keeping the
// header map within one hash group (8 entries with the page's own headers)
// avoids a map growth per request. The slices are shared
// between responses (each has capacity 1, so an Add on one response copies
// instead of writing into the shared array), which saves six allocations per
// request on the hottest path.
var securityHeaderValues = map[string][]string{
	"Content-Security-Policy":    {contentSecurityPolicy},
	"X-Content-Type-Options":     {"nosniff"},
	"Referrer-Policy":            {"same-origin"},
	"Cross-Origin-Opener-Policy": {"same-origin"},
}

func securityHeaders(c *gin.Context) {
	h := c.Writer.Header()
	for k, v := range securityHeaderValues {
		h[k] = v
	}
	c.Next()
}

// crossOrigin rejects state-changing requests that a browser sends from
// another site (Sec-Fetch-Site / Origin checks, Go's CrossOriginProtection).
// Requests without those headers (curl, MCP clients) pass: they carry no
// ambient browser credentials to abuse.
// crossSiteByDesign are the routes another site posts to on purpose: the
// LMS's OIDC login and its launch form post, each checked on its own terms
// (lti_*.go).
var crossSiteByDesign = []string{"POST /lti/login", "POST /lti/launch"}

func crossOrigin() gin.HandlerFunc {
	cop := http.NewCrossOriginProtection()
	for _, p := range crossSiteByDesign {
		cop.AddInsecureBypassPattern(p)
	}
	return func(c *gin.Context) {
		if err := cop.Check(c.Request); err != nil {
			c.Header("Content-Type", "text/plain; charset=utf-8")
			c.AbortWithStatus(http.StatusForbidden)
			_, _ = c.Writer.WriteString("cross-origin request refused\n")
			return
		}
		c.Next()
	}
}

// limitBody caps every request body; handlers that read past the cap get an
// error they turn into 413.
func limitBody(n int64) gin.HandlerFunc {
	return func(c *gin.Context) {
		if c.Request.Body != nil && c.Request.Body != http.NoBody && c.Request.ContentLength != 0 {
			c.Set(ctxUnlimitedBody, c.Request.Body) // a route with its own, larger bound (explain_body.go)
			c.Request.Body = http.MaxBytesReader(c.Writer, c.Request.Body, n)
		}
		c.Next()
	}
}

// isBodyTooLarge reports whether err came from limitBody.
func isBodyTooLarge(err error) bool {
	var mbe *http.MaxBytesError
	return errors.As(err, &mbe)
}

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
