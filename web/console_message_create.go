package web

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/grader"
	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/mockserver"
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
	events := e.c.Events(0)
	st := sessionState(events, e.c.Protocol(), initializeRevision(ex))
	init, _ := templateText("initialize", events, nil, st, 0)
	sent := e.c.Send(init)
	initialized, _ := templateText("initialized", events, nil, st, 0)
	e.c.Send(initialized)
	e.setDraft("")
	anchor := "#timeline"
	if len(sent) > 0 {
		anchor = fmt.Sprintf("#msg-%d", sent[0].Seq)
	}
	c.Redirect(http.StatusSeeOther, urls.with("")+anchor)
	return nil
}

// checkDraft is the checker's report on the message in the editor, as the
// server would read it now: against the negotiated revision, and, for a
// response, against the server's request with the same id.
func (s *Server) checkDraft(c *gin.Context, l i18n.Lang, raw string) *view.ConsoleReportVM {
	opts := grader.Options{Protocol: grader.DefaultRevision, Lang: string(l), Sender: "client"}
	if ex, _ := s.consoleExercise(c, l); ex != nil {
		opts.Protocol = ex.Protocol
	}
	if learner, ok, _ := s.currentLearner(c); ok {
		if e, ok := s.consoles.peek(learner.ID); ok {
			if p := e.c.Protocol(); p != "" {
				opts.Protocol = p
			}
			opts.Request = requestAnswered(raw, e.c.Pending())
		}
	}
	return consoleReportVM(l, grader.Check([]byte(raw), opts))
}

// requestAnswered returns the raw server request that raw answers, when raw
// is a response whose id one of the waiting requests has.
func requestAnswered(raw string, pending []mockserver.Event) []byte {
	var m struct {
		ID     json.RawMessage `json:"id"`
		Method json.RawMessage `json:"method"`
	}
	if json.Unmarshal([]byte(raw), &m) != nil || m.Method != nil || len(m.ID) == 0 {
		return nil
	}
	var id bytes.Buffer
	if json.Compact(&id, m.ID) != nil {
		return nil
	}
	for _, p := range pending {
		if bytes.Equal(p.ID, id.Bytes()) {
			return []byte(p.Raw)
		}
	}
	return nil
}
