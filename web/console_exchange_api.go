package web

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/mockserver"
)

// consoleExchangeAPI answers GET /api/console/exchange: the session as the
// answer of a live exercise, {"exchange": [...]} (internal/exercise
// FORMAT.md), and "left_out", how many of the oldest messages were left out
// of a session too long to send whole.
func (s *Server) consoleExchangeAPI(c *gin.Context) error {
	var events []mockserver.Event
	if e, ok, err := s.learnerConsole(c); err != nil {
		return err
	} else if ok {
		events = e.c.Events(0)
	}
	exchange, leftOut := exchangeOf(events, maxAnswerBytes)
	c.Header("Cache-Control", "no-store")
	c.JSON(http.StatusOK, gin.H{"exchange": exchange, "left_out": leftOut})
	return nil
}
