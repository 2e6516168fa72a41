package pagevm

import (
	"fmt"

	"github.com/mcpplayground/playground/internal/course"
	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/internal/store"
	"github.com/mcpplayground/playground/web/view"
)

// Home is the course page: the lessons in order with the learner's
// progress (prog), where to continue and the totals.
func Home(l i18n.Lang, cat *course.Catalog, prog store.Progress) view.HomeVM {
	vm := view.HomeVM{P: i18n.PathFor(l)}
	for _, lesson := range cat.Lessons(l) {
		card := view.LessonCard{
			Order:   lesson.Order,
			URL:     LessonURL(l, lesson.Slug),
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
		vm.Continue = continueLink(l, courseSteps(l, cat, prog))
		vm.Totals = TotalsText(l, cat, prog)
	}
	return vm
}

// courseIntro says what the course holds with the number of lessons the
// content has (the bundled course or an instructor's own).
func courseIntro(t *i18n.UI, lessons int) string {
	if lessons == 1 {
		return t.CourseIntro1
	}
	return fmt.Sprintf(t.CourseIntro, lessons)
}

// ProgressLessons are the progress page's bars: one per lesson, with its
// exercises and the learner's status on each.
func ProgressLessons(l i18n.Lang, cat *course.Catalog, prog store.Progress) []view.LessonProgress {
	x := i18n.ExerciseFor(l)
	var out []view.LessonProgress
	for _, lesson := range cat.Lessons(l) {
		_, read := prog.LessonsRead[lesson.Slug]
		lp := view.LessonProgress{Order: lesson.Order, Title: lesson.Title, URL: LessonURL(l, lesson.Slug), Read: read}
		for _, ex := range cat.ExercisesFor(lesson.Slug) {
			item := ExerciseItem(l, x, ex, prog.Exercises[ex.ID])
			lp.Total++
			if item.Status.Key == string(store.StatusPassed) {
				lp.Passed++
			}
			lp.Exercises = append(lp.Exercises, item)
		}
		out = append(out, lp)
	}
	return out
}
