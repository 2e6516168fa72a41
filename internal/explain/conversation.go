package explain

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"

	"github.com/mcpplayground/playground/internal/exchange"
	"github.com/mcpplayground/playground/internal/grader"
	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/internal/logimport"
)

// conversation explains one conversation of the log (the entries at the
// indices of group): it is an exchange, which judges and pairs its
// messages; their reports, pairs and problems are written in r under the
// log's indices.
func conversation(r *Report, entries []logimport.Entry, group []int, opts Options) Conversation {
	c := Conversation{Peer: entries[group[0]].Peer, Run: entries[group[0]].Run, Partial: !opts.noHandshake && midSession(entries, group, opts.Protocol), Messages: group}
	begin := opts.Protocol
	if begin == "" {
		begin = opts.logRevision
	}
	x := exchange.New(exchange.Options{Protocol: begin, Lang: opts.Lang, Partial: c.Partial,
		MaxEvents: len(group), Expect: len(group), LateRequests: true})
	for _, gi := range group {
		e := &entries[gi]
		x.Add(exchange.Message{Raw: e.Raw, From: e.From, Inferred: e.Inferred, Line: e.Line, Time: e.Time, Cut: e.Cut})
		e.Raw = nil // the event holds its text now: the entry's copy can go
	}
	handshake := false
	events := x.Drain()
	// The log's only conversation is numbered as the log: its events are
	// the report's as they are, without a copy.
	whole := len(group) == len(entries)
	if whole {
		r.events = events
	} else if r.events == nil {
		r.events = make([]exchange.Event, len(entries))
	}
	for i := range events {
		ev := &events[i]
		gi := group[ev.Seq-1]
		r.Messages[gi] = message(*ev, gi, entries[gi].Peer, group)
		if !whole {
			r.events[gi] = inLog(*ev, group)
		}
		r.liftSession(ev.Report, gi, group)
		if ev.Report.Method == "initialize" && ev.Report.Kind == grader.KindResponse {
			handshake = true
		}
	}
	for _, f := range x.Findings() {
		sev, keep := atLogEnd(f, entries, group, x.Protocol())
		if !keep {
			r.Findings = append(r.Findings, closedCancels(f, group, opts.Lang))
			continue
		}
		f.Severity = sev
		f.Messages = global(f.Messages, group)
		r.Findings = append(r.Findings, f)
	}
	start, source := startRevision(opts.Protocol)
	c.Protocol = x.Protocol()
	switch {
	case handshake, opts.Protocol == "" && opts.logRevision != "" && c.Protocol == opts.logRevision:
		c.ProtocolSource = SourceHandshake
	case c.Protocol != start:
		c.ProtocolSource = SourceMeta
	default:
		c.ProtocolSource = source
	}
	return c
}

// message is event ev of a conversation as the explain JSON shows it: the
// message at index gi of the log.
func message(ev exchange.Event, gi int, peer string, group []int) Message {
	m := Message{Index: gi, Line: ev.Line, From: ev.From, Inferred: ev.Inferred, Peer: peer, Raw: ev.Raw, Report: ev.Report}
	if !ev.Time.IsZero() {
		t := ev.Time
		m.Time = &t
	}
	if ev.Answers > 0 {
		i := group[ev.Answers-1]
		m.Answers = &i
	}
	if ev.AnsweredBy > 0 {
		i := group[ev.AnsweredBy-1]
		m.AnsweredBy = &i
	}
	return m
}

// inLog is ev numbered as the log (Report.Events): a conversation's Seq n
// is the log's message group[n-1], numbered from 1.
func inLog(ev exchange.Event, group []int) exchange.Event {
	seq := func(n int) int {
		if n <= 0 || n > len(group) {
			return 0
		}
		return group[n-1] + 1
	}
	ev.Seq, ev.Answers, ev.AnsweredBy = seq(ev.Seq), seq(ev.Answers), seq(ev.AnsweredBy)
	ev.Cancels, ev.CancelledBy = seq(ev.Cancels), seq(ev.CancelledBy)
	ev.Mentions = append([]exchange.Mention(nil), ev.Mentions...)
	for i := range ev.Mentions {
		ev.Mentions[i].Seq = seq(ev.Mentions[i].Seq)
	}
	return ev
}

