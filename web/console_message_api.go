package web

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/i18n"
)

// consoleMessageAPI answers POST /api/console/messages: the body is one
// raw message; the answer is {"events": [...], "protocol": "…", "next":
// "…"}, the events recorded while the server handled it (a slow request
// answers later, on the event stream) and the message the editor offers
// next, with the next free id.
func (s *Server) consoleMessageAPI(c *gin.Context) error {
	l := apiLang(c)
	x := i18n.ConsoleFor(l)
	raw, err := consoleBody(c, x)
	if err != nil {
		return err
	}
	e, events, err := s.consoleSend(c, l, raw)
	if err != nil {
		return err
	}
	out, err := s.eventsOut(c, l, e, events)
	if err != nil {
		return err
	}
	c.Header("Cache-Control", "no-store")
	c.JSON(http.StatusOK, gin.H{"events": out, "protocol": e.Protocol(), "next": e.Draft()})
	return nil
}
