package pagevm

import (
	"fmt"
	"log/slog"
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
// exchange uses (view.Exchange, from exchange.go's helpers).

// explainPageSize is how many messages a page of the timeline shows: the
// HTML of a long log stays bounded, the other messages are on further
// pages (web's explain_page.go).
const explainPageSize = 100

// ExplainPages is how many pages a timeline of n messages takes.
func ExplainPages(n int) int { return max(1, (n+explainPageSize-1)/explainPageSize) }

// TimelinePage is the page of a timeline to lay out: its number (from 1),
// and the kept explanation's key ("" when it is not kept: its links then
// stay on the page).
type TimelinePage struct {
	Key  string
	Page int
}

// ExplainExchange is one page of the timeline of an explained log, and
// the diagram of that page's messages (log says why it could not be drawn).
func ExplainExchange(log *slog.Logger, l i18n.Lang, events []exchange.Event, tp TimelinePage) view.ExchangeVM {
	u := i18n.ExplainFor(l)
	from := (tp.Page - 1) * explainPageSize
	shown := events[min(from, len(events)):min(from+explainPageSize, len(events))]
	vm := view.ExchangeVM{W: ExchangeWords(i18n.ConsoleFor(l)), Items: make([]view.ExchangeItemVM, 0, len(shown))}
	vm.W.TimelineTitle = u.TimelineTitle
	if tp.Key != "" {
		vm.W.Pages = view.MsgPages{Size: explainPageSize, Current: tp.Page, URL: ExplainURL(l, tp.Key) + "?page=%d"}
	}
	ctx := ItemContext{Lang: l}
	for _, e := range shown {
		clipped := len(e.Raw) > previewBytes
		e.Raw = previewOf(u, l, e.Raw)
		it := ExchangeItem(ctx, e)
		it.FromLabel = explainFromLabel(u, e)
		if clipped && tp.Key != "" {
			it.WholeURL, it.WholeLabel = fmt.Sprintf("%s/messages/%d", ExplainURL(l, tp.Key), e.Seq), u.WholeMessage
		}
		vm.Items = append(vm.Items, it)
	}
	d := exchange.Diagram{Skipped: from}
	for _, e := range shown {
		d.Arrows = append(d.Arrows, exchange.ArrowOf(e))
	}
	vm.Diagram = Diagram(log, l, d)
	return vm
}

// ExplainPager links the pages of a timeline of n messages; note is said
// when the other pages could not be kept.
func ExplainPager(l i18n.Lang, n int, tp TimelinePage, note string) view.ExplainPagerVM {
	u := i18n.ExplainFor(l)
	pages := ExplainPages(n)
	p := view.ExplainPagerVM{Page: tp.Page, Pages: pages, PageLabel: u.PagerPage, Go: u.PagerGo,
		Of: fmt.Sprintf(u.PagerOf, pages), Prev: u.PagerPrev, Next: u.PagerNext}
	if pages > 1 && tp.Key == "" {
		p.Pages, p.Note = 1, note
		return p
	}
	first := (tp.Page-1)*explainPageSize + 1
	p.Shown = fmt.Sprintf(u.PagerShown, first, min(first+explainPageSize-1, n), n)
	p.Action = ExplainURL(l, tp.Key)
	if tp.Page > 1 {
		p.PrevURL = fmt.Sprintf("%s?page=%d", p.Action, tp.Page-1)
	}
	if tp.Page < pages {
		p.NextURL = fmt.Sprintf("%s?page=%d", p.Action, tp.Page+1)
	}
	return p
}

// ExplainURL is the address of a kept explanation.
func ExplainURL(l i18n.Lang, key string) string { return "/" + string(l) + "/explain/" + key }

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

// maxFindingsShown bounds the findings the summary lists: a log with a
// problem on every message has the rest in the explain JSON.
const maxFindingsShown = 200

// ExplainSummary is what the page shows before the timeline, in l
// whatever the language rep was explained in; codes link a code to its
// rule's page.
func ExplainSummary(codes Codes, l i18n.Lang, rep *explain.Report) view.ExplainSummaryVM {
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
	if s := rep.LifecycleSummary(l); s != "" {
		vm.Notes = append(vm.Notes, s) // what happened to the server, from the client's own words
	}
	vm.ContextTitle, vm.Context = explainContextVM(u, l, rep)
	problems := rep.Problems()
	if n := len(problems) - maxFindingsShown; n > 0 {
		problems, vm.More = problems[:maxFindingsShown], fmt.Sprintf(u.MoreFindings, n)
	}
	for _, f := range problems {
		f = f.In(l) // the judge wrote it in every language: a kept log is shown in either
		fv := view.ExplainFindingVM{Code: f.Code, Severity: f.Severity, Message: exercise.InlineHTML(f.Message), Detail: f.Detail,
			RuleURL: codes.RuleURL(l, f.Code)}
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

// explainContextVM names the lines of the log that are no MCP message,
// folded under a title that counts them.
func explainContextVM(u *i18n.ExplainUI, l i18n.Lang, rep *explain.Report) (string, []view.ExplainContextVM) {
	if rep.ContextLines == 0 {
		return "", nil
	}
	title := rep.ContextSummary(l)
	if len(rep.Context) < rep.ContextLines {
		title += " (" + fmt.Sprintf(u.ContextShown, len(rep.Context)) + ")"
	}
	out := make([]view.ExplainContextVM, 0, len(rep.Context))
	for _, c := range rep.Context {
		out = append(out, view.ExplainContextVM{Line: c.Line, Kind: c.Kind, Word: u.ContextKind(c.Kind), Text: c.Text})
	}
	return title, out
}

// ExplainFormats are the choices of the format field: the formats the
// log reader knows, named in the page's language.
func ExplainFormats(u *i18n.ExplainUI, l i18n.Lang, chosen string) []view.ExplainOption {
	opts := []view.ExplainOption{{Value: "auto", Label: u.FormatAuto, Selected: chosen == "" || chosen == "auto"}}
	for _, f := range logimport.Known() {
		opts = append(opts, view.ExplainOption{Value: string(f.Name), Label: f.LabelIn(l), Selected: chosen == string(f.Name)})
	}
	return opts
}

// ExplainRevisions are the choices of the revision field.
func ExplainRevisions(u *i18n.ExplainUI, chosen string) []view.ExplainOption {
	opts := []view.ExplainOption{{Value: "", Label: u.ProtocolAuto, Selected: chosen == ""}}
	for _, r := range grader.Revisions() {
		opts = append(opts, view.ExplainOption{Value: r, Label: r, Selected: chosen == r})
	}
	return opts
}

// TrimForForm is the pasted text to show again in the form, secrets
// masked, unless it is too long to send back.
func TrimForForm(src []byte) string {
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

// NeedsKeeping tells whether an explanation has more to show than its
// first page: further pages, or a message the page clips.
func NeedsKeeping(events []exchange.Event) bool {
	if len(events) > explainPageSize {
		return true
	}
	for i := range events {
		if len(events[i].Raw) > previewBytes {
			return true
		}
	}
	return false
}
