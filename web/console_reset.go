package web

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/web/pagevm"
)

// consoleReset is consoleResetAPI from the page's form without
// JavaScript.
func (s *Server) consoleReset(c *gin.Context) error {
	if err := s.resetLearnerConsole(c); err != nil {
		return err
	}
	c.Redirect(http.StatusSeeOther, pagevm.NewConsoleURLs(langOf(c), c.Query("exercise")).With("")+"#timeline")
	return nil
}
