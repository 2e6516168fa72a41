package exchange

import (
	"slices"

	"github.com/mcpplayground/playground/internal/grader"
)

// codeUnanswered is the checker's finding about a request left without a
// response.
const codeUnanswered = "session.request.unanswered"

// End closes the conversation: what only its end shows (Findings), under
// the end's rules (Options.EndOfLog, Message.Closed), and the caller's own
// findings about its messages (notes: what a log says of them), each
// placed on the events it concerns, a diagnostic on the last and a
// mention on the others, so that every event carries its whole verdict.
// It returns those findings, in the caller's numbering. A note refers to
// messages by the caller's indices (0-based).
func (x *Exchange) End(notes ...grader.Finding) []grader.Finding {
	x.mu.Lock()
	defer x.mu.Unlock()
	var out []grader.Finding
	for _, f := range x.judge.sess.End() {
		if f, keep := x.atEnd(f); keep {
			out = append(out, f)
		}
	}
	out = x.findingsOwn(out)
	out = append(out, notes...)
	for _, f := range out {
		x.place(f)
	}
	return out
}

// atEnd applies the end's rules to a finding of the checker: a request a
// log leaves unanswered is what the client saw go wrong (it waited in
// vain), an error; except in 2026-07-28, where a client that closed the
// request's response stream cancelled it (Options.ClosedCancels is said
// instead, or nothing).
func (x *Exchange) atEnd(f grader.Finding) (grader.Finding, bool) {
	if f.Code != codeUnanswered || len(f.Messages) == 0 || !x.opts.EndOfLog {
		return f, true
	}
	if x.judge.protocol() == grader.Rev20260728 && x.closed[f.Messages[0]] {
		if x.opts.ClosedCancels.Code == "" {
			return f, false
		}
		c := x.opts.ClosedCancels
		c.Messages = slices.Clone(f.Messages)
		return c, true
	}
	f.Severity = grader.SeverityError
	return f, true
}

// place writes f (its messages in the caller's numbering) on the events it
// concerns: on the last as a diagnostic, on the others as a mention. A
// finding whose last event is gone from the timeline is returned, not
// placed.
func (x *Exchange) place(f grader.Finding) {
	if len(f.Messages) == 0 {
		return
	}
	at := x.inside(f.Messages[len(f.Messages)-1] + 1)
	e := x.tl.at(at)
	if e == nil || at == 0 || slices.ContainsFunc(e.Report.Diagnostics, func(d grader.Diagnostic) bool { return d.Code == f.Code }) {
		return // a conversation problem its report holds: its mentions are written
	}
	d := f.Diagnostic()
	e.Report.Diagnostics = append(slices.Clone(e.Report.Diagnostics), d)
	e.Report.Valid = e.Report.Valid && f.Severity != grader.SeverityError
	for _, mi := range f.Messages[:len(f.Messages)-1] {
		if r := x.tl.at(x.inside(mi + 1)); r != nil && r.Seq != at && len(r.Mentions) < maxMentions {
			r.Mentions = append(r.Mentions, Mention{Seq: at, Code: f.Code, Severity: f.Severity, Message: f.Message, of: d})
		}
	}
}
