package web

import (
	"context"
	"fmt"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/internal/review"
	"github.com/mcpplayground/playground/web/pagevm"
	"github.com/mcpplayground/playground/web/view"
)

func reviewURL(l i18n.Lang) string { return fmt.Sprintf("/%s/review", l) }

// reviewExerciseURL opens an exercise as a review: from the starter, the
// hints folded, the solution hidden (exerciseShow).
func reviewExerciseURL(l i18n.Lang, id string) string { return pagevm.ExerciseURL(l, id) + "?review=1" }

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
				Reasons:  s.codeTitles.TrippedReasons(l, ex, card.Codes),
			}
			if card.IsDue(now) {
				vm.Items = append(vm.Items, it)
				continue
			}
			it.When = fmt.Sprintf(p.ReviewWhen, pagevm.WhenBack(l, card.Card, now))
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
