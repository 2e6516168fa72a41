package explain

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/mcpplayground/playground/internal/grader"
	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/internal/logimport"
)

// WriteText writes the report as an annotated timeline for a terminal: the
// summary, then each message with who sent it, what it is, what it is
// paired with and what its report says, then the findings, then the
// verdict.
func WriteText(w io.Writer, r *Report, lang i18n.Lang) error {
	u := i18n.ExplainFor(lang)
	b := bufio.NewWriter(w)
	s := r.Summary
	fmt.Fprintln(b, u.Summary([8]int{s.Messages, s.Requests, s.Responses, s.Notifications, s.Errors, s.Invalid, s.Problems, s.Remarks}, r.Protocol, r.ProtocolSource))
	if r.Partial {
		fmt.Fprintln(b, u.Partial)
	}
	if r.Truncated {
		fmt.Fprintln(b, u.Truncated)
	}
	if r.ContextLines > 0 {
		fmt.Fprintln(b, r.ContextSummary(lang)+" (-json: \"context\")")
	}
	writeLifecycle(b, r.Lifecycle, lang)
	for i := range r.Messages {
		writeMessage(b, u, &r.Messages[i], r.cancelledByClose(i))
	}
	if ps := r.Problems(); len(ps) > 0 {
		fmt.Fprintf(b, "\n%s\n", u.FindingsTitle)
		for _, f := range ps {
			writeFinding(b, u, f)
		}
	}
	verdict := u.AllGood
	if !r.OK() {
		verdict = u.SomethingWrong
	}
	fmt.Fprintf(b, "\n%s\n", verdict)
	if err := b.Flush(); err != nil {
		return fmt.Errorf("write the explanation: %w", err)
	}
	return nil
}

// writeMessage writes one message: its header line, then its diagnostics.
func writeMessage(b *bufio.Writer, u *i18n.ExplainUI, m *Message, closed bool) {
	from := m.From
	if from == "" {
		from = u.Unknown
	}
	if m.Inferred {
		from += " " + u.Inferred
	}
	arrow := "→"
	if m.From == grader.SenderServer {
		arrow = "←"
	}
	head := fmt.Sprintf("\n#%d  %s  %s %s  %s", m.Index+1, fmt.Sprintf(u.LineN, m.Line), arrow, from, what(u, m))
	if m.Peer != "" {
		head += "  [" + m.Peer + "]"
	}
	switch {
	case m.Answers != nil:
		head += "  " + fmt.Sprintf(u.Answers, *m.Answers+1) // the number shown beside it
	case m.AnsweredBy != nil:
		head += "  " + fmt.Sprintf(u.AnsweredBy, *m.AnsweredBy+1)
	case closed:
		head += "  " + u.ClosedCancels
	case m.Report.Kind == grader.KindRequest:
		head += "  " + u.Unanswered
	}
	fmt.Fprintln(b, head)
	fmt.Fprintf(b, "    %s\n", clipLine(m.Raw, 160))
	if len(m.Report.Diagnostics) == 0 {
		fmt.Fprintf(b, "    ✓ %s\n", u.Valid)
	}
	for _, d := range m.Report.Diagnostics {
		ptr := ""
		if d.Pointer != "" {
			ptr = " (" + d.Pointer + ")"
		}
		fmt.Fprintf(b, "    %s %s%s: %s\n", mark(d.Severity), d.Code, ptr, d.Message)
	}
}

// writeFinding writes one finding with the messages it concerns.
func writeFinding(b *bufio.Writer, u *i18n.ExplainUI, f Finding) {
	where := make([]string, 0, len(f.Messages)+1)
	for _, i := range f.Messages {
		where = append(where, fmt.Sprintf("#%d", i+1)) // counted from 1, as the diagnostics count
	}
	if len(f.Messages) == 0 && f.Line > 0 {
		where = append(where, fmt.Sprintf(u.LineN, f.Line))
	}
	fmt.Fprintf(b, "  %s %s [%s]: %s\n", mark(f.Severity), f.Code, strings.Join(where, " "), f.Message)
	if f.Detail != "" {
		fmt.Fprintf(b, "      %s\n", f.Detail)
	}
}

// what names a message: its kind, method and id.
func what(u *i18n.ExplainUI, m *Message) string {
	s := kindWord(u, m.Report.Kind)
	if m.Report.Method != "" {
		s += " " + m.Report.Method
	}
	if len(m.Report.ID) > 0 {
		s += " id " + string(m.Report.ID)
	}
	return s
}

// kindWord names a kind of message in the reader's language.
func kindWord(u *i18n.ExplainUI, k grader.Kind) string {
	switch k {
	case grader.KindRequest:
		return u.Request1
	case grader.KindNotification:
		return u.Notification1
	case grader.KindResponse:
		return u.Response1
	case grader.KindError:
		return u.Error1
	}
	return u.Invalid1
}

func mark(severity string) string {
	switch severity {
	case grader.SeverityError:
		return "✗"
	case grader.SeverityWarning:
		return "!"
	}
	return "i"
}

// clipLine shows a message on one line, at most n characters.
func clipLine(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > n {
		return string(r[:n-1]) + "…"
	}
	return s
}

// cancelledByClose reports whether message i is a 2026-07-28 request the
// client cancelled by closing its response stream.
func (r *Report) cancelledByClose(i int) bool {
	for _, fi := range r.Messages[i].Findings {
		if r.Findings[fi].Code == logimport.CodeHTTPClosedCancels {
			return true
		}
	}
	return false
}

// writeLifecycle writes what the log says happened to the server, one
// event a line.
func writeLifecycle(b *bufio.Writer, events []logimport.Event, lang i18n.Lang) {
	if len(events) == 0 {
		return
	}
	fmt.Fprintf(b, "\n%s\n", logimport.LifecycleTitle[lang])
	u := i18n.ExplainFor(lang)
	for _, e := range events {
		line := fmt.Sprintf("  %s  %s", fmt.Sprintf(u.LineN, e.Line), logimport.EventLabel(e.Kind, lang))
		if e.Detail != "" {
			line += " (" + e.Detail + ")"
		}
		if e.Peer != "" {
			line += "  [" + e.Peer + "]"
		}
		fmt.Fprintln(b, line)
	}
}

// maxLifecycleSaid bounds the events LifecycleSummary names.
const maxLifecycleSaid = 12

// LifecycleSummary says in one sentence what the client's log says
// happened to the server, event by event ("" when it says nothing): the
// page shows it under the summary.
func (r *Report) LifecycleSummary(lang i18n.Lang) string {
	if len(r.Lifecycle) == 0 {
		return ""
	}
	u := i18n.ExplainFor(lang)
	var parts []string
	for i, e := range r.Lifecycle {
		if i == maxLifecycleSaid {
			parts = append(parts, "…")
			break
		}
		sep := ": "
		if lang == i18n.FR {
			sep = "\u00a0: " // French puts a space before the colon
		}
		p := fmt.Sprintf(u.LineN, e.Line) + sep + logimport.EventLabel(e.Kind, lang)
		if e.Detail != "" {
			p += " (" + e.Detail + ")"
		}
		parts = append(parts, p)
	}
	join := "; "
	if lang == i18n.FR {
		join = "\u00a0; "
	}
	return logimport.LifecycleTitle[lang] + " " + strings.Join(parts, join)
}
