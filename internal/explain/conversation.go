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
// indices of group): it is an exchange, numbered as the log, which judges
// and pairs its messages, applies the end of a log's rules and places the
// log's own findings about them (notes); their events are the report's as
// the exchange hands them over.
func conversation(r *Report, entries []logimport.Entry, group []int, notes []grader.Finding, opts Options) Conversation {
	c := Conversation{Peer: entries[group[0]].Peer, Run: entries[group[0]].Run, Partial: !opts.noHandshake && midSession(entries, group, opts.Protocol), Messages: group}
	begin := opts.Protocol
	if begin == "" {
		begin = opts.logRevision
	}
	x := exchange.New(exchange.Options{Protocol: begin, Lang: opts.Lang, Partial: c.Partial,
		MaxEvents: len(group), Expect: len(group), LateRequests: true,
		Numbered: true, EndOfLog: true, ClosedCancels: closedCancels(opts.Lang)})
	for _, gi := range group {
		e := &entries[gi]
		x.Add(exchange.Message{Raw: e.Raw, From: e.From, Inferred: e.Inferred, Line: e.Line, Time: e.Time,
			Cut: e.Cut, Closed: e.Closed, Index: gi})
		e.Raw = nil // the event holds its text now: the entry's copy can go
	}
	ended := x.End(notes...)
	placed := map[int][]string{} // what End wrote on each message, lifted already
	for _, f := range ended {
		if n := len(f.Messages); n > 0 {
			placed[f.Messages[n-1]] = append(placed[f.Messages[n-1]], f.Code)
		}
	}
	handshake := false
	for _, ev := range x.Drain() {
		gi := ev.Seq - 1
		r.Messages[gi] = message(ev, entries[gi].Peer)
		r.events[gi] = ev
		r.liftSession(ev.Report, gi, placed[gi])
		if ev.Report.Method == "initialize" && ev.Report.Kind == grader.KindResponse {
			handshake = true
		}
	}
	// the notes are the log's problems, which the report lists in the
	// log's order, after the conversations' findings
	r.Findings = append(r.Findings, ended[:len(ended)-len(notes)]...)
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

// message is event ev (numbered as the log) as the explain JSON shows it.
func message(ev exchange.Event, peer string) Message {
	m := Message{Index: ev.Seq - 1, Line: ev.Line, From: ev.From, Inferred: ev.Inferred, Peer: peer, Raw: ev.Raw, Report: ev.Report}
	if !ev.Time.IsZero() {
		t := ev.Time
		m.Time = &t
	}
	if ev.Answers > 0 {
		i := ev.Answers - 1
		m.Answers = &i
	}
	if ev.AnsweredBy > 0 {
		i := ev.AnsweredBy - 1
		m.AnsweredBy = &i
	}
	return m
}

// liftSession adds the session.* diagnostics of the report of message gi
// as findings, with the messages they refer to. The exchange has written
// them on those messages already, as mentions.
func (r *Report) liftSession(rep grader.Report, gi int, placed []string) {
	for _, d := range rep.Diagnostics {
		if !strings.HasPrefix(d.Code, "session.") || slices.Contains(placed, d.Code) {
			continue
		}
		msgs := append(slices.Clone(d.Related), gi)
		slices.Sort(msgs)
		r.Findings = append(r.Findings, d.Finding(slices.Compact(msgs)))
	}
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
func closedCancels(lang i18n.Lang) grader.Finding {
	info, _ := logimport.Info(logimport.CodeHTTPClosedCancels)
	return grader.Finding{Code: logimport.CodeHTTPClosedCancels, Severity: info.Severity,
		Lesson: info.Lesson}.Says(lang, info.MessageIn)
}
