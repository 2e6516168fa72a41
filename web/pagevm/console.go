package pagevm

import (
	"fmt"
	"log/slog"
	"net/url"
	"strings"

	"github.com/mcpplayground/playground/internal/console"
	"github.com/mcpplayground/playground/internal/exercise"
	"github.com/mcpplayground/playground/internal/grader"
	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/web/view"
)

// This file lays out the console's page: its addresses, the live session's
// timeline and diagram, the editor's draft and the report on a message.

// ConsoleURLs are the page's addresses, keeping ?exercise= where there is one.
type ConsoleURLs struct {
	page, query string // query is "" or "?exercise=ID"
}

// NewConsoleURLs are the console's addresses for exercise exID ("": none).
func NewConsoleURLs(l i18n.Lang, exID string) ConsoleURLs {
	u := ConsoleURLs{page: fmt.Sprintf("/%s/console", l)}
	if exID != "" {
		u.query = "?exercise=" + url.QueryEscape(exID)
	}
	return u
}

// With is the page's address with path added, keeping ?exercise=.
func (u ConsoleURLs) With(path string) string { return u.page + path + u.query }

// Param adds a query parameter to the page's address.
func (u ConsoleURLs) Param(k, v string) string {
	if u.query == "" {
		return u.page + "?" + k + "=" + url.QueryEscape(v)
	}
	return u.page + u.query + "&" + k + "=" + url.QueryEscape(v)
}

// ConsoleScripts are the fingerprinted addresses of the console's scripts.
type ConsoleScripts struct {
	Console, Editor string // js/console.js, js/exercise.js
}

// Console is the page's frame of addresses and what the request set: the
// report on the message checked without JavaScript, a problem with what
// was sent.
func Console(l i18n.Lang, urls ConsoleURLs, js ConsoleScripts, report *view.ConsoleReportVM, formErr string) view.ConsoleVM {
	return view.ConsoleVM{
		X: i18n.ConsoleFor(l), Report: report, Error: formErr,
		PageURL: urls.With(""), SendURL: urls.With(""), ResetURL: urls.With("/reset"),
		HintURL: urls.With("/hints"), CheckURL: urls.With("/check"),
		MessagesAPI: "/api/console/messages?lang=" + string(l),
		ResetAPI:    "/api/console/reset",
		EventsAPI:   "/api/console/events?lang=" + string(l),
		DiagramAPI:  "/api/console/diagram?lang=" + string(l),
		TemplateAPI: "/api/console/templates/",
		PeekAPI:     "/api/console/peek?lang=" + string(l),
		ExportURL:   "/api/console/export.jsonl?lang=" + string(l),
		ExplainURL:  "/" + string(l) + "/explain?source=console", ExplainLabel: i18n.ExplainFor(l).Link,
		ExchangeAPI: "/api/console/exchange",
		AtLineCol:   i18n.ExerciseFor(l).AtLineCol,
		ScriptURL:   js.Console,
		EditorJS:    js.Editor,
	}
}

// ConsoleItems is the layout of a console session's timeline items: the
// exchange's view models with the console's links to answer the server.
func ConsoleItems(l i18n.Lang, e *console.Session, exID string) ItemContext {
	x := e.Exchange()
	urls := NewConsoleURLs(l, exID)
	waiting := map[int]bool{}
	for _, p := range x.Waiting(grader.SenderServer) {
		waiting[p.Seq] = true
	}
	return ItemContext{
		Lang:      l,
		Waiting:   func(seq int) bool { return waiting[seq] },
		AnswerURL: func(seq int) string { return urls.Param("reply", fmt.Sprint(seq)) + "#answer" },
	}
}

