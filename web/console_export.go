package web

import (
	"bytes"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/web/pagevm"
)

// consoleExport answers GET /api/console/export.jsonl: the learner's whole
// exchange as JSON Lines, one message a line with its number, its sender
// ("client" or "server"), its direction in the page's words ("client →
// server", as the timeline says it; ?lang=) and time
// (exchange.WriteJSONLinesWith), to keep or to paste elsewhere.
func (s *Server) consoleExport(c *gin.Context) error {
	var body bytes.Buffer
	if e, ok, err := s.learnerConsole(c); err != nil {
		return err
	} else if ok {
		x := i18n.ConsoleFor(apiLang(c))
		if err := e.Exchange().WriteJSONLinesWith(&body, func(from string) string { return pagevm.DirectionWord(x, from) }); err != nil {
			return err
		}
	}
	c.Header("Cache-Control", "no-store")
	c.Header("Content-Disposition", `attachment; filename="console-session.jsonl"`)
	c.Data(http.StatusOK, "application/jsonl; charset=utf-8", body.Bytes())
	return nil
}
