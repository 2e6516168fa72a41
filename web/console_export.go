package web

import (
	"net/http"

	"github.com/gin-gonic/gin"
)

// consoleExport answers GET /api/console/export.jsonl: the learner's whole
// exchange as JSON Lines, one message a line with its number, direction
// and time (mockserver.Console.JSONLines), to keep or to paste elsewhere.
func (s *Server) consoleExport(c *gin.Context) error {
	var body []byte
	if e, ok, err := s.learnerConsole(c); err != nil {
		return err
	} else if ok {
		body = e.c.JSONLines()
	}
	c.Header("Cache-Control", "no-store")
	c.Header("Content-Disposition", `attachment; filename="console-session.jsonl"`)
	c.Data(http.StatusOK, "application/jsonl; charset=utf-8", body)
	return nil
}
