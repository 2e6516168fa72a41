package pagevm

import (
	"fmt"
	"html"
	"html/template"

	"github.com/mcpplayground/playground/internal/course"
	"github.com/mcpplayground/playground/internal/exercise"
	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/internal/store"
	"github.com/mcpplayground/playground/web/view"
)

// InstructorExercise is an exercise for its instructor, read-only: the
// statement, starter, accepted answers, hints and checks in words, and
// what the room found hard (sums, the room's summaries by exercise).
func (codes Codes) InstructorExercise(cat *course.Catalog, l i18n.Lang, ex *exercise.Exercise, sums []store.ExerciseSummary) view.InstructorExerciseVM {
	t, in := i18n.InstructorFor(l), i18n.InsightFor(l)
	text := ex.TextIn(l)
	lesson := ex.Lesson
	if p, ok := cat.Lesson(l, ex.Lesson); ok {
		lesson = p.Lesson.Title
	}
	vm := view.InstructorExerciseVM{
		T: t, I: in, Title: fmt.Sprintf(in.ViewTitle, text.Title),
		Facts:     fmt.Sprintf(in.ViewFacts, lesson, ex.Kind, ex.Protocol, ex.Version()),
		Statement: text.Statement, Request: ex.Request, Messages: ex.Messages, Starter: ex.Starter,
		Solutions: ex.Solutions, Hints: text.Hints,
		LearnURL: ExerciseURL(l, ex.ID), BackURL: "/instructor",
	}
	vm.Checks = checkLines(l, in, ex)
	for _, sum := range sums {
		if sum.ExerciseID == ex.ID {
			vm.Problems = codes.DashExercise(cat, l, Column{ID: ex.ID}, sum).Problems
			vm.Room = i18n.Sprintf(l, in.ViewRoomSummary, sum.Attempted, sum.Passed)
		}
	}
	if vm.Room == "" {
		vm.Room = i18n.Sprintf(l, in.ViewRoomSummary, 0, 0)
	}
	return vm
}

// checkLines says each check (or server step) of ex in words: the
// author's feedback, else what the check looks at.
func checkLines(l i18n.Lang, in *i18n.InsightUI, ex *exercise.Exercise) []view.CheckLine {
	var out []view.CheckLine
	for _, c := range ex.Checks {
		text := checkLookedAt(in, ex, c.ID)
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
