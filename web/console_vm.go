package web

import (
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/console"
	"github.com/mcpplayground/playground/internal/exchange"
	"github.com/mcpplayground/playground/internal/exercise"
	"github.com/mcpplayground/playground/internal/grader"
	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/internal/store"
	"github.com/mcpplayground/playground/web/pagevm"
	"github.com/mcpplayground/playground/web/view"
)

// consoleItems is the layout of a console session's timeline items: the
// exchange's view models with the console's links to answer the server.
func consoleItems(l i18n.Lang, e *console.Session, exID string) pagevm.ItemContext {
	x := e.Exchange()
	urls := newConsoleURLs(l, exID)
	waiting := map[int]bool{}
	for _, p := range x.Waiting(grader.SenderServer) {
		waiting[p.Seq] = true
	}
	return pagevm.ItemContext{
		Lang: l, EntryLang: e.Lang, Partner: x.Event,
		Waiting:   func(seq int) bool { return waiting[seq] },
		AnswerURL: func(seq int) string { return urls.param("reply", fmt.Sprint(seq)) + "#answer" },
	}
}

// consoleEventOut is one event as the API and the event stream give it:
// the exchange's event, its timeline item, and the earlier items it
// changes.
type consoleEventOut struct {
	exchange.Event
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

// eventsOut lays out events of e's session for the page's script. Each
// event's partner is found by its number, so a message costs the same
// however long the timeline.
func (s *Server) eventsOut(c *gin.Context, l i18n.Lang, e *console.Session, events []exchange.Event) ([]consoleEventOut, error) {
	out := make([]consoleEventOut, 0, len(events))
	if len(events) == 0 {
		return out, nil
	}
	ctx := consoleItems(l, e, c.Query("exercise"))
	w := pagevm.ExchangeWords(i18n.ConsoleFor(l))
	protocol := e.Protocol()
	for _, ev := range events {
		// The event as it is now: a response may have come since.
		if now, ok := ctx.Partner(ev.Seq); ok {
			ev = now
		}
		html, err := renderString(c.Request.Context(), view.ExchangeItem(w, pagevm.ExchangeItem(ctx, ev)))
		if err != nil {
			return nil, err
		}
		o := consoleEventOut{Event: ev, HTML: html, Protocol: protocol}
		seen := map[int]bool{0: true, ev.Seq: true}
		for _, seq := range append([]int{ev.Answers, ev.Cancels}, pagevm.Related(ev)...) {
			req, ok := ctx.Partner(seq)
			if seen[seq] || !ok {
				continue
			}
			seen[seq] = true
			html, err := renderString(c.Request.Context(), view.ExchangeItem(w, pagevm.ExchangeItem(ctx, req)))
			if err != nil {
				return nil, err
			}
			o.Updates = append(o.Updates, consoleItemUpdate{Seq: seq, HTML: html})
		}
		out = append(out, o)
	}
	return out, nil
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
		vm.Summary = i18n.Sprintf(l, x.ReportErrors, errs)
	case others > 0:
		vm.Summary = i18n.Sprintf(l, x.ReportWarnings, others)
	default:
		vm.Summary = x.ReportValid
	}
	return vm
}

// templateOptions lists the templates for the page's menu. The response to
// a server request is always listed: a request may arrive after the page.
func templateOptions(x *i18n.ConsoleUI, selected string) []view.ConsoleTemplate {
	out := make([]view.ConsoleTemplate, 0, len(console.Templates)+1)
	for _, t := range console.Templates {
		out = append(out, view.ConsoleTemplate{Key: t.Key, Label: t.Label(x), Selected: t.Key == selected})
	}
	return append(out, view.ConsoleTemplate{Key: console.ReplyKey, Label: x.TplReply, Selected: selected == console.ReplyKey})
}

// consolePage is what a console page shows beyond the session itself.
type consolePage struct {
	draft    *string                 // the editor's text, when set by the request
	report   *view.ConsoleReportVM   // after "Check" without JavaScript
	formErr  string                  // a problem with what was sent
	exResult *consoleExerciseOutcome // after "Check my exchange" without JavaScript
}

// consoleExerciseOutcome is the verdict on the session for a live exercise.
type consoleExerciseOutcome struct {
	res    exercise.Result
	answer string
	kept   int // messages checked, when the session was too long to check whole (else 0)
}

