package web

import (
	"context"
	"fmt"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/internal/review"
	"github.com/mcpplayground/playground/internal/store"
	"github.com/mcpplayground/playground/web/pagevm"
	"github.com/mcpplayground/playground/web/view"
)

// reviewLink is "Review (3)" when the learner has exercises due, else nil.
func (s *Server) reviewLink(c *gin.Context, l i18n.Lang, learnerID int64, ok bool) (*view.NavLink, error) {
	if !ok {
		return nil, nil
	}
	due, err := s.store.DueReviews(c.Request.Context(), learnerID, s.now())
	if err != nil || len(due) == 0 {
		return nil, err
	}
	return &view.NavLink{URL: pagevm.ReviewURL(l), Title: fmt.Sprintf(i18n.PathFor(l).ReviewLink, len(due))}, nil
}

// reviewShow lists the exercises due for review, with what tripped the
// learner on each, in words; then those coming back later, with when.
func (s *Server) reviewShow(c *gin.Context) error {
	l := langOf(c)
	var cards []store.ReviewCard
	learner, ok, err := s.currentLearner(c)
	if err != nil {
		return err
	}
	if ok {
		if cards, err = s.store.Reviews(c.Request.Context(), learner.ID); err != nil {
			return err
		}
	}
	vm := s.codeTitles.Review(s.content.Catalog(), l, cards, s.now())
	c.Header("Cache-Control", "no-store")
	s.render(c, http.StatusOK, view.Review(s.frame(c, l, vm.P.ReviewTitle, "progress"), vm))
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
