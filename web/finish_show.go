package web

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/web/pagevm"
	"github.com/mcpplayground/playground/web/view"
)

// finishShow is the course's last page: what the learner can now do and
// what to try next. Lesson 10 and the last exercise lead here.
func (s *Server) finishShow(c *gin.Context) error {
	l := langOf(c)
	cat := s.content.Catalog()
	rec, err := s.progressOf(c)
	if err != nil {
		return err
	}
	vm := pagevm.Finish(l, cat, rec.found, rec.progress)
	f := s.frame(c, l, vm.P.FinishTitle, "course")
	if vm.LastLesson != nil {
		f.PrevURL = vm.LastLesson.URL
	}
	c.Header("Cache-Control", "no-store")
	s.render(c, http.StatusOK, view.Finish(f, vm))
	return nil
}
