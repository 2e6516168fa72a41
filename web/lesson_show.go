package web

import (
	"github.com/gin-gonic/gin"
)

// lessonShow serves a lesson page. Lessons are the same for every learner,
// so the whole page is rendered once per catalog and served from memory.
func (s *Server) lessonShow(c *gin.Context) error {
	p, ok := s.pages.lesson(langOf(c), c.Param("slug"))
	if !ok {
		return errNotFound
	}
	if match := c.GetHeader("If-None-Match"); match != "" && match == p.etag {
		c.Status(304)
		return nil
	}
	h := c.Writer.Header()
	h.Set("ETag", p.etag)
	h.Set("Cache-Control", "no-cache")
	c.Data(200, "text/html; charset=utf-8", p.body)
	return nil
}
