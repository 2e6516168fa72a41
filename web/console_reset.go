package web

import (
	"net/http"

	"github.com/gin-gonic/gin"
)

// consoleReset is consoleResetAPI from the page's form without
// JavaScript.
func (s *Server) consoleReset(c *gin.Context) error {
	if err := s.resetLearnerConsole(c); err != nil {
		return err
	}
	c.Redirect(http.StatusSeeOther, newConsoleURLs(langOf(c), c.Query("exercise")).with("")+"#timeline")
	return nil
}
