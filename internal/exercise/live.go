package exercise

import (
	"strconv"
	"strings"

	"github.com/mcpplayground/playground/internal/exchange"
	"github.com/mcpplayground/playground/internal/grader"
	"github.com/mcpplayground/playground/internal/i18n"
)

// liveRun is a live answer read as a conversation by internal/exchange,
// which judges and pairs it as it does the console's session: each message
// with its report as the next message of the session (single-message rules
// and session.* rules alike), and which request each response answers.
type liveRun struct {
	msgs []*exchangeMsg
	ctxs []*msgCtx
	// answeredAt is, per message, the index of the first response to it
	// (-1 when none, or when it is not a request).
	answeredAt []int
}

func (e *Exercise) newLiveRun(msgs []*exchangeMsg, lang i18n.Lang) *liveRun {
	run := &liveRun{msgs: msgs, ctxs: make([]*msgCtx, len(msgs)), answeredAt: make([]int, len(msgs))}
	// A session whose start is not in the answer (the console left its
	// oldest messages out) is a piece of a longer one: the checker then
	// assumes the handshake was done.
	partial := len(msgs) > 0 && e.Protocol != grader.Rev20260728 && !isInitialize(msgs[0])
	x := exchange.New(exchange.Options{Protocol: e.Protocol, Lang: lang, Partial: partial, MaxEvents: maxExchange})
	for i, m := range msgs {
		run.answeredAt[i] = -1
		ev := x.Add(exchange.Message{Raw: m.text, From: m.from})
		m.req = ev.Answers - 1 // Seq counts from 1; -1 when it answers nothing
		var req []byte
		if m.req >= 0 {
			req = msgs[m.req].text
			if run.answeredAt[m.req] < 0 {
				run.answeredAt[m.req] = i
			}
		}
		mc := &msgCtx{text: m.text, opts: e.options(lang, m.from, req), base: m.base, root: m.root, live: run, index: i}
		mc.rep = ev.Report
		run.ctxs[i] = mc
	}
	return run
}

func isInitialize(m *exchangeMsg) bool {
	if m.from != grader.SenderClient || m.root == nil {
		return false
	}
	method := m.root.Get("method")
	return method != nil && method.Kind == grader.String && method.Str == "initialize"
}

// judge is the valid check of a live exercise: every message the learner
// sent is valid, alone and as the next message of the session. It fails
// on the first error-level finding, with the checker's explanation.
func (run *liveRun) judge(c *Check, lang i18n.Lang) (outcome, string) {
	for i, m := range run.msgs {
		if m.from != grader.SenderClient {
			continue
		}
		d := firstError(run.ctxs[i].rep, "")
		if d == nil {
			continue
		}
		o := outcome{pointer: m.base + d.Pointer}
		if m.root != nil {
			o.line, o.column = m.root.Pos.Line, m.root.Pos.Column
		}
		fb := messageLabel(i, m, lang) + nbspColon(lang) + " " + d.Message
		if own := c.Feedback(lang); own != "" {
			fb += " " + own
		}
		return o, fb
	}
	return outcome{passed: true, pointer: "/exchange"}, ""
}

// messageLabel names message i for the learner: "Your message 4
// (`notifications/cancelled`)".
func messageLabel(i int, m *exchangeMsg, lang i18n.Lang) string {
	s := [2]string{"Your message ", "Votre message "}[idx(lang)] + strconv.Itoa(i+1)
	if m.root != nil {
		if method := m.root.Get("method"); method != nil && method.Kind == grader.String {
			s += " (`" + method.Str + "`)"
		}
	}
	return s
}

// valid reports whether message i is a valid message on its own (the
// session's findings aside): an invalid message never counts as the one
// a check asks for.
func (run *liveRun) valid(i int) bool {
	if run.msgs[i].root == nil {
		return false
	}
	for _, d := range run.ctxs[i].rep.Diagnostics {
		if d.Severity == grader.SeverityError && !strings.HasPrefix(d.Code, "session.") {
			return false
		}
	}
	return true
}

// picks reports whether the selector applies to message i.
func (run *liveRun) picks(s *selector, i int) bool {
	m := run.msgs[i]
	if (s.from != "" && m.from != s.from) || !run.valid(i) {
		return false
	}
	if s.kind != "" && string(run.ctxs[i].rep.Kind) != s.kind {
		return false
	}
	switch {
	case s.method != "":
		return methodIs(m.root, s.method) && toolIs(m.root, s.tool)
	case s.answers != "":
		return m.req >= 0 && run.valid(m.req) && methodIs(run.msgs[m.req].root, s.answers) && toolIs(run.msgs[m.req].root, s.tool)
	}
	return true
}

// picksOf reports whether the of selector of a same_as check picks
// message j for the message at index at.
func (run *liveRun) picksOf(s *selector, j, at int) bool {
	if j >= at || !run.picks(s, j) {
		return false
	}
	return !s.waiting || run.answeredAt[j] < 0 || run.answeredAt[j] > at
}

// indices lists from, from+1, … up to to (excluded).
func (run *liveRun) indices(from, to int) []int {
	out := make([]int, 0, max(to-from, 0))
	for i := from; i < to; i++ {
		out = append(out, i)
	}
	return out
}

// toolIs reports whether a tools/call request names the tool; any request
// does when tool is "".
func toolIs(root *grader.Value, tool string) bool {
	if tool == "" {
		return true
	}
	v := root.Get("params").Get("name")
	return v != nil && v.Kind == grader.String && v.Str == tool
}

func methodIs(root *grader.Value, method string) bool {
	if root == nil {
		return false
	}
	v := root.Get("method")
	return v != nil && v.Kind == grader.String && v.Str == method
}