// consoleURLs are the page's addresses, keeping ?exercise= where there is one.
type consoleURLs struct {
	page, query string // query is "" or "?exercise=ID"
}

func newConsoleURLs(l i18n.Lang, exID string) consoleURLs {
	u := consoleURLs{page: fmt.Sprintf("/%s/console", l)}
	if exID != "" {
		u.query = "?exercise=" + url.QueryEscape(exID)
	}
	return u
}

func (u consoleURLs) with(path string) string { return u.page + path + u.query }

// param adds a query parameter to the page's address.
func (u consoleURLs) param(k, v string) string {
	if u.query == "" {
		return u.page + "?" + k + "=" + url.QueryEscape(v)
	}
	return u.page + u.query + "&" + k + "=" + url.QueryEscape(v)
}

// consoleExercise reads ?exercise=: nil when absent; an error page when
// it names no exercise.
func (s *Server) consoleExercise(c *gin.Context, l i18n.Lang) (*exercise.Exercise, error) {
	id := c.Query("exercise")
	if id == "" {
		return nil, nil
	}
	ex, ok := s.content.Catalog().Exercise(id)
	if !ok {
		return nil, &httpError{status: http.StatusNotFound, msg: i18n.ExerciseFor(l).ErrUnknownExercise}
	}
	return ex, nil
}

// renderConsole writes the console page for the learner in the cookie.
func (s *Server) renderConsole(c *gin.Context, status int, pg consolePage) error {
	l := langOf(c)
	x := i18n.ConsoleFor(l)
	ex, err := s.consoleExercise(c, l)
	if err != nil {
		return err
	}
	if ex != nil && ex.Kind.Form() != exercise.FormConsole {
		pg.formErr, ex = x.ExerciseNotLive, nil
	}
	exID := ""
	if ex != nil {
		exID = ex.ID
	}
	learner, hasLearner, err := s.currentLearner(c)
	if err != nil {
		return err
	}
	var entry *console.Session
	if hasLearner {
		entry, _ = s.consoles.Peek(learner.ID)
	}
	vm := s.consoleVM(l, newConsoleURLs(l, exID), pg)
	fallback := console.InitializeRevision(exerciseRevision(ex))
	vm.CheckProtocol = fallback
	vm.Exchange = view.ExchangeVM{W: pagevm.ExchangeWords(x)}
	var events, pending []exchange.Event
	if entry != nil {
		events, pending = s.consoleSessionVM(l, &vm, entry, exID)
	}
	st := console.StateOf(events, vm.Protocol, fallback)
	if noReply := consoleDraft(c, &vm, pg, entry, pending, st); noReply && vm.Error == "" {
		vm.Error = x.ErrNoReply
	}
	if s.consoleRestarted(c, entry) {
		vm.Restarted = x.Restarted
	}
	vm.Templates = templateOptions(x, c.Query("template"))
	if ex != nil {
		exVM, err := s.consoleExerciseVM(c, l, ex, learner, hasLearner, pg.exResult)
		if err != nil {
			return err
		}
		exVM.Ex.HintURL = vm.HintURL
		vm.Exercise = exVM
	}
	f := s.frame(c, l, x.Title, "console")
	f.BodyClass = "console"
	c.Header("Cache-Control", "no-store")
	s.render(c, status, view.Console(f, vm))
	return nil
}

// consoleVM is the page's frame of addresses and what the request set.
func (s *Server) consoleVM(l i18n.Lang, urls consoleURLs, pg consolePage) view.ConsoleVM {
	return view.ConsoleVM{
		X: i18n.ConsoleFor(l), Report: pg.report, Error: pg.formErr,
		PageURL: urls.with(""), SendURL: urls.with(""), ResetURL: urls.with("/reset"),
		HintURL: urls.with("/hints"), CheckURL: urls.with("/check"),
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
		ScriptURL:   s.assets.URL("js/console.js"),
		EditorJS:    s.assets.URL("js/exercise.js"),
	}
}

