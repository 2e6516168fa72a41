package web

import (
	"fmt"
	"strings"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/console"
	"github.com/mcpplayground/playground/internal/exchange"
	"github.com/mcpplayground/playground/internal/exercise"
	"github.com/mcpplayground/playground/internal/grader"
	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/web/view"
)

// consoleItems is the layout of a console session's timeline items: the
// exchange's view models with the console's links to answer the server.
func consoleItems(l i18n.Lang, e *console.Session, exID string) itemContext {
	x := e.Console.Exchange()
	urls := newConsoleURLs(l, exID)
	waiting := map[int]bool{}
	for _, p := range x.Waiting(exchange.FromServer) {
		waiting[p.Seq] = true
	}
	return itemContext{
		lang: l, entryLang: e.Lang, partner: x.Event,
		waiting:   func(seq int) bool { return waiting[seq] },
		answerURL: func(seq int) string { return urls.param("reply", fmt.Sprint(seq)) + "#answer" },
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
	w := exchangeWords(i18n.ConsoleFor(l))
	protocol := e.Console.Protocol()
	for _, ev := range events {
		// The event as it is now: a response may have come since.
		if now, ok := ctx.partner(ev.Seq); ok {
			ev = now
		}
		html, err := renderString(c.Request.Context(), view.ExchangeItem(w, exchangeItemVM(ctx, ev)))
		if err != nil {
			return nil, err
		}
		o := consoleEventOut{Event: ev, HTML: html, Protocol: protocol}
		for _, seq := range []int{ev.Answers, ev.Cancels} {
			req, ok := ctx.partner(seq)
			if seq == 0 || !ok {
				continue
			}
			html, err := renderString(c.Request.Context(), view.ExchangeItem(w, exchangeItemVM(ctx, req)))
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
		vm.Summary = fmt.Sprintf(x.ReportErrors, errs)
	case others > 0:
		vm.Summary = fmt.Sprintf(x.ReportWarnings, others)
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
