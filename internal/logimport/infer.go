package logimport

import "github.com/mcpplayground/playground/internal/grader"

// inferSenders fills in the sender of the messages the log did not
// attribute, and marks them Inferred: a request or notification by who
// sends its method, a response as the other side of the request it
// answers. What cannot be told stays "".
func inferSenders(entries []Entry) {
	k := known{open: map[string]string{}, tokens: map[string]string{}}
	last := ""
	for i := range entries {
		e := &entries[i]
		p := peek(e.Raw)
		if e.From == "" {
			e.From = k.guess(p)
			if e.From == "" && p.kind == kindResponse && p.id == "" {
				// an answer without an id answers what came just before it
				e.From = other(last)
			}
			e.Inferred = e.From != ""
		}
		k.note(p, e.From)
		last = e.From
	}
}

// known is what the messages read so far tell about the ones to come.
type known struct {
	open   map[string]string // id of a request still waiting → its sender
	tokens map[string]string // progress token → the sender of the request that asked for it
}

// note records what message p, sent by from, opens or closes.
func (k known) note(p peeked, from string) {
	switch p.kind {
	case kindRequest:
		k.open[p.id] = from
		if p.token != "" {
			k.tokens[p.token] = from
		}
	case kindResponse:
		delete(k.open, p.id)
	}
}

// guess tells who sent a message from the message and what came before:
// who sends its method; the side that did not ask, for an answer or a
// progress report; the side that asked, for a cancellation.
func (k known) guess(p peeked) string {
	switch p.kind {
	case kindRequest, kindNotification:
		switch s := grader.MethodSender(p.method, ""); s {
		case grader.SenderClient, grader.SenderServer:
			return s
		}
		switch p.method {
		case "notifications/progress":
			return other(k.tokens[p.token])
		case "notifications/cancelled":
			return k.open[p.cancels]
		}
	case kindResponse:
		return other(k.open[p.id])
	}
	return ""
}
