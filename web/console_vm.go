package web

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"unicode/utf8"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/exercise"
	"github.com/mcpplayground/playground/internal/grader"
	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/internal/markdown"
	"github.com/mcpplayground/playground/mockserver"
	"github.com/mcpplayground/playground/web/view"
)

// This file turns a console session's events into the timeline's view
// models. The page, the JSON API and the event stream share it, so a
// message reads the same whichever way it reached the browser.

// pairColours is how many colours the timeline cycles through to pair a
// request with its response (CSS classes pair-0 … pair-5). The label
// ("response to #5") says the same in words.
const pairColours = 6

// maxShownJSON bounds the text of one message laid out for the timeline;
// a longer one is shown as sent, without indentation.
const maxShownJSON = 64 << 10

// timeline indexes a session's events to pair them.
type timeline struct {
	bySeq       map[int]mockserver.Event
	answeredBy  map[int]int // request seq → seq of its response
	cancelledBy map[int]int // request seq → seq of the notifications/cancelled naming it
	cancels     map[int]int // the other way round
	pending     map[int]bool
}

func newTimeline(all, pending []mockserver.Event) timeline {
	t := timeline{bySeq: make(map[int]mockserver.Event, len(all)), answeredBy: map[int]int{},
		cancelledBy: map[int]int{}, cancels: map[int]int{}, pending: map[int]bool{}}
	lastRequest := map[string]int{} // direction and id → the latest request
	for _, e := range all {
		t.bySeq[e.Seq] = e
		if e.ReplyTo > 0 {
			t.answeredBy[e.ReplyTo] = e.Seq
		}
		switch {
		case e.Kind == "request":
			lastRequest[e.Direction+compactJSON(e.ID)] = e.Seq
		case e.Kind == "notification" && e.Method == "notifications/cancelled":
			// A cancellation names a request of its own sender, which then
			// gets no response.
			if r, ok := lastRequest[e.Direction+cancelledID(e.Raw)]; ok {
				t.cancelledBy[r], t.cancels[e.Seq] = e.Seq, r
			}
		}
	}
	for _, e := range pending {
		t.pending[e.Seq] = true
	}
	return t
}

// cancelledID is params.requestId of a notifications/cancelled, compact
// ("" when unreadable).
func cancelledID(raw string) string {
	var m struct {
		Params struct {
			RequestID json.RawMessage `json:"requestId"`
		} `json:"params"`
	}
	if json.Unmarshal([]byte(raw), &m) != nil {
		return ""
	}
	return compactJSON(m.Params.RequestID)
}

func compactJSON(raw []byte) string {
	var b bytes.Buffer
	if len(raw) == 0 || json.Compact(&b, raw) != nil {
		return ""
	}
	return b.String()
}

