package web

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

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
