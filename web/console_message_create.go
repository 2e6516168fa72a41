package web

import (
	"fmt"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/web/pagevm"
)

// consoleMessageCreate is the console's form without JavaScript: "Send" sends
// and shows the page again at the new messages; "Check" shows the report on
// the message without sending it; the handshake sends initialize and
// notifications/initialized.
func (s *Server) consoleMessageCreate(c *gin.Context) error {
	l := langOf(c)
	x := i18n.ConsoleFor(l)
	if err := c.Request.ParseForm(); err != nil {
		he := &httpError{status: http.StatusBadRequest, msg: x.ErrNotText}
		if isBodyTooLarge(err) {
			he = consoleTooLarge(x)
		}
		return s.renderConsole(c, he.status, consolePage{formErr: he.msg})
	}
	urls := pagevm.NewConsoleURLs(l, c.Query("exercise"))
	if c.PostForm("action") == "handshake" {
		return s.consoleHandshake(c, l, urls)
	}
	text := c.PostForm("message")
	raw, he := cleanConsoleMessage(x, text)
	if he != nil {
		return s.renderConsole(c, he.status, consolePage{draft: &text, formErr: he.msg})
	}
	if c.PostForm("action") == "check" {
		return s.renderConsole(c, http.StatusOK, consolePage{draft: &raw, report: s.checkDraft(c, l, raw)})
	}
	_, events, err := s.consoleSend(c, l, raw)
	if err != nil {
		return err
	}
	anchor := "#timeline"
	if len(events) > 0 {
		anchor = fmt.Sprintf("#msg-%d", events[0].Seq)
	}
	c.Redirect(http.StatusSeeOther, urls.With("")+anchor)
	return nil
}

// consoleHandshake opens the session as a client does: initialize, then,
// once it is answered, notifications/initialized.
func (s *Server) consoleHandshake(c *gin.Context, l i18n.Lang, urls pagevm.ConsoleURLs) error {
	e, err := s.startConsole(c, l)
	if err != nil {
		return err
	}
	ex, _ := s.consoleExercise(c, l)
	sent := e.Handshake(exerciseRevision(ex))
	s.offerNext(c, l, e, `{"jsonrpc": "2.0", "method": "notifications/initialized"}`)
	anchor := "#timeline"
	if len(sent) > 0 {
		anchor = fmt.Sprintf("#msg-%d", sent[0].Seq)
	}
	c.Redirect(http.StatusSeeOther, urls.With("")+anchor)
	return nil
}
