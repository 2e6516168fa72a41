package web

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/web/pagevm"
	"github.com/mcpplayground/playground/web/view"
)

// finishShow is the course's last page: what the learner can now do and
// what to try next. Lesson 10 and the last exercise lead here.
func (s *Server) finishShow(c *gin.Context) error {
	l := langOf(c)
	p := i18n.PathFor(l)
	cat := s.content.Catalog()
	rec, err := s.progressOf(c)
	if err != nil {
		return err
	}
	ok, prog := rec.found, rec.progress
	vm := view.FinishVM{
		P: p, CourseURL: "/" + string(l) + "/", ProgressURL: "/" + string(l) + "/progress",
		ConsoleURL: "/" + string(l) + "/console", RulesURL: pagevm.RulesURL(l, ""),
		ExplainURL: "/" + string(l) + "/explain", CheckServerURL: "/" + string(l) + "/check-server",
	}
	if ok {
		n := pagevm.CourseTotals(cat, l, prog)
		vm.Passed = i18n.Sprintf(l, p.FinishAll, n.Passed, n.Exercises)
	}
	if ls := cat.Lessons(l); len(ls) > 0 {
		last := ls[len(ls)-1]
		vm.LastLesson = &view.NavLink{URL: pagevm.LessonURL(l, last.Slug), Title: last.Title}
	}
	f := s.frame(c, l, p.FinishTitle, "course")
	if vm.LastLesson != nil {
		f.PrevURL = vm.LastLesson.URL
	}
	c.Header("Cache-Control", "no-store")
	s.render(c, http.StatusOK, view.Finish(f, vm))
	return nil
}
