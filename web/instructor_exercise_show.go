package web

import (
	"fmt"
	"html"
	"html/template"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/exercise"
	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/web/pagevm"
	"github.com/mcpplayground/playground/web/view"
)

// instructorExerciseShow is an exercise for its instructor, read-only:
// the statement, starter, accepted answers, hints and checks in words,
// and what the room found hard. The dashboard's and the gradebook's
// exercise links open it: the learner's page would send an instructor
// without a learner cookie to the join form.
func (s *Server) instructorExerciseShow(c *gin.Context) error {
	l := langOf(c)
	t, in := i18n.InstructorFor(l), i18n.InsightFor(l)
	ex, ok := s.content.Catalog().Exercise(c.Param("id"))
	if !ok {
		return &httpError{status: http.StatusNotFound, msg: i18n.ExerciseFor(l).ErrUnknownExercise}
	}
	text := ex.TextIn(l)
	lesson := ex.Lesson
	if p, ok := s.content.Catalog().Lesson(l, ex.Lesson); ok {
		lesson = p.Lesson.Title
	}
	vm := view.InstructorExerciseVM{
		T: t, I: in, Title: fmt.Sprintf(in.ViewTitle, text.Title),
		Facts:     fmt.Sprintf(in.ViewFacts, lesson, ex.Kind, ex.Protocol, ex.Version()),
		Statement: text.Statement, Request: ex.Request, Messages: ex.Messages, Starter: ex.Starter,
		Solutions: ex.Solutions, Hints: text.Hints,
		LearnURL: pagevm.ExerciseURL(l, ex.ID), BackURL: "/instructor",
	}
	vm.Checks = s.checkLines(l, in, ex)
	d, err := s.dashCache.get(c.Request.Context(), s.store, s.now(), dashboardCourse(c))
	if err != nil {
		return err
	}
	for _, sum := range d.Exercises {
		if sum.ExerciseID == ex.ID {
			vm.Problems = s.codeTitles.DashExercise(s.content.Catalog(), l, pagevm.Column{ID: ex.ID}, sum).Problems
			vm.Room = i18n.Sprintf(l, in.ViewRoomSummary, sum.Attempted, sum.Passed)
		}
	}
	if vm.Room == "" {
		vm.Room = i18n.Sprintf(l, in.ViewRoomSummary, 0, 0)
	}
	c.Header("Cache-Control", "no-store")
	s.render(c, http.StatusOK, view.InstructorExercise(s.instructorFrame(c, l, vm.Title), vm))
	return nil
}

// checkLines says each check (or server step) of ex in words: the
// author's feedback, else what the check looks at.
func (s *Server) checkLines(l i18n.Lang, in *i18n.InsightUI, ex *exercise.Exercise) []view.CheckLine {
	var out []view.CheckLine
	for _, c := range ex.Checks {
		text := pagevm.CheckLookedAt(in, ex, c.ID)
		if fb := c.Feedback(l); fb != "" {
			text = exercise.InlineHTML(fb)
		}
		out = append(out, view.CheckLine{ID: c.ID, Text: text})
	}
	for _, st := range ex.Steps {
		out = append(out, view.CheckLine{ID: "step." + st.Name, Text: template.HTML(html.EscapeString(st.Title(l)))})
	}
	return out
}
