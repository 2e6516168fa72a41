package web

import (
	"net/http"
	"strconv"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/console"
	"github.com/mcpplayground/playground/internal/i18n"
)

// consoleTemplateAPI answers GET /api/console/templates/{key}?reply=SEQ
// with {"text": "…"}: a template filled in for the learner's session (the
// next free id, the request in flight to cancel), or, for key "reply" or
// with ?reply=, the response to the server's waiting request with its id.
func (s *Server) consoleTemplateAPI(c *gin.Context) error {
	l := apiLang(c)
	e, _, err := s.learnerConsole(c) // nil: no session yet, the templates start one
	if err != nil {
		return err
	}
	ex, _ := s.consoleExercise(c, l)
	replySeq, _ := strconv.Atoi(c.Query("reply"))
	text, found := console.TemplateText(e, c.Param("key"), replySeq, exerciseRevision(ex))
	if !found {
		msg := "no such template"
		if c.Param("key") == console.ReplyKey || replySeq > 0 {
			msg = i18n.ConsoleFor(l).ErrNoReply
		}
		return &httpError{status: http.StatusNotFound, msg: msg}
	}
	c.Header("Cache-Control", "no-store")
	c.JSON(http.StatusOK, gin.H{"text": text})
	return nil
}