// ConsoleSession fills in the learner's live session: its revision, the
// timeline and the diagram (log says why it could not be drawn).
func ConsoleSession(log *slog.Logger, l i18n.Lang, vm *view.ConsoleVM, e *console.Session, exID string) {
	x := e.Exchange()
	events := x.Events(0)
	if vm.Protocol = e.Protocol(); vm.Protocol != "" {
		vm.CheckProtocol = vm.Protocol
	}
	ctx := ConsoleItems(l, e, exID)
	d := x.Diagram(MaxDiagramEvents)
	if len(d.Arrows) > 0 {
		ctx.DrawnFrom = d.Arrows[0].Seq
	}
	vm.Exchange.Items = make([]view.ExchangeItemVM, 0, len(events))
	for _, ev := range events {
		vm.Exchange.Items = append(vm.Exchange.Items, ExchangeItem(ctx, ev))
		vm.LastSeq = ev.Seq
	}
	vm.Exchange.Diagram = Diagram(log, l, d)
}

// MaxPrefillBytes bounds the message a link may put in the editor
// (?message=): a lesson's example, never a whole session.
const MaxPrefillBytes = 8 << 10

// DraftAsk is what the page's address asks of the editor.
type DraftAsk struct {
	Template string // ?template=: a template's key
	Reply    int    // ?reply=: the server request to answer
	Message  string // ?message=: a lesson's example
}

// ConsoleDraft fills the editor: what was sent back to the page (sent,
// when not nil), a message a lesson's "try it in the console" link gives
// (?message=, bounded), a template or a response asked for in the address,
// the last message sent, or, before the handshake, its first message; the
// templates are filled in for session e (nil: none yet) and the live
// exercise's revision (console.TemplateText). noReply is true when the
// address asks for a response to a server request that does not wait.
func ConsoleDraft(vm *view.ConsoleVM, sent *string, ask DraftAsk, e *console.Session, revision string) (noReply bool) {
	key, replySeq, prefill := ask.Template, ask.Reply, ask.Message
	switch {
	case sent != nil:
		vm.Draft = *sent
	case prefill != "" && len(prefill) <= MaxPrefillBytes:
		vm.Draft = prefill
	case key != "" || replySeq > 0:
		text, ok := console.TemplateText(e, key, replySeq, revision)
		vm.Draft, noReply = text, !ok
	case e != nil && e.Draft() != "":
		vm.Draft = e.Draft()
	case vm.Protocol == "":
		vm.Draft, _ = console.TemplateText(e, "initialize", 0, revision)
	}
	return noReply
}

// ConsoleReport is the report on the message in the editor, as the
// page's "Check" button shows it.
func ConsoleReport(l i18n.Lang, rep grader.Report) *view.ConsoleReportVM {
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
		vm.Summary = i18n.Sprintf(l, x.ReportErrors, errs)
	case others > 0:
		vm.Summary = i18n.Sprintf(l, x.ReportWarnings, others)
	default:
		vm.Summary = x.ReportValid
	}
	return vm
}

// ConsoleTemplates lists the templates for the page's menu. The response to
// a server request is always listed: a request may arrive after the page.
func ConsoleTemplates(x *i18n.ConsoleUI, selected string) []view.ConsoleTemplate {
	out := make([]view.ConsoleTemplate, 0, len(console.Templates)+1)
	for _, t := range console.Templates {
		out = append(out, view.ConsoleTemplate{Key: t.Key, Label: t.Label(x), Selected: t.Key == selected})
	}
	return append(out, view.ConsoleTemplate{Key: console.ReplyKey, Label: x.TplReply, Selected: selected == console.ReplyKey})
}

// ConsoleExercise is a live exercise above the console, from its page's
// model; kept is how many messages were checked when the session was too
// long to check whole (0: all of them).
func ConsoleExercise(l i18n.Lang, ex view.ExerciseVM, kept int) *view.ConsoleExerciseVM {
	vm := &view.ConsoleExerciseVM{Ex: ex, APIURL: ex.APIURL, Feedback: ex.Feedback}
	if vm.Feedback != nil {
		stripPositions(vm.Feedback)
	}
	if kept > 0 {
		vm.Notice = fmt.Sprintf(i18n.ConsoleFor(l).ExerciseTrimmed, kept)
	}
	return vm
}

// stripPositions removes the line and column of a live exercise's problems:
// they point into the exchange sent for checking, which the learner never
// sees, not into the editor.
func stripPositions(fb *view.FeedbackVM) {
	eachProblem(fb, func(p *view.ProblemVM) { p.Line, p.Column, p.Excerpt = 0, 0, nil })
}
