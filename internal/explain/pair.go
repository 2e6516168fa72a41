package explain

import (
	"github.com/mcpplayground/playground/internal/grader"
)

// pairKey is a request id with the side that sent the request: each side
// numbers its own requests, and the number 1 and the string "1" are two
// ids (a string keeps its quotes).
type pairKey struct {
	side string
	id   string
}

// pair links each response (or error) of a conversation with the request
// it answers, both ways: the open request of the other side with its id.
// A response logged before its request (two captures merged, clocks
// apart) is linked to the first request of that id that follows it.
func pair(msgs []Message, group []int) {
	open := map[pairKey]int{}   // request waiting → its index
	orphan := map[pairKey]int{} // response before its request → its index
	for _, gi := range group {
		m := &msgs[gi]
		id := grader.IDKeyOf(m.Report.ID).String()
		if id == "" {
			continue
		}
		switch m.Report.Kind {
		case grader.KindRequest:
			k := pairKey{m.From, id}
			if ri, ok := orphan[k]; ok {
				link(msgs, gi, ri)
				delete(orphan, k)
				continue
			}
			open[k] = gi
		case grader.KindResponse, grader.KindError:
			answer(msgs, gi, id, open, orphan)
		}
	}
}

// answer links response gi to the open request it answers, or keeps it
// for a request still to come.
func answer(msgs []Message, gi int, id string, open, orphan map[pairKey]int) {
	for _, side := range asker(msgs[gi].From) {
		k := pairKey{side, id}
		if qi, ok := open[k]; ok {
			link(msgs, qi, gi)
			delete(open, k)
			return
		}
	}
	for _, side := range asker(msgs[gi].From) {
		if _, ok := orphan[pairKey{side, id}]; !ok {
			orphan[pairKey{side, id}] = gi
		}
	}
}

// asker lists who may have sent the request a message from from answers.
func asker(from string) []string {
	switch from {
	case grader.SenderClient:
		return []string{grader.SenderServer}
	case grader.SenderServer:
		return []string{grader.SenderClient}
	}
	return []string{grader.SenderClient, grader.SenderServer, ""}
}

func link(msgs []Message, req, resp int) {
	q, r := req, resp
	msgs[req].AnsweredBy = &r
	msgs[resp].Answers = &q
}
