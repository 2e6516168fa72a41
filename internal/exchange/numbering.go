package exchange

import (
	"slices"

	"github.com/mcpplayground/playground/internal/grader"
)

// The caller's numbering (Options.Numbered): a source that numbers its
// messages itself (an explained log holding several conversations, whose
// messages are numbered over the whole log) gives each one its Index, and
// the exchange speaks in those numbers everywhere it hands out: an event's
// Seq is its Index+1, and so are its pairs, its mentions, the messages a
// diagnostic or a finding refers to (0-based: the Index itself). Inside,
// the exchange counts its own messages from 1, as the checker does.

// mine is the caller's Seq of the event numbered seq inside (0 stays 0).
func (x *Exchange) mine(seq int) int {
	if !x.opts.Numbered || seq <= 0 || seq > len(x.index) {
		return seq
	}
	return x.index[seq-1] + 1
}

// inside is the exchange's own Seq of the caller's seq (0 when unknown).
func (x *Exchange) inside(seq int) int {
	if !x.opts.Numbered {
		return seq
	}
	return x.seqOf[seq]
}

// indices turns the exchange's 0-based message indices into the caller's.
func (x *Exchange) indices(in []int) []int {
	if !x.opts.Numbered {
		return in
	}
	out := make([]int, 0, len(in))
	for _, i := range in {
		if s := x.mine(i + 1); s > 0 {
			out = append(out, s-1)
		}
	}
	return out
}

// own is e numbered as the caller numbers its messages.
func (x *Exchange) own(e Event) Event {
	if !x.opts.Numbered {
		return e
	}
	e.Seq, e.Answers, e.AnsweredBy = x.mine(e.Seq), x.mine(e.Answers), x.mine(e.AnsweredBy)
	e.Cancels, e.CancelledBy = x.mine(e.Cancels), x.mine(e.CancelledBy)
	if len(e.Mentions) > 0 {
		e.Mentions = slices.Clone(e.Mentions)
		for i := range e.Mentions {
			e.Mentions[i].Seq = x.mine(e.Mentions[i].Seq)
		}
	}
	cloned := false
	for i := range e.Report.Diagnostics {
		if len(e.Report.Diagnostics[i].Related) == 0 {
			continue
		}
		if !cloned {
			e.Report.Diagnostics, cloned = slices.Clone(e.Report.Diagnostics), true
		}
		e.Report.Diagnostics[i].Related = x.indices(e.Report.Diagnostics[i].Related)
	}
	return e
}

// ownAll numbers events as the caller does, in place.
func (x *Exchange) ownAll(events []Event) []Event {
	for i := range events {
		events[i] = x.own(events[i])
	}
	return events
}

// number records the caller's Index of the message just numbered seq.
func (x *Exchange) number(seq, index int) {
	if !x.opts.Numbered {
		return
	}
	x.index = append(x.index, index)
	if x.seqOf == nil {
		x.seqOf = map[int]int{}
	}
	x.seqOf[index+1] = seq
}

// findingsOwn numbers findings' messages as the caller does.
func (x *Exchange) findingsOwn(fs []grader.Finding) []grader.Finding {
	for i := range fs {
		fs[i].Messages = x.indices(fs[i].Messages)
	}
	return fs
}
