package web

import (
	"net/http"

	"github.com/gin-gonic/gin"
)

// lessonShow serves a lesson page. Lessons are the same for every learner,
// so the whole page is rendered once per catalog and served from memory.
func (s *Server) lessonShow(c *gin.Context) error {
	p, ok := s.pages.lesson(langOf(c), c.Param("slug"))
	if !ok {
		return errNotFound
	}
	// The server canonicalised the request's header names: the map is
	// read directly, without Get's canonicalising of the name each time.
	if match := c.Request.Header["If-None-Match"]; len(match) > 0 && match[0] == p.etag {
		c.Status(http.StatusNotModified)
		return nil
	}
	// By name, as guard.SecurityHeaders sets its own: net/http sorts the
	// keys it ranges, with fewer moves when they come in order. A declared
	// length lets net/http send the page in one piece instead of chunked,
	// which is a fifth of the throughput on this path.
	h := c.Writer.Header()
	h["Cache-Control"] = noCache
	h["Content-Length"] = p.lengthHeader
	h["Content-Type"] = htmlContentType
	h["Etag"] = p.etagHeader
	c.Status(http.StatusOK)
	// A failed write is a client gone mid-page: nobody to answer, nothing
	// of ours to fix (render ignores it too).
	_, _ = c.Writer.Write(p.body)
	return nil
}

// Shared header values for pre-rendered pages (capacity 1: see
// securityHeaderValues).
var (
	noCache         = []string{"no-cache"}
	htmlContentType = []string{"text/html; charset=utf-8"}
)