// consoleEventVM lays out one event. answerURL builds the link that opens
// the editor with a response to a waiting server request.
func consoleEventVM(l i18n.Lang, entryLang string, e mockserver.Event, t timeline, answerURL func(seq int) string) view.ConsoleEventVM {
	x := i18n.ConsoleFor(l)
	vm := view.ConsoleEventVM{
		Seq: e.Seq, Dir: e.Direction, Kind: e.Kind, Method: e.Method,
		ID:   string(e.ID),
		Time: e.Time.Format("15:04:05.000"),
		JSON: markdown.HighlightJSON(indentJSON(e.Raw)),
	}
	vm.DirLabel = x.FromLearner
	if e.Direction == mockserver.DirectionOut {
		vm.DirLabel = x.FromServer
	}
	switch e.Kind {
	case "request":
		vm.KindLabel, vm.Pair = x.KindRequest, pairClass(e.Seq)
		r, answered := t.answeredBy[e.Seq]
		cancel, cancelled := t.cancelledBy[e.Seq]
		switch {
		case answered:
			vm.Status, vm.AnsweredBy, vm.StatusLabel = "answered", r, fmt.Sprintf(x.AnsweredBy, r)
		case cancelled:
			vm.Status, vm.CancelledBy, vm.StatusLabel = "cancelled", cancel, fmt.Sprintf(x.CancelledBy, cancel)
		default:
			vm.Status, vm.StatusLabel = "waiting", x.Waiting
		}
		if e.Direction == mockserver.DirectionOut && t.pending[e.Seq] && !cancelled {
			vm.AnswerURL, vm.Raw = answerURL(e.Seq), e.Raw
		}
	case "notification":
		vm.KindLabel, vm.Status, vm.StatusLabel = x.KindNotification, "noreply", x.NoReply
	case "response", "error":
		vm.KindLabel = x.KindResponse
		if e.Kind == "error" {
			vm.KindLabel = x.KindError
		}
		if e.ReplyTo > 0 {
			vm.Pair, vm.Status, vm.ReplyTo, vm.StatusLabel = pairClass(e.ReplyTo), "reply", e.ReplyTo, fmt.Sprintf(x.ReplyTo, e.ReplyTo)
		} else {
			vm.Status, vm.StatusLabel = "orphan", x.ReplyToNothing
		}
	default:
		vm.KindLabel = x.KindInvalid
		if e.ReplyTo > 0 {
			vm.Status, vm.ReplyTo, vm.StatusLabel = "reply", e.ReplyTo, fmt.Sprintf(x.ReplyTo, e.ReplyTo)
		}
	}
	rep := e.Report
	if entryLang != string(l) {
		rep = recheck(l, e, t)
	}
	vm.Valid = rep.Valid
	vm.ReportLabel = x.ReportOK
	if !rep.Valid || len(rep.Diagnostics) > 0 {
		vm.ReportLabel = fmt.Sprintf(x.ReportCount, len(rep.Diagnostics))
	}
	for _, d := range rep.Diagnostics {
		vm.Diagnostics = append(vm.Diagnostics, view.ConsoleDiagVM{
			Severity: d.Severity, Message: exercise.InlineHTML(d.Message), Pointer: d.Pointer, Code: d.Code,
		})
	}
	return vm
}

// recheck writes an event's report again in another language: the session
// wrote it in the language of the page that started it.
func recheck(l i18n.Lang, e mockserver.Event, t timeline) grader.Report {
	opts := grader.Options{Protocol: e.Report.Protocol, Lang: string(l), Sender: "client"}
	if e.Direction == mockserver.DirectionOut {
		opts.Sender = "server"
	}
	if req, ok := t.bySeq[e.ReplyTo]; ok && e.ReplyTo > 0 {
		opts.Request = []byte(req.Raw)
	}
	return grader.Check([]byte(e.Raw), opts)
}

func pairClass(requestSeq int) string {
	return fmt.Sprintf("pair-%d", requestSeq%pairColours)
}

// indentJSON lays out a JSON message over lines for reading; text that is
// not JSON is shown as it is.
func indentJSON(raw string) string {
	if len(raw) > maxShownJSON {
		return raw
	}
	var b bytes.Buffer
	if err := json.Indent(&b, []byte(raw), "", "  "); err != nil {
		return raw
	}
	return b.String()
}

// consoleReportVM is the report on the message in the editor, as the
// page's "Check" button shows it.
func consoleReportVM(l i18n.Lang, rep grader.Report) *view.ConsoleReportVM {
	x := i18n.ConsoleFor(l)
	vm := &view.ConsoleReportVM{Valid: rep.Valid}
	errs, others := 0, 0
	for _, d := range rep.Diagnostics {
		if d.Severity == grader.SeverityError {
			errs++
		} else {
			others++
		}
		msg := d.Message
		if d.Suggestion != "" && !strings.Contains(msg, d.Suggestion) {
			msg += " (" + d.Suggestion + ")"
		}
		vm.Problems = append(vm.Problems, view.ProblemVM{
			Code: d.Code, Severity: d.Severity, Message: exercise.InlineHTML(msg),
			Pointer: d.Pointer, Line: d.Line, Column: d.Column, Suggestion: d.Suggestion,
		})
	}
	switch {
	case errs > 0:
		vm.Summary = fmt.Sprintf(x.ReportErrors, errs)
	case others > 0:
		vm.Summary = fmt.Sprintf(x.ReportWarnings, others)
	default:
		vm.Summary = x.ReportValid
	}
	return vm
}

