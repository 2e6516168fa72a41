package pagevm

import (
	"fmt"
	"time"

	"github.com/mcpplayground/playground/internal/course"
	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/internal/store"
	"github.com/mcpplayground/playground/web/view"
)

// The learner's way through the course: the course in order as one list
// of steps (a lesson, then its exercises), where to continue, and the
// totals of the whole course.

// Step is one lesson or exercise of the course, in order.
type Step struct {
	link view.NavLink
	done bool
	at   time.Time // the learner's last activity on it (zero if none)
}

// courseSteps lists the course in order, each step with the learner's
// progress on it.
func courseSteps(l i18n.Lang, cat *course.Catalog, prog store.Progress) []Step {
	p := i18n.PathFor(l)
	var steps []Step
	for _, lesson := range cat.Lessons(l) {
		read, ok := prog.LessonsRead[lesson.Slug]
		steps = append(steps, Step{
			link: view.NavLink{URL: LessonURL(l, lesson.Slug), Title: fmt.Sprintf(p.ContinueLesson, lesson.Order, lesson.Title)},
			done: ok, at: read,
		})
		for _, ex := range cat.ExercisesFor(lesson.Slug) {
			ep := prog.Exercises[ex.ID]
			steps = append(steps, Step{
				link: view.NavLink{URL: ExerciseURL(l, ex.ID), Title: fmt.Sprintf(p.ContinueExercise, ex.TextIn(l).Title)},
				done: ep.Status == store.StatusPassed, at: ep.UpdatedAt,
			})
		}
	}
	return steps
}

// continueLink is where the learner left off: the step last worked on if
// it is not done, else the first step after it that is not done (else the
// first one anywhere), else the last page. nil before any activity.
func continueLink(l i18n.Lang, steps []Step) *view.NavLink {
	last := -1
	for i, st := range steps {
		if !st.at.IsZero() && (last < 0 || st.at.After(steps[last].at)) {
			last = i
		}
	}
	if last < 0 {
		return nil
	}
	for i := range steps {
		st := steps[(last+i)%len(steps)]
		if !st.done {
			return &st.link
		}
	}
	return &view.NavLink{URL: FinishURL(l), Title: i18n.PathFor(l).ContinueFinish}
}

// CourseCounts is how far a learner is through the course.
type CourseCounts struct {
	Read, Lessons     int // lessons read, of all lessons
	Passed, Exercises int // exercises passed, of all exercises
}

// courseTotals counts the lessons read and exercises passed of the course.
func courseTotals(cat *course.Catalog, l i18n.Lang, prog store.Progress) CourseCounts {
	var n CourseCounts
	for _, lesson := range cat.Lessons(l) {
		n.Lessons++
		if _, ok := prog.LessonsRead[lesson.Slug]; ok {
			n.Read++
		}
	}
	for _, ex := range cat.Exercises() {
		n.Exercises++
		if prog.Exercises[ex.ID].Status == store.StatusPassed {
			n.Passed++
		}
	}
	return n
}

// TotalsText is the course's totals in words.
func TotalsText(l i18n.Lang, cat *course.Catalog, prog store.Progress) string {
	n := courseTotals(cat, l, prog)
	return i18n.Sprintf(l, i18n.PathFor(l).Totals, n.Read, n.Lessons, n.Passed, n.Exercises)
}
