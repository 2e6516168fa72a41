package web

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/web/pagevm"
)

// dashboardJSON is the dashboard's data for an instructor's script
// (Authorization: Bearer); ?anon=1 hides the names here too.
func (s *Server) dashboardJSON(c *gin.Context) error {
	l := langOf(c)
	anon := anonMode(c)
	d, err := s.dashCache.get(c.Request.Context(), s.store, s.now(), dashboardCourse(c))
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, pagevm.DashboardJSON(s.content.Catalog(), l, d, anon))
	return nil
}
