package web

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/web/pagevm"
	"github.com/mcpplayground/playground/web/view"
)

// progressShow is the learner's progress page. Visiting it creates no
// learner: without one it shows an empty course and the resume form.
func (s *Server) progressShow(c *gin.Context) error {
	l := langOf(c)
	x := i18n.ExerciseFor(l)
	vm, err := s.progressVM(c, l)
	if err != nil {
		return err
	}
	switch c.Query("done") {
	case "name":
		vm.Notice = x.NameSaved
	case "resume":
		vm.Notice = x.ResumeDone
	}
	s.renderProgress(c, http.StatusOK, l, vm)
	return nil
}

// progressVM builds the progress page: one bar per lesson.
func (s *Server) progressVM(c *gin.Context, l i18n.Lang) (view.ProgressVM, error) {
	x := i18n.ExerciseFor(l)
	rec, err := s.progressOf(c)
	if err != nil {
		return view.ProgressVM{}, err
	}
	learner, ok, prog := rec.learner, rec.found, rec.progress
	vm := view.ProgressVM{
		X: x, A: i18n.AssignmentsFor(l), HasLearner: ok, DisplayName: learner.DisplayName, ResumeCode: learner.ResumeCode,
		Empty:     len(prog.Exercises) == 0 && len(prog.LessonsRead) == 0,
		ResumeURL: "/" + string(l) + "/progress/resume",
		NameURL:   "/" + string(l) + "/progress/name",
		JSONURL:   "/api/progress?lang=" + string(l),
	}
	cat := s.content.Catalog()
	if !vm.Empty {
		vm.Totals = pagevm.TotalsText(l, cat, prog)
	}
	if vm.Review, err = s.reviewLink(c, l, learner.ID, ok); err != nil {
		return vm, err
	}
	if ok {
		if vm.Dues, err = s.duesOf(c, l, learner.ID, prog); err != nil {
			return vm, err
		}
	}
	vm.Lessons = pagevm.ProgressLessons(l, cat, prog)
	return vm, nil
}

func (s *Server) renderProgress(c *gin.Context, status int, l i18n.Lang, vm view.ProgressVM) {
	c.Header("Cache-Control", "no-store")
	s.render(c, status, view.Progress(s.frame(c, l, vm.X.ProgressTitle, "progress"), vm))
}
