package pagevm

import (
	"fmt"

	"github.com/mcpplayground/playground/internal/course"
	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/internal/store"
	"github.com/mcpplayground/playground/web/view"
)

// ExerciseList is every exercise grouped by lesson, with the learner's
// status on each (prog); a lesson without exercises is left out.
func ExerciseList(l i18n.Lang, cat *course.Catalog, prog store.Progress) view.ExerciseListVM {
	x := i18n.ExerciseFor(l)
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
			LessonURL: LessonURL(l, lesson.Slug),
			Read:      read,
		}
		for _, ex := range exs {
			g.Exercises = append(g.Exercises, ExerciseItem(l, x, ex, prog.Exercises[ex.ID]))
		}
		vm.Groups = append(vm.Groups, g)
	}
	return vm
}

// Finish is the course's last page: what the learner can now do and what
// to try next, with the totals of a known learner's progress (prog).
func Finish(l i18n.Lang, cat *course.Catalog, known bool, prog store.Progress) view.FinishVM {
	p := i18n.PathFor(l)
	vm := view.FinishVM{
		P: p, CourseURL: "/" + string(l) + "/", ProgressURL: "/" + string(l) + "/progress",
		ConsoleURL: "/" + string(l) + "/console", RulesURL: RulesURL(l, ""),
		ExplainURL: "/" + string(l) + "/explain", CheckServerURL: "/" + string(l) + "/check-server",
	}
	if known {
		n := courseTotals(cat, l, prog)
		vm.Passed = i18n.Sprintf(l, p.FinishAll, n.Passed, n.Exercises)
	}
	if ls := cat.Lessons(l); len(ls) > 0 {
		last := ls[len(ls)-1]
		vm.LastLesson = &view.NavLink{URL: LessonURL(l, last.Slug), Title: last.Title}
	}
	return vm
}
