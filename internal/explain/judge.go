package explain

import (
	"bytes"
	"encoding/json"
	"strings"

	"github.com/mcpplayground/playground/internal/grader"
	"github.com/mcpplayground/playground/internal/logimport"
)

// judge runs one conversation (the entries at the indices of group)
// through its own conversation checker, fills in their messages in r, and
// adds the conversation's findings.
func judge(r *Report, entries []logimport.Entry, group []int, opts Options) Conversation {
	c := Conversation{Peer: entries[group[0]].Peer, Run: entries[group[0]].Run, Partial: midSession(entries, group, opts.Protocol), Messages: group}
	begin := opts.Protocol
	if begin == "" {
		begin = opts.logRevision
	}
	s := grader.NewSession(grader.SessionOptions{Protocol: begin, Lang: opts.Lang, Partial: c.Partial})
	handshake := false
	for _, gi := range group {
		e := entries[gi]
		rep := s.Add(e.Raw, e.From)
		m := Message{Index: gi, Line: e.Line, From: e.From, Inferred: e.Inferred, Peer: e.Peer,
			Raw: string(e.Raw), Report: rep}
		if !e.Time.IsZero() {
			t := e.Time
			m.Time = &t
		}
		r.Messages[gi] = m
		r.liftSession(rep, gi, group)
		if rep.Method == "initialize" && rep.Kind == grader.KindResponse {
			handshake = true
		}
	}
	for _, f := range s.End() {
		r.Findings = append(r.Findings, Finding{Code: f.Code, Severity: f.Severity,
			Messages: global(f.Messages, group), Message: f.Message, Lesson: f.Lesson})
	}
	pair(r.Messages, group)
	start, source := startRevision(opts.Protocol)
	c.Protocol = s.Protocol()
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

// liftSession adds the session.* diagnostics of the report of message gi
// as findings, with the messages they refer to.
func (r *Report) liftSession(rep grader.Report, gi int, group []int) {
	for _, d := range rep.Diagnostics {
		if !strings.HasPrefix(d.Code, "session.") {
			continue
		}
		msgs := append(global(d.Related, group), gi)
		r.Findings = append(r.Findings, Finding{Code: d.Code, Severity: d.Severity,
			Messages: sortedUnique(msgs), Message: d.Message, Lesson: d.Lesson})
	}
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

// sortedUnique sorts small index lists in place and drops repeats.
func sortedUnique(xs []int) []int {
	for i := 1; i < len(xs); i++ {
		for j := i; j > 0 && xs[j] < xs[j-1]; j-- {
			xs[j], xs[j-1] = xs[j-1], xs[j]
		}
	}
	out := xs[:0]
	for i, x := range xs {
		if i == 0 || x != xs[i-1] {
			out = append(out, x)
		}
	}
	return out
}
