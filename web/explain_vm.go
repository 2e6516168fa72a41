package web

import (
	"fmt"
	"strings"
	"unicode/utf8"

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

// explainExchangeVM is the timeline and diagram of an explained log.
func (s *Server) explainExchangeVM(l i18n.Lang, rep *explain.Report) view.ExchangeVM {
	u := i18n.ExplainFor(l)
	events := rep.Events()
	vm := view.ExchangeVM{W: exchangeWords(i18n.ConsoleFor(l)), Items: make([]view.ExchangeItemVM, 0, len(events))}
	vm.W.TimelineTitle = u.TimelineTitle
	ctx := itemContext{lang: l, entryLang: l}
	for _, e := range events {
		e.Raw = previewOf(u, l, e.Raw)
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

// explainSummaryVM is what the page shows before the timeline; ruleURL
// links a code to its rule's page ("" when it has none).
func explainSummaryVM(l i18n.Lang, rep *explain.Report, ruleURL func(i18n.Lang, string) string) view.ExplainSummaryVM {
	u := i18n.ExplainFor(l)
	sm := rep.Summary
	vm := view.ExplainSummaryVM{
		Sentence: u.Summary([8]int{sm.Messages, sm.Requests, sm.Responses, sm.Notifications, sm.Errors, sm.Invalid, sm.Problems, sm.Remarks},
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
	for _, f := range rep.Problems() {
		fv := view.ExplainFindingVM{Code: f.Code, Severity: f.Severity, Message: exercise.InlineHTML(f.Message), Detail: f.Detail,
			RuleURL: ruleURL(l, f.Code)}
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

// previewBytes is how much of one message the page shows: the HTML of a
// log stays a small multiple of the log however long its messages are (a
// hostile peer's 1 MiB answer), and the whole message is in the explain
// JSON.
const previewBytes = 8 << 10

// previewOf is raw, or its first previewBytes with a line that says how
// long the whole message is and where to read it.
func previewOf(u *i18n.ExplainUI, l i18n.Lang, raw string) string {
	if len(raw) <= previewBytes {
		return raw
	}
	cut := previewBytes
	for cut > 0 && !utf8.RuneStart(raw[cut]) {
		cut--
	}
	return raw[:cut] + "\n" + fmt.Sprintf(u.Clipped, sizeKiB(len(raw), l), sizeKiB(cut, l))
}

// sizeKiB writes a size in KiB (Kio in French), with one decimal.
func sizeKiB(n int, l i18n.Lang) string {
	if l == i18n.FR {
		return strings.Replace(fmt.Sprintf("%.1f\u00a0Kio", float64(n)/1024), ".", ",", 1)
	}
	return fmt.Sprintf("%.1f\u00a0KiB", float64(n)/1024)
}
