package web

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/web/pagevm"
	"github.com/mcpplayground/playground/web/view"
)

// homeShow is the course page: the lessons in order.
func (s *Server) homeShow(c *gin.Context) error {
	l := langOf(c)
	cat := s.content.Catalog()
	rec, err := s.progressOf(c)
	if err != nil {
		return err
	}
	vm := pagevm.Home(l, cat, rec.progress)
	if vm.Review, err = s.reviewLink(c, l, rec.learner.ID, rec.found); err != nil {
		return err
	}
	c.Header("Cache-Control", "no-store")
	f := s.frame(c, l, vm.Title, "course")
	f.Description = f.T.Tagline
	s.render(c, http.StatusOK, view.Home(f, vm))
	return nil
}
