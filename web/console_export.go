package web

import (
	"bytes"
	"net/http"

	"github.com/mcpplayground/playground/internal/grader"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/i18n"
)

// directionWord is a sender's side in the timeline's words ("client →
// server"), "" when the sender is unknown.
func directionWord(x *i18n.ConsoleUI, from string) string {
	switch from {
	case grader.SenderClient:
		return x.FromLearner
	case grader.SenderServer:
		return x.FromServer
	}
	return ""
}

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
		if err := e.Exchange().WriteJSONLinesWith(&body, func(from string) string { return directionWord(x, from) }); err != nil {
			return err
		}
	}
	c.Header("Cache-Control", "no-store")
	c.Header("Content-Disposition", `attachment; filename="console-session.jsonl"`)
	c.Data(http.StatusOK, "application/jsonl; charset=utf-8", body.Bytes())
	return nil
}
