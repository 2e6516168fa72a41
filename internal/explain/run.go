package explain

import (
	"fmt"

	"github.com/mcpplayground/playground/internal/exchange"

	"github.com/mcpplayground/playground/internal/grader"
	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/internal/logimport"
)

// Explain reads src as a log and explains it. It fails only when the log
// cannot be read at all (too large, not text, not the format asked for);
// whatever is wrong inside a readable log is in the report.
func Explain(src []byte, opts Options) (*Report, error) {
	res, err := logimport.Read(src, opts.Format, opts.Limits)
	if err != nil {
		return nil, fmt.Errorf("read the log: %w", err)
	}
	return FromLog(res, opts), nil
}

// ExplainPair explains a stdio capture kept as two files: what the client
// wrote and what the server wrote.
func ExplainPair(client, server []byte, opts Options) (*Report, error) {
	res, err := logimport.ReadPair(client, server, opts.Limits)
	if err != nil {
		return nil, fmt.Errorf("read the log: %w", err)
	}
	return FromLog(res, opts), nil
}

// FromLog explains what logimport read. It takes res over: the entries'
// text is dropped as their messages are explained.
func FromLog(res logimport.Result, opts Options) *Report {
	if opts.Lang != i18n.FR {
		opts.Lang = i18n.EN
	}
	if opts.Protocol == "" {
		opts.logRevision = res.Revision
	}
	opts.noHandshake = res.NoHandshake
	res = res.OfPeer(opts.Peer)
	entries := res.Entries
	r := &Report{Format: string(res.Format), Truncated: res.Truncated, Context: res.Context, ContextLines: res.ContextLines,
		Messages: make([]Message, len(entries)), Findings: []Finding{}, Lifecycle: res.Lifecycle}
	notes, logFindings := r.problemFindings(res.Problems, len(entries), opts.Lang)
	r.events = make([]exchange.Event, len(entries))
	for _, group := range groupByPeer(entries) {
		var mine []grader.Finding
		for _, gi := range group {
			mine = append(mine, notes[gi]...)
		}
		c := conversation(r, entries, group, mine, opts)
		if len(r.Conversations) == 0 {
			r.Protocol, r.ProtocolSource, r.Partial = c.Protocol, c.ProtocolSource, c.Partial
		}
		r.Conversations = append(r.Conversations, c)
	}
	if len(r.Conversations) <= 1 {
		r.Conversations = nil
	}
	if r.Protocol == "" {
		r.Protocol, r.ProtocolSource = startRevision(opts.Protocol)
	}
	r.Findings = append(r.Findings, logFindings...)
	r.attachFindings()
	r.Summary = summarize(r)
	return r
}

// startRevision is the revision assumed before any message, and why.
func startRevision(asked string) (string, string) {
	if asked != "" {
		return asked, SourceProtocol
	}
	return grader.DefaultRevision, SourceDefault
}

// groupByPeer lists the entry indices of each conversation: a peer, and
// each run of it (a server the client started again), in the order they
// first appear.
func groupByPeer(entries []logimport.Entry) [][]int {
	type key struct {
		peer string
		run  int
	}
	at := map[key]int{}
	var groups [][]int
	for i, e := range entries {
		k := key{e.Peer, e.Run}
		g, ok := at[k]
		if !ok {
			g = len(groups)
			at[k] = g
			groups = append(groups, nil)
		}
		groups[g] = append(groups[g], i)
	}
	return groups
}
