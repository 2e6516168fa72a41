package web

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/web/view"
)

// dashboardLive is the refreshing part of the dashboard, as an HTML
// fragment that instructor.js puts in place. It is rendered by the same
// escaping templates as the page, so names and codes stay text.
func (s *Server) dashboardLive(c *gin.Context) error {
	l := langOf(c)
	d, err := s.dashCache.get(c.Request.Context(), s.store, s.now(), dashboardCourse(c))
	if err != nil {
		return err
	}
	only, err := s.dashboardAssignment(c)
	if err != nil {
		return err
	}
	s.render(c, http.StatusOK, view.DashboardLive(s.dashboardLiveVM(l, d, anonMode(c), only.keep)))
	return nil
}
