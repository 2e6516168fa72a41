package web

import (
	"fmt"
	"strings"

	"github.com/mcpplayground/playground/internal/exchange"
	"github.com/mcpplayground/playground/internal/exercise"
	"github.com/mcpplayground/playground/internal/explain"
	"github.com/mcpplayground/playground/internal/grader"
	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/internal/logimport"
	"github.com/mcpplayground/playground/web/view"
)

// This file lays out an explained log for its page: the summary, the
// findings, and the log as an exchange, drawn by the one component every
// exchange uses (view.Exchange, from exchange_vm.go's helpers).

// explainEvents turns the report's messages into exchange events (Seq is
// the index + 1), each carrying what the explanation found on it: the
// log's own problems and what only the end of the log showed join its
// diagnostics; a conversation problem found on a later message that refers
// to it is a mention.
func explainEvents(rep *explain.Report) []exchange.Event {
	events := make([]exchange.Event, len(rep.Messages))
	for i, m := range rep.Messages {
		e := exchange.Event{Seq: i + 1, From: m.From, Inferred: m.Inferred, Line: m.Line, Raw: m.Raw,
			Kind: m.Report.Kind, Method: m.Report.Method, ID: m.Report.ID, Report: m.Report}
		if m.Time != nil {
			e.Time = *m.Time
		}
		if m.Answers != nil {
			e.Answers = *m.Answers + 1
		}
		if m.AnsweredBy != nil {
			e.AnsweredBy = *m.AnsweredBy + 1
		}
		events[i] = e
	}
	for _, f := range rep.Findings {
		placeFinding(events, f)
	}
	return events
}

// placeFinding writes one finding on the messages it concerns: on the last
// (where it was found) unless its report already says it, and as a mention
// on the others.
func placeFinding(events []exchange.Event, f explain.Finding) {
	if len(f.Messages) == 0 {
		return
	}
	at := f.Messages[len(f.Messages)-1]
	e := &events[at]
	if !hasCode(e.Report, f.Code) {
		e.Report.Diagnostics = append(e.Report.Diagnostics, grader.Diagnostic{Code: f.Code, Severity: f.Severity,
			Message: f.Message, Lesson: f.Lesson})
		e.Report.Valid = e.Report.Valid && f.Severity != grader.SeverityError
	}
	for _, mi := range f.Messages[:len(f.Messages)-1] {
		events[mi].Mentions = append(events[mi].Mentions, exchange.Mention{Seq: at + 1, Code: f.Code,
			Severity: f.Severity, Message: f.Message})
	}
}

func hasCode(rep grader.Report, code string) bool {
	for _, d := range rep.Diagnostics {
		if d.Code == code {
			return true
		}
	}
	return false
}

// explainExchangeVM is the timeline and diagram of an explained log.
func (s *Server) explainExchangeVM(l i18n.Lang, rep *explain.Report) view.ExchangeVM {
	u := i18n.ExplainFor(l)
	events := explainEvents(rep)
	vm := view.ExchangeVM{W: exchangeWords(i18n.ConsoleFor(l)), Items: make([]view.ExchangeItemVM, 0, len(events))}
	vm.W.TimelineTitle = u.TimelineTitle
	ctx := itemContext{lang: l, entryLang: l}
	for _, e := range events {
		it := exchangeItemVM(ctx, e)
		it.FromLabel = explainFromLabel(u, e)
		vm.Items = append(vm.Items, it)
	}
	d := exchange.Diagram{}
	shown := events
	if skip := len(events) - maxDiagramEvents; skip > 0 {
		d.Skipped, shown = skip, events[skip:]
	}
	for _, e := range shown {
		d.Arrows = append(d.Arrows, exchange.ArrowOf(e))
	}
	vm.Diagram = s.diagramOf(l, d)
	return vm
}

// explainFromLabel says who sent a message of a log, and whether the log
// said so or it was inferred.
func explainFromLabel(u *i18n.ExplainUI, e exchange.Event) string {
	var s string
	switch e.From {
	case grader.SenderClient:
		s = "client → server"
	case grader.SenderServer:
		s = "server → client"
	default:
		s = u.Unknown
	}
	if e.Inferred {
		s += " " + u.Inferred
	}
	if e.Line > 0 {
		s += " · " + fmt.Sprintf(u.LineN, e.Line)
	}
	return s
}

// explainSummaryVM is what the page shows before the timeline.
func explainSummaryVM(l i18n.Lang, rep *explain.Report) view.ExplainSummaryVM {
	u := i18n.ExplainFor(l)
	sm := rep.Summary
	vm := view.ExplainSummaryVM{
		Sentence: u.Summary([7]int{sm.Messages, sm.Requests, sm.Responses, sm.Notifications, sm.Errors, sm.Invalid, sm.Problems},
			rep.Protocol, rep.ProtocolSource),
		OK: rep.OK(), Format: rep.Format,
	}
	vm.Verdict = u.AllGood
	if !vm.OK {
		vm.Verdict = u.SomethingWrong
	}
	if rep.Partial {
		vm.Notes = append(vm.Notes, u.Partial)
	}
	if rep.Truncated {
		vm.Notes = append(vm.Notes, u.Truncated)
	}
	for _, f := range rep.Findings {
		fv := view.ExplainFindingVM{Code: f.Code, Severity: f.Severity, Message: exercise.InlineHTML(f.Message), Detail: f.Detail}
		for _, mi := range f.Messages {
			fv.Seqs = append(fv.Seqs, mi+1)
		}
		if len(fv.Seqs) > 0 {
			fv.Focus = fv.Seqs[len(fv.Seqs)-1]
			fv.FocusLabel = fmt.Sprintf(u.ShowMessage, fv.Focus)
		} else if f.Line > 0 {
			fv.Where = fmt.Sprintf(u.LineN, f.Line)
		}
		vm.Findings = append(vm.Findings, fv)
	}
	return vm
}

// explainFormats are the choices of the format field: the formats the
// log reader knows, named in the page's language.
func explainFormats(u *i18n.ExplainUI, l i18n.Lang, chosen string) []view.ExplainOption {
	opts := []view.ExplainOption{{Value: "auto", Label: u.FormatAuto, Selected: chosen == "" || chosen == "auto"}}
	for _, f := range logimport.Known() {
		opts = append(opts, view.ExplainOption{Value: string(f.Name), Label: f.LabelIn(l), Selected: chosen == string(f.Name)})
	}
	return opts
}

// explainRevisions are the choices of the revision field.
func explainRevisions(u *i18n.ExplainUI, chosen string) []view.ExplainOption {
	opts := []view.ExplainOption{{Value: "", Label: u.ProtocolAuto, Selected: chosen == ""}}
	for _, r := range grader.Revisions() {
		opts = append(opts, view.ExplainOption{Value: r, Label: r, Selected: chosen == r})
	}
	return opts
}

// trimForForm is the pasted text to show again in the form, secrets
// masked, unless it is too long to send back.
func trimForForm(src []byte) string {
	if len(src) > 256<<10 {
		return ""
	}
	return strings.ToValidUTF8(string(logimport.Mask(src)), "\uFFFD")
}
