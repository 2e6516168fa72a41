package web

import (
	"bytes"
	"context"
	"net/http"

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

// renderBytes renders a component outside a request (pre-rendered pages).
func renderBytes(comp templ.Component) ([]byte, error) {
	var buf bytes.Buffer
	if err := comp.Render(context.Background(), &buf); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
