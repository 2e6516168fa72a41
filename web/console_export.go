package web

import (
	"bytes"
	"net/http"

	"github.com/gin-gonic/gin"
)

// consoleExport answers GET /api/console/export.jsonl: the learner's whole
// exchange as JSON Lines, one message a line with its number, its sender
// ("client" or "server") and time (exchange.WriteJSONLines), to keep or to
// paste elsewhere.
func (s *Server) consoleExport(c *gin.Context) error {
	var body bytes.Buffer
	if e, ok, err := s.learnerConsole(c); err != nil {
		return err
	} else if ok {
		if err := e.Console.Exchange().WriteJSONLines(&body); err != nil {
			return err
		}
	}
	c.Header("Cache-Control", "no-store")
	c.Header("Content-Disposition", `attachment; filename="console-session.jsonl"`)
	c.Data(http.StatusOK, "application/jsonl; charset=utf-8", body.Bytes())
	return nil
}
