package explain

import (
	"github.com/mcpplayground/playground/internal/exchange"
	"github.com/mcpplayground/playground/internal/i18n"
)

// In is r in lang: each message's report, each finding and each event as
// the judge wrote them in that language when it explained the log
// (grader.Report.In, Finding.In, exchange.Event.In), in new slices; r is
// not changed and nothing is judged again. A page keeps one explanation
// and shows it in the language each visit asks for.
func (r *Report) In(lang i18n.Lang) *Report {
	out := *r
	out.Messages = make([]Message, len(r.Messages))
	for i, m := range r.Messages {
		m.Report = m.Report.In(lang)
		out.Messages[i] = m
	}
	out.Findings = make([]Finding, len(r.Findings))
	for i, f := range r.Findings {
		out.Findings[i] = f.In(lang)
	}
	out.events = make([]exchange.Event, len(r.events))
	for i, e := range r.events {
		out.events[i] = e.In(lang)
	}
	return &out
}
