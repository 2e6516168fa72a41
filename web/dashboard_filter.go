package web

import (
	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/store"
	"github.com/mcpplayground/playground/web/view"
)

// dashboardOnly is the dashboard's ?assignment= filter: the assignment's
// id and exercises (keep is nil when the whole course is shown), and the
// filter's choices.
type dashboardOnly struct {
	id      string
	keep    map[string]bool
	options []view.FilterOption
}

// dashboardAssignment reads ?assignment=; an unknown one is a 404 that
// names it.
func (s *Server) dashboardAssignment(c *gin.Context) (dashboardOnly, error) {
	ctx := c.Request.Context()
	only := dashboardOnly{id: c.Query("assignment")}
	all, err := s.store.Assignments(ctx, dashboardCourse(c))
	if err != nil {
		return only, err
	}
	for _, a := range all {
		only.options = append(only.options, view.FilterOption{Value: a.ID, Label: a.Title, Selected: a.ID == only.id})
		if a.ID == only.id {
			only.keep = map[string]bool{}
			for _, ex := range a.Exercises {
				only.keep[ex] = true
			}
		}
	}
	if only.id != "" && only.keep == nil {
		return only, assignmentMissing(store.ErrNotFound, only.id)
	}
	return only, nil
}
