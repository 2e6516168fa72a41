package web

import (
	"net/http"

	"github.com/gin-gonic/gin"
)

// consoleResetAPI answers POST /api/console/reset: the learner's session
// ends (what is in flight is cancelled) and a new one starts with an empty
// timeline; the page's event stream gets "event: reset".
func (s *Server) consoleResetAPI(c *gin.Context) error {
	if err := s.resetLearnerConsole(c); err != nil {
		return err
	}
	c.JSON(http.StatusOK, gin.H{"reset": true})
	return nil
}