// liftSession adds the session.* diagnostics of the report of message gi
// as findings, with the messages they refer to. The exchange has written
// them on those messages already, as mentions.
func (r *Report) liftSession(rep grader.Report, gi int, group []int) {
	for _, d := range rep.Diagnostics {
		if !strings.HasPrefix(d.Code, "session.") {
			continue
		}
		msgs := append(global(d.Related, group), gi)
		slices.Sort(msgs)
		r.Findings = append(r.Findings, Finding{Code: d.Code, Severity: d.Severity,
			Messages: slices.Compact(msgs), Message: d.Message, Lesson: d.Lesson})
	}
}

// place writes, in the findings' order, each finding that no message's
// report holds (what only the end of a conversation shows, a problem of the
// log) on the events it concerns: on the last as a diagnostic, on the
// others as a mention. A finding a report holds is a conversation problem,
// whose mentions the exchange wrote.
func (r *Report) place() {
	for _, f := range r.Findings {
		if len(f.Messages) > 0 && !hasCode(r.events[f.Messages[len(f.Messages)-1]].Report, f.Code) {
			r.placeOne(f)
		}
	}
}

func (r *Report) placeOne(f Finding) {
	at := f.Messages[len(f.Messages)-1]
	e := &r.events[at]
	e.Report.Diagnostics = append(slices.Clone(e.Report.Diagnostics), grader.Diagnostic{Code: f.Code, Severity: f.Severity,
		Message: f.Message, Lesson: f.Lesson})
	e.Report.Valid = e.Report.Valid && f.Severity != grader.SeverityError
	for _, mi := range f.Messages[:len(f.Messages)-1] {
		r.events[mi].Mentions = append(r.events[mi].Mentions, exchange.Mention{Seq: at + 1, Code: f.Code,
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

// global turns a conversation's message indices into the log's.
func global(local, group []int) []int {
	out := make([]int, 0, len(local)+1)
	for _, i := range local {
		if i >= 0 && i < len(group) {
			out = append(out, group[i])
		}
	}
	return out
}

// midSession reports whether a conversation starts mid-session: it holds
// no initialize request, and it is not a 2026-07-28 one (which has no
// handshake: its requests name their revision in _meta).
func midSession(entries []logimport.Entry, group []int, protocol string) bool {
	if protocol == grader.Rev20260728 {
		return false
	}
	for _, gi := range group {
		raw := entries[gi].Raw
		if bytes.Contains(raw, []byte(`"io.modelcontextprotocol/protocolVersion"`)) {
			return false
		}
		if !bytes.Contains(raw, []byte(`"initialize"`)) {
			continue
		}
		var m struct {
			Method string          `json:"method"`
			ID     json.RawMessage `json:"id"`
		}
		if json.Unmarshal(raw, &m) == nil && m.Method == "initialize" && len(m.ID) > 0 {
			return false
		}
	}
	return true
}

// closedCancels is the note said instead of "unanswered" about a
// 2026-07-28 request whose response stream the client closed: the
// request was cancelled, the way that revision cancels over HTTP.
func closedCancels(f grader.Finding, group []int, lang i18n.Lang) grader.Finding {
	info, _ := logimport.Info(logimport.CodeHTTPClosedCancels)
	return grader.Finding{Code: logimport.CodeHTTPClosedCancels, Severity: info.Severity,
		Messages: global(f.Messages, group), Message: info.Message[lang], Lesson: info.Lesson}
}

// atLogEnd is the severity of what the end of a log shows: a request the
// log leaves unanswered is what the client saw go wrong (it waited in
// vain), an error; except in 2026-07-28 over HTTP, where the client that
// closed the response stream cancelled the request, and no answer is due.
func atLogEnd(f grader.Finding, entries []logimport.Entry, group []int, rev string) (string, bool) {
	if f.Code != "session.request.unanswered" || len(f.Messages) == 0 || f.Messages[0] >= len(group) {
		return f.Severity, true
	}
	if rev == grader.Rev20260728 && entries[group[f.Messages[0]]].Closed {
		return "", false
	}
	return grader.SeverityError, true
}
