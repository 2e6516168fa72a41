package web

import (
	"context"
	"fmt"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/exercise"
	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/internal/review"
	"github.com/mcpplayground/playground/web/view"
)

func reviewURL(l i18n.Lang) string { return fmt.Sprintf("/%s/review", l) }

// reviewExerciseURL opens an exercise as a review: from the starter, the
// hints folded, the solution hidden (exerciseShow).
func reviewExerciseURL(l i18n.Lang, id string) string { return exerciseURL(l, id) + "?review=1" }

// reviewLink is "Review (3)" when the learner has exercises due, else nil.
func (s *Server) reviewLink(c *gin.Context, l i18n.Lang, learnerID int64, ok bool) (*view.NavLink, error) {
	if !ok {
		return nil, nil
	}
	due, err := s.store.DueReviews(c.Request.Context(), learnerID, s.now())
	if err != nil || len(due) == 0 {
		return nil, err
	}
	return &view.NavLink{URL: reviewURL(l), Title: fmt.Sprintf(i18n.PathFor(l).ReviewLink, len(due))}, nil
}

// reviewShow lists the exercises due for review, with what tripped the
// learner on each, in words; then those coming back later, with when.
func (s *Server) reviewShow(c *gin.Context) error {
	l := langOf(c)
	p := i18n.PathFor(l)
	vm := view.ReviewVM{P: p}
	learner, ok, err := s.currentLearner(c)
	if err != nil {
		return err
	}
	if ok {
		cards, err := s.store.Reviews(c.Request.Context(), learner.ID)
		if err != nil {
			return err
		}
		cat := s.content.Catalog()
		now := s.now()
		for _, card := range cards {
			ex, found := cat.Exercise(card.ExerciseID)
			if !found {
				continue // an exercise removed from the course
			}
			it := view.ReviewItemVM{
				Exercise: view.NavLink{URL: reviewExerciseURL(l, ex.ID), Title: ex.TextIn(l).Title},
				Box:      fmt.Sprintf(p.ReviewBox, card.Box, review.Boxes),
				Reasons:  s.trippedReasons(l, ex, card.Codes),
			}
			if card.IsDue(now) {
				vm.Items = append(vm.Items, it)
				continue
			}
			it.When = fmt.Sprintf(p.ReviewWhen, whenBack(l, card.Card, now))
			vm.Later = append(vm.Later, it)
		}
	}
	c.Header("Cache-Control", "no-store")
	s.render(c, http.StatusOK, view.Review(s.frame(c, l, p.ReviewTitle, "progress"), vm))
	return nil
}

// reviewCard is the learner's review card on an exercise, nil when the
// exercise is not in their reviews.
func (s *Server) reviewCard(ctx context.Context, learnerID int64, exerciseID string) (*review.Card, error) {
	card, ok, err := s.store.ReviewFor(ctx, learnerID, exerciseID)
	if err != nil || !ok {
		return nil, err
	}
	return &card.Card, nil
}

// reviewMode makes an exercise page a review: it says so and what tripped
// the learner, folds the hints, and keeps the answer's way back to the
// review (the form's and the script's URLs).
func (s *Server) reviewMode(vm *view.ExerciseVM, l i18n.Lang, ex *exercise.Exercise, st exerciseState) {
	p := i18n.PathFor(l)
	recall := map[string]string{exercise.AnswerText: p.ReviewRecall, exercise.AnswerChoices: p.ReviewRecallChoices}[ex.Kind.Answer().Fields]
	if recall == "" {
		recall = p.ReviewRecallElsewhere
	}
	vm.Review = &view.ExerciseReviewVM{Recall: recall, Label: p.ReviewCodes, HintsFolded: p.ReviewHintsFolded, HintsCount: p.ReviewHintsCount}
	if st.card != nil {
		vm.Review.Reasons = s.trippedReasons(l, ex, st.card.Codes)
		vm.Review.HintsLooked = st.card.LookedAgain()
	}
	vm.ActionURL += "?review=1"
	vm.APIURL += "&review=1"
	vm.HintURL += "?review=1"
	vm.HintAPIURL += "&review=1"
}
