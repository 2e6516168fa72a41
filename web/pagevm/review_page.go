package pagevm

import (
	"fmt"
	"time"

	"github.com/mcpplayground/playground/internal/course"
	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/internal/review"
	"github.com/mcpplayground/playground/internal/store"
	"github.com/mcpplayground/playground/web/view"
)

// ReviewURL is the learner's review page.
func ReviewURL(l i18n.Lang) string { return fmt.Sprintf("/%s/review", l) }

// ReviewExerciseURL opens an exercise as a review: from the starter, the
// hints folded, the solution hidden.
func ReviewExerciseURL(l i18n.Lang, id string) string { return ExerciseURL(l, id) + "?review=1" }

// Review lists the exercises due for review at now, with what tripped the
// learner on each, in words; then those coming back later, with when.
// A card of an exercise removed from the course is left out.
func (codes Codes) Review(cat *course.Catalog, l i18n.Lang, cards []store.ReviewCard, now time.Time) view.ReviewVM {
	p := i18n.PathFor(l)
	vm := view.ReviewVM{P: p}
	for _, card := range cards {
		ex, found := cat.Exercise(card.ExerciseID)
		if !found {
			continue // an exercise removed from the course
		}
		it := view.ReviewItemVM{
			Exercise: view.NavLink{URL: ReviewExerciseURL(l, ex.ID), Title: ex.TextIn(l).Title},
			Box:      fmt.Sprintf(p.ReviewBox, card.Box, review.Boxes),
			Reasons:  codes.trippedReasons(l, ex, card.Codes),
		}
		if card.IsDue(now) {
			vm.Items = append(vm.Items, it)
			continue
		}
		it.When = fmt.Sprintf(p.ReviewWhen, whenBack(l, card.Card, now))
		vm.Later = append(vm.Later, it)
	}
	return vm
}
