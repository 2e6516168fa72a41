package web

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/web/pagevm"
	"github.com/mcpplayground/playground/web/view"
)

// exerciseList shows every exercise grouped by lesson, with the learner's
// status on each.
func (s *Server) exerciseList(c *gin.Context) error {
	l := langOf(c)
	cat := s.content.Catalog()
	rec, err := s.progressOf(c)
	if err != nil {
		return err
	}
	vm := pagevm.ExerciseList(l, cat, rec.progress)
	c.Header("Cache-Control", "no-store")
	s.render(c, http.StatusOK, view.ExerciseList(s.frame(c, l, vm.X.ListTitle, "exercises"), vm))
	return nil
}
