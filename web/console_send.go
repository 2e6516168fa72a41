package web

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"unicode/utf8"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/grader"
	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/mockserver"
	"github.com/mcpplayground/playground/web/view"
)

// maxConsoleBytes bounds one message typed in the console. A message of the
// course fits in a few hundred bytes; the bound keeps a pasted log out of a
// session that lives in memory.
const maxConsoleBytes = 64 << 10

// errConsoleClosed is the answer while the server shuts down.
var errConsoleClosed = &httpError{status: http.StatusServiceUnavailable, msg: "the server is shutting down"}

// consoleTooLarge is the 413 a learner reads when a console message is too
// long.
func consoleTooLarge(x *i18n.ConsoleUI) *httpError {
	return &httpError{status: http.StatusRequestEntityTooLarge, msg: fmt.Sprintf(x.ErrTooLarge, maxConsoleBytes>>10)}
}

// cleanConsoleMessage refuses what cannot be a message and normalises line
// ends, as the exercise editor does, so the report's lines match.
func cleanConsoleMessage(x *i18n.ConsoleUI, raw string) (string, *httpError) {
	if len(raw) > maxConsoleBytes {
		return "", consoleTooLarge(x)
	}
	if !utf8.ValidString(raw) {
		return "", &httpError{status: http.StatusBadRequest, msg: x.ErrNotText}
	}
	if strings.TrimSpace(raw) == "" {
		return "", &httpError{status: http.StatusBadRequest, msg: x.ErrEmpty}
	}
	return strings.ReplaceAll(raw, "\r\n", "\n"), nil
}

// consoleSend gives one message to the learner's session (created, with
// the learner, on the first message) and returns what the server answered
// at once.
func (s *Server) consoleSend(c *gin.Context, l i18n.Lang, raw string) (*consoleEntry, []mockserver.Event, error) {
	e, err := s.startConsole(c, l)
	if err != nil {
		return nil, nil, err
	}
	e.setDraft(raw)
	return e, e.c.Send(raw), nil
}

// startConsole returns the learner's session, creating the learner and the
// session when there are none yet.
func (s *Server) startConsole(c *gin.Context, l i18n.Lang) (*consoleEntry, error) {
	learner, err := s.requireLearner(c)
	if err != nil {
		return nil, err
	}
	e := s.consoles.get(learner.ID, string(l))
	if e == nil {
		return nil, errConsoleClosed
	}
	return e, nil
}

// consoleEventOut is one event as the API and the event stream give it:
// the session's event, its timeline item, and, on a response, the request
// it answers laid out again as answered.
type consoleEventOut struct {
	mockserver.Event
	HTML string `json:"html"`
	// Updates are earlier items this event changes, laid out again: the
	// request a response answers, the request a cancellation names.
	Updates  []consoleItemUpdate `json:"updates,omitempty"`
	Protocol string              `json:"protocol"`
}

// consoleItemUpdate is a timeline item to replace.
type consoleItemUpdate struct {
	Seq  int    `json:"seq"`
	HTML string `json:"html"`
}

// eventsOut lays out events of e's session for the page's script.
func (s *Server) eventsOut(c *gin.Context, l i18n.Lang, e *consoleEntry, events []mockserver.Event) ([]consoleEventOut, error) {
	if len(events) == 0 {
		return []consoleEventOut{}, nil
	}
	// Pairing needs the events from the oldest request answered here on:
	// the replies to these events come after them. Reading only that
	// window keeps a message's cost independent of the timeline's length.
	from := events[0].Seq
	for _, ev := range events {
		if ev.ReplyTo > 0 && ev.ReplyTo < from {
			from = ev.ReplyTo
		}
		if ev.Method == "notifications/cancelled" {
			from = 1 // the request it names may be anywhere before it
		}
	}
	tl := newTimeline(e.c.Events(from-1), e.c.Pending())
	urls := newConsoleURLs(l, c.Query("exercise"))
	answerURL := func(seq int) string { return urls.param("reply", fmt.Sprint(seq)) + "#answer" }
	x := i18n.ConsoleFor(l)
	protocol := e.c.Protocol()
	out := make([]consoleEventOut, 0, len(events))
	for _, ev := range events {
		html, err := renderString(c, view.ConsoleEvent(x, consoleEventVM(l, e.lang, ev, tl, answerURL)))
		if err != nil {
			return nil, err
		}
		o := consoleEventOut{Event: ev, HTML: html, Protocol: protocol}
		for _, seq := range []int{ev.ReplyTo, tl.cancels[ev.Seq]} {
			req, ok := tl.bySeq[seq]
			if seq == 0 || !ok {
				continue
			}
			html, err := renderString(c, view.ConsoleEvent(x, consoleEventVM(l, e.lang, req, tl, answerURL)))
			if err != nil {
				return nil, err
			}
			o.Updates = append(o.Updates, consoleItemUpdate{Seq: seq, HTML: html})
		}
		out = append(out, o)
	}
	return out, nil
}

// consoleMessagesAPI answers POST /api/console/messages: the body is one
// raw message; the answer is {"events": [...], "protocol": "…"}, the
// events recorded while the server handled it (a slow request answers
// later, on the event stream).
func (s *Server) consoleMessagesAPI(c *gin.Context) error {
	l := apiLang(c)
	x := i18n.ConsoleFor(l)
	body, err := io.ReadAll(c.Request.Body)
	if isBodyTooLarge(err) {
		return consoleTooLarge(x)
	}
	if err != nil {
		return badRequest(x.ErrNotText)
	}
	raw, he := cleanConsoleMessage(x, string(body))
	if he != nil {
		return he
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
	c.JSON(http.StatusOK, gin.H{"events": out, "protocol": e.c.Protocol()})
	return nil
}

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
