package web

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/console"
	"github.com/mcpplayground/playground/internal/exchange"
)

// consoleExchangeAPI answers GET /api/console/exchange: the session as the
// answer of a live exercise, {"exchange": [...]} (internal/exercise
// FORMAT.md), and "left_out", how many of the oldest messages were left out
// of a session too long to send whole.
func (s *Server) consoleExchangeAPI(c *gin.Context) error {
	var events []exchange.Event
	if e, ok, err := s.learnerConsole(c); err != nil {
		return err
	} else if ok {
		events = e.Events(0)
	}
	items, leftOut := console.Items(events, maxAnswerBytes)
	c.Header("Cache-Control", "no-store")
	c.JSON(http.StatusOK, gin.H{"exchange": items, "left_out": leftOut})
	return nil
}