// What the console's handlers share: the learner's session, the checks
// on a typed message, and the session as a live exercise's answer.

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

// learnerConsole is the session of the learner in the cookie, if any.
func (s *Server) learnerConsole(c *gin.Context) (*consoleEntry, bool, error) {
	learner, ok, err := s.currentLearner(c)
	if err != nil || !ok {
		return nil, false, err
	}
	e, ok := s.consoles.peek(learner.ID)
	return e, ok, nil
}

// consoleReset resets the learner's session, if there is one.
func (s *Server) consoleReset(c *gin.Context) error {
	learner, ok, err := s.currentLearner(c)
	if err != nil || !ok {
		return err
	}
	if e, ok := s.consoles.peek(learner.ID); ok {
		e.c.Reset()
		e.setDraft("")
	}
	return nil
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
		html, err := renderString(c.Request.Context(), view.ConsoleEvent(x, consoleEventVM(l, e.lang, ev, tl, answerURL)))
		if err != nil {
			return nil, err
		}
		o := consoleEventOut{Event: ev, HTML: html, Protocol: protocol}
		for _, seq := range []int{ev.ReplyTo, tl.cancels[ev.Seq]} {
			req, ok := tl.bySeq[seq]
			if seq == 0 || !ok {
				continue
			}
			html, err := renderString(c.Request.Context(), view.ConsoleEvent(x, consoleEventVM(l, e.lang, req, tl, answerURL)))
			if err != nil {
				return nil, err
			}
			o.Updates = append(o.Updates, consoleItemUpdate{Seq: seq, HTML: html})
		}
		out = append(out, o)
	}
	return out, nil
}

// liveExerciseParam is the live exercise named by ?exercise=.
func (s *Server) liveExerciseParam(c *gin.Context, l i18n.Lang) (*exercise.Exercise, error) {
	ex, err := s.consoleExercise(c, l)
	if err != nil {
		return nil, err
	}
	if ex == nil || ex.Kind != exercise.KindLive {
		return nil, badRequest(i18n.ConsoleFor(l).ExerciseNotLive)
	}
	return ex, nil
}

// exchangeItem is one message of a live exercise's answer: the message
// itself when it is JSON, else its text as a string.
type exchangeItem struct {
	From    string          `json:"from"`
	Message json.RawMessage `json:"message"`
}

// exchangeOf writes events as the exchange of a live exercise, within
// limit bytes once wrapped in {"answer": {"exchange": …}}: when the
// session is longer, its oldest messages are left out, and leftOut says
// how many.
func exchangeOf(events []mockserver.Event, limit int) (items []exchangeItem, leftOut int) {
	items = make([]exchangeItem, 0, len(events))
	sizes := make([]int, 0, len(events))
	total := len(`{"answer":{"exchange":[]}}`)
	for _, e := range events {
		it := exchangeItem{From: "client"}
		if e.Direction == mockserver.DirectionOut {
			it.From = "server"
		}
		var compact bytes.Buffer
		if json.Compact(&compact, []byte(e.Raw)) == nil {
			it.Message = compact.Bytes()
		} else {
			it.Message, _ = json.Marshal(e.Raw)
		}
		b, _ := json.Marshal(it)
		items = append(items, it)
		sizes = append(sizes, len(b)+1)
		total += len(b) + 1
	}
	if len(items) > 0 {
		total-- // n items take n-1 commas
	}
	drop := 0
	for total > limit && drop < len(items) {
		total -= sizes[drop]
		drop++
	}
	return items[drop:], drop
}

// exchangeAnswer is the answer text of a live exercise for events, and how
// many messages it holds when some had to be left out (else 0).
func exchangeAnswer(events []mockserver.Event) (string, int, error) {
	items, leftOut := exchangeOf(events, maxAnswerBytes)
	b, err := json.Marshal(map[string]any{"exchange": items})
	if err != nil {
		return "", 0, fmt.Errorf("encode the exchange: %w", err)
	}
	kept := 0
	if leftOut > 0 {
		kept = len(items)
	}
	return string(b), kept, nil
}
