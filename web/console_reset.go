package web

import (
	"net/http"

	"github.com/gin-gonic/gin"
)

// consoleResetAPI answers POST /api/console/reset: the learner's session
// ends (what is in flight is cancelled) and a new one starts with an empty
// timeline; the page's event stream gets "event: reset".
func (s *Server) consoleResetAPI(c *gin.Context) error {
	if err := s.consoleReset(c); err != nil {
		return err
	}
	c.JSON(http.StatusOK, gin.H{"reset": true})
	return nil
}

// consoleResetForm is the same from the page's form without JavaScript.
func (s *Server) consoleResetForm(c *gin.Context) error {
	if err := s.consoleReset(c); err != nil {
		return err
	}
	c.Redirect(http.StatusSeeOther, newConsoleURLs(langOf(c), c.Query("exercise")).with("")+"#timeline")
	return nil
}

// consoleReset resets the learner's session, if there is one.
func (s *Server) consoleReset(c *gin.Context) error {
	learner, ok, err := s.currentLearner(c)
	if err != nil || !ok {
		return err
	}
	if e, ok := s.consoles.peek(learner.ID); ok {
		e.c.Reset()
		e.setDraft("")
	}
	return nil
}
