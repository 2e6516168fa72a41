package web

import (
	"fmt"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/internal/review"
	"github.com/mcpplayground/playground/web/view"
)

func reviewURL(l i18n.Lang) string { return fmt.Sprintf("/%s/review", l) }

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
// learner on each.
func (s *Server) reviewShow(c *gin.Context) error {
	l := langOf(c)
	p := i18n.PathFor(l)
	vm := view.ReviewVM{P: p}
	learner, ok, err := s.currentLearner(c)
	if err != nil {
		return err
	}
	if ok {
		due, err := s.store.DueReviews(c.Request.Context(), learner.ID, s.now())
		if err != nil {
			return err
		}
		cat := s.content.Catalog()
		for _, card := range due {
			ex, found := cat.Exercise(card.ExerciseID)
			if !found {
				continue // an exercise removed from the course
			}
			it := view.ReviewItemVM{
				Exercise: view.NavLink{URL: exerciseURL(l, ex.ID), Title: ex.TextIn(l).Title},
				Box:      fmt.Sprintf(p.ReviewBox, card.Box, review.Boxes),
			}
			for _, code := range card.Codes {
				it.Codes = append(it.Codes, view.NavLink{URL: s.ruleURL(l, code), Title: code})
			}
			vm.Items = append(vm.Items, it)
		}
	}
	c.Header("Cache-Control", "no-store")
	s.render(c, http.StatusOK, view.Review(s.frame(c, l, p.ReviewTitle, "progress"), vm))
	return nil
}
