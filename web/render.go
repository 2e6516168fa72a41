package web

import (
	"bytes"
	"context"
	"net/http"
	"strings"

	"github.com/a-h/templ"
	"github.com/gin-gonic/gin"
)

// render writes a templ component with status. It renders into a buffer
// first so a failure half-way never sends half a page with a 200.
func (s *Server) render(c *gin.Context, status int, comp templ.Component) {
	var buf bytes.Buffer
	if err := comp.Render(c.Request.Context(), &buf); err != nil {
		s.log.Error("render page", "path", c.Request.URL.Path, "err", err)
		c.Data(http.StatusInternalServerError, "text/plain; charset=utf-8", []byte("internal error\n"))
		return
	}
	c.Data(status, "text/html; charset=utf-8", buf.Bytes())
}

// renderString renders a component on its own: fragments of JSON answers,
// and the pre-rendered lesson pages.
func renderString(ctx context.Context, comp templ.Component) (string, error) {
	var b strings.Builder
	if err := comp.Render(ctx, &b); err != nil {
		return "", err
	}
	return b.String(), nil
}
