package web

import (
	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/internal/store"
	"github.com/mcpplayground/playground/web/view"
)

// duesOf is what is due for a learner, the soonest first: each
// assignment with the learner's own due time, how many of its exercises
// they passed, and whether it is past due with some left.
func (s *Server) duesOf(c *gin.Context, l i18n.Lang, learnerID int64, prog store.Progress) ([]view.DueItem, error) {
	dues, err := s.store.DuesFor(c.Request.Context(), learnerID)
	if err != nil {
		return nil, err
	}
	t := i18n.AssignmentsFor(l)
	now := s.now()
	out := make([]view.DueItem, 0, len(dues))
	for _, d := range dues {
		passed := 0
		for _, id := range d.Exercises {
			if prog.Exercises[id].Status == store.StatusPassed {
				passed++
			}
		}
		out = append(out, view.DueItem{
			Title: d.Title, Due: i18n.Sprintf(l, t.DueOn, showDue(d.Due)), Extended: d.Extended,
			Passed: i18n.Sprintf(l, t.DuePassed, passed, len(d.Exercises)),
			Late:   now.After(d.Due) && passed < len(d.Exercises),
		})
	}
	return out, nil
}
