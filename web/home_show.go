package web

import (
	"fmt"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/internal/store"
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
	prog := rec.progress
	vm := view.HomeVM{P: i18n.PathFor(l)}
	for _, lesson := range cat.Lessons(l) {
		card := view.LessonCard{
			Order:   lesson.Order,
			URL:     pagevm.LessonURL(l, lesson.Slug),
			Title:   lesson.Title,
			Summary: lesson.Summary,
		}
		_, card.Read = prog.LessonsRead[lesson.Slug]
		for _, ex := range cat.ExercisesFor(lesson.Slug) {
			card.ExercisesTotal++
			if prog.Exercises[ex.ID].Status == store.StatusPassed {
				card.ExercisesPassed++
			}
		}
		vm.Lessons = append(vm.Lessons, card)
	}
	vm.Title, vm.Intro = i18n.UIFor(l).CourseTitle, courseIntro(i18n.UIFor(l), len(vm.Lessons))
	if t := cat.Title(l); t != "" {
		vm.Title = t
	}
	if intro := cat.Intro(l); intro != "" {
		vm.Intro = intro
	}
	if len(prog.Exercises)+len(prog.LessonsRead) > 0 {
		vm.Continue = pagevm.ContinueLink(l, pagevm.CourseSteps(l, cat, prog))
		vm.Totals = pagevm.TotalsText(l, cat, prog)
	}
	if vm.Review, err = s.reviewLink(c, l, rec.learner.ID, rec.found); err != nil {
		return err
	}
	c.Header("Cache-Control", "no-store")
	f := s.frame(c, l, vm.Title, "course")
	f.Description = f.T.Tagline
	s.render(c, http.StatusOK, view.Home(f, vm))
	return nil
}

// courseIntro says what the course holds with the number of lessons the
// content has (the bundled course or an instructor's own).
func courseIntro(t *i18n.UI, lessons int) string {
	if lessons == 1 {
		return t.CourseIntro1
	}
	return fmt.Sprintf(t.CourseIntro, lessons)
}
