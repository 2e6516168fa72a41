package web

import (
	"fmt"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/web/pagevm"
	"github.com/mcpplayground/playground/web/view"
)

// exerciseList shows every exercise grouped by lesson, with the learner's
// status on each.
func (s *Server) exerciseList(c *gin.Context) error {
	l := langOf(c)
	x := i18n.ExerciseFor(l)
	cat := s.content.Catalog()
	rec, err := s.progressOf(c)
	if err != nil {
		return err
	}
	prog := rec.progress
	vm := view.ExerciseListVM{X: x}
	for _, lesson := range cat.Lessons(l) {
		exs := cat.ExercisesFor(lesson.Slug)
		if len(exs) == 0 {
			continue
		}
		_, read := prog.LessonsRead[lesson.Slug]
		g := view.ExerciseGroup{
			Slug:      lesson.Slug,
			Heading:   fmt.Sprintf(x.LessonHeading, lesson.Order, lesson.Title),
			LessonURL: pagevm.LessonURL(l, lesson.Slug),
			Read:      read,
		}
		for _, ex := range exs {
			g.Exercises = append(g.Exercises, pagevm.ExerciseItem(l, x, ex, prog.Exercises[ex.ID]))
		}
		vm.Groups = append(vm.Groups, g)
	}
	c.Header("Cache-Control", "no-store")
	s.render(c, http.StatusOK, view.ExerciseList(s.frame(c, l, x.ListTitle, "exercises"), vm))
	return nil
}
