package web

import (
	"fmt"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/console"
	"github.com/mcpplayground/playground/internal/exchange"
	"github.com/mcpplayground/playground/internal/grader"
	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/web/view"
)

// consoleFormPost is the console's form without JavaScript: "Send" sends
// and shows the page again at the new messages; "Check" shows the report on
// the message without sending it; the handshake sends initialize and
// notifications/initialized.
func (s *Server) consoleFormPost(c *gin.Context) error {
	l := langOf(c)
	x := i18n.ConsoleFor(l)
	if err := c.Request.ParseForm(); err != nil {
		he := &httpError{status: http.StatusBadRequest, msg: x.ErrNotText}
		if isBodyTooLarge(err) {
			he = consoleTooLarge(x)
		}
		return s.renderConsole(c, he.status, consolePage{formErr: he.msg})
	}
	urls := newConsoleURLs(l, c.Query("exercise"))
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
	c.Redirect(http.StatusSeeOther, urls.with("")+anchor)
	return nil
}

// consoleHandshake opens the session as a client does: initialize, then,
// once it is answered, notifications/initialized.
func (s *Server) consoleHandshake(c *gin.Context, l i18n.Lang, urls consoleURLs) error {
	e, err := s.startConsole(c, l)
	if err != nil {
		return err
	}
	ex, _ := s.consoleExercise(c, l)
	st := console.StateOf(e.Console.Events(0), e.Console.Protocol(), console.InitializeRevision(exerciseRevision(ex)))
	init, _ := console.Text("initialize", nil, st, 0)
	sent := e.Console.Send(init)
	initialized, _ := console.Text("initialized", nil, st, 0)
	e.Console.Send(initialized)
	e.SetDraft("")
	anchor := "#timeline"
	if len(sent) > 0 {
		anchor = fmt.Sprintf("#msg-%d", sent[0].Seq)
	}
	c.Redirect(http.StatusSeeOther, urls.with("")+anchor)
	return nil
}

// checkDraft is the report on the message in the editor, as the page
// without JavaScript shows it after "Check".
func (s *Server) checkDraft(c *gin.Context, l i18n.Lang, raw string) *view.ConsoleReportVM {
	rep, _, _ := s.peekDraft(c, l, raw)
	return consoleReportVM(l, rep)
}

// peekDraft is the checker's report on the message in the editor as the
// next message of the learner's session (exchange.Peek): under the
// revision in force, and, for a response, against the server's request it
// answers, which it returns too. Before any session, it is read under the
// live exercise's revision.
func (s *Server) peekDraft(c *gin.Context, l i18n.Lang, raw string) (grader.Report, exchange.Event, bool) {
	if e, ok, _ := s.learnerConsole(c); ok {
		x := e.Console.Exchange()
		req, answers := x.Answering([]byte(raw), exchange.FromClient)
		return x.Peek([]byte(raw), exchange.FromClient), req, answers
	}
	opts := grader.Options{Protocol: grader.DefaultRevision, Lang: string(l), Sender: exchange.FromClient}
	if ex, _ := s.consoleExercise(c, l); ex != nil {
		opts.Protocol = ex.Protocol
	}
	return grader.Check([]byte(raw), opts), exchange.Event{}, false
}