// consoleSessionVM fills in the learner's live session: its revision, the
// timeline and the diagram. It returns the session's events and the server
// requests waiting for the learner.
func (s *Server) consoleSessionVM(l i18n.Lang, vm *view.ConsoleVM, e *console.Session, exID string) (events, pending []exchange.Event) {
	x := e.Exchange()
	events, pending = x.Events(0), x.Waiting(grader.SenderServer)
	if vm.Protocol = e.Protocol(); vm.Protocol != "" {
		vm.CheckProtocol = vm.Protocol
	}
	ctx := consoleItems(l, e, exID)
	d := x.Diagram(pagevm.MaxDiagramEvents)
	if len(d.Arrows) > 0 {
		ctx.DrawnFrom = d.Arrows[0].Seq
	}
	vm.Exchange.Items = make([]view.ExchangeItemVM, 0, len(events))
	for _, ev := range events {
		vm.Exchange.Items = append(vm.Exchange.Items, pagevm.ExchangeItem(ctx, ev))
		vm.LastSeq = ev.Seq
	}
	vm.Exchange.Diagram = pagevm.Diagram(s.log, l, d)
	return events, pending
}

// maxPrefillBytes bounds the message a link may put in the editor
// (?message=): a lesson's example, never a whole session.
const maxPrefillBytes = 8 << 10

// consoleDraft fills the editor: what was sent back to the page, a message
// a lesson's "try it in the console" link gives (?message=, bounded), a
// template or a response asked for in the address, the last message sent,
// or, before the handshake, its first message. noReply is true when the
// address asks for a response to a server request that does not wait.
func consoleDraft(c *gin.Context, vm *view.ConsoleVM, pg consolePage, e *console.Session, pending []exchange.Event, st console.State) (noReply bool) {
	key := c.Query("template")
	replySeq, _ := strconv.Atoi(c.Query("reply"))
	prefill := c.Query("message")
	switch {
	case pg.draft != nil:
		vm.Draft = *pg.draft
	case prefill != "" && len(prefill) <= maxPrefillBytes:
		vm.Draft = prefill
	case key != "" || replySeq > 0:
		text, ok := console.Text(key, pending, st, replySeq)
		vm.Draft, noReply = text, !ok
	case e != nil && e.Draft() != "":
		vm.Draft = e.Draft()
	case vm.Protocol == "":
		vm.Draft, _ = console.Text("initialize", pending, st, 0)
	}
	return noReply
}

// consoleExerciseVM is a live exercise above the console, with the verdict
// on the learner's last check of a session (graded again, so it follows
// the page's language).
func (s *Server) consoleExerciseVM(c *gin.Context, l i18n.Lang, ex *exercise.Exercise, learner store.Learner, hasLearner bool, out *consoleExerciseOutcome) (*view.ConsoleExerciseVM, error) {
	cat := s.content.Catalog()
	var p store.ExerciseProgress
	if hasLearner {
		var err error
		p, err = s.store.ExerciseProgressFor(c.Request.Context(), learner.ID, ex.ID)
		if err != nil && !errors.Is(err, store.ErrNotFound) {
			return nil, err
		}
		if out == nil {
			a, err := s.store.LastAttempt(c.Request.Context(), learner.ID, ex.ID)
			switch {
			case err == nil:
				out = &consoleExerciseOutcome{res: ex.Grade(a.Answer, l), answer: a.Answer}
			case !errors.Is(err, store.ErrNotFound):
				return nil, err
			}
		}
	}
	st := pagevm.ExerciseState{Progress: p}
	if out != nil {
		st.Answer, st.Result = out.answer, &out.res
	}
	exVM := s.exerciseVM(l, cat, ex, st)
	vm := &view.ConsoleExerciseVM{Ex: exVM, APIURL: exVM.APIURL, Feedback: exVM.Feedback}
	if vm.Feedback != nil {
		stripPositions(vm.Feedback)
	}
	if out != nil && out.kept > 0 {
		vm.Notice = fmt.Sprintf(i18n.ConsoleFor(l).ExerciseTrimmed, out.kept)
	}
	return vm, nil
}

// stripPositions removes the line and column of a live exercise's problems:
// they point into the exchange sent for checking, which the learner never
// sees, not into the editor.
func stripPositions(fb *view.FeedbackVM) {
	strip := func(p *view.ProblemVM) { p.Line, p.Column, p.Excerpt = 0, 0, nil }
	if fb.First != nil {
		strip(fb.First)
	}
	for i := range fb.Rest {
		strip(&fb.Rest[i])
	}
	for i := range fb.Notes {
		strip(&fb.Notes[i])
	}
}
