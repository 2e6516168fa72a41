package exchange

import (
	"slices"
	"strings"
	"testing"

	"github.com/mcpplayground/playground/internal/grader"
)

// sessionCodes lists the conversation diagnostics of e.
func sessionCodes(e Event) []string {
	var out []string
	for _, d := range e.Report.Diagnostics {
		if strings.HasPrefix(d.Code, "session.") {
			out = append(out, d.Code)
		}
	}
	return out
}

// A reused id is reported on the message that reuses it and mentioned on
// the earlier one; Peek says the same before anything is recorded.
func TestConversationProblemsOnBothEnds(t *testing.T) {
	x := New(Options{})
	add(x, grader.SenderClient, initReq)
	add(x, grader.SenderServer, initRes)
	add(x, grader.SenderClient, `{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	first := add(x, grader.SenderClient, `{"jsonrpc":"2.0","id":5,"method":"ping"}`)
	add(x, grader.SenderServer, `{"jsonrpc":"2.0","id":5,"result":{}}`)
	again := `{"jsonrpc":"2.0","id":5,"method":"ping"}`

	peeked := x.Peek([]byte(again), grader.SenderClient)
	if x.Len() != 5 || !slices.ContainsFunc(peeked.Diagnostics, func(d grader.Diagnostic) bool { return strings.HasPrefix(d.Code, "session.") }) {
		t.Fatalf("Peek recorded (%d messages) or saw no conversation problem: %+v", x.Len(), peeked.Diagnostics)
	}
	reused := add(x, grader.SenderClient, again)
	if len(sessionCodes(reused)) == 0 {
		t.Fatalf("the reused id is not reported: %+v", reused.Report.Diagnostics)
	}
	var related []int
	for _, d := range reused.Report.Diagnostics {
		related = append(related, d.Related...)
	}
	if !slices.Contains(related, first.Seq-1) {
		t.Errorf("the diagnostics relate %v, want index %d (#%d)", related, first.Seq-1, first.Seq)
	}
	got, _ := x.Event(first.Seq)
	if len(got.Mentions) == 0 || got.Mentions[0].Seq != reused.Seq || !strings.HasPrefix(got.Mentions[0].Code, "session.") {
		t.Errorf("the first ping mentions %+v, want the problem found on #%d", got.Mentions, reused.Seq)
	}
}

// A response to nothing and a request before the handshake are
// conversation problems; a request never answered is a finding of the end.
func TestConversationFindings(t *testing.T) {
	x := New(Options{})
	early := add(x, grader.SenderClient, `{"jsonrpc":"2.0","id":1,"method":"tools/list"}`)
	stray := add(x, grader.SenderClient, `{"jsonrpc":"2.0","id":999,"result":{}}`)
	for _, e := range []Event{early, stray} {
		if len(sessionCodes(e)) == 0 {
			t.Errorf("#%d has no conversation diagnostic: %+v", e.Seq, e.Report.Diagnostics)
		}
	}
	f := x.Findings()
	if len(f) == 0 || !slices.Contains(f[0].Messages, early.Seq-1) {
		t.Errorf("findings %+v, want the unanswered #%d", f, early.Seq)
	}
}

// A message its source holds only the start of is placed and paired, and
// judged by the conversation's rules alone: what the cut removed is no
// fault of its sender.
func TestCutMessage(t *testing.T) {
	x := New(Options{Partial: true})
	req := x.Add(Message{Raw: []byte(`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{}}`), From: grader.SenderClient, Cut: true})
	res := x.Add(Message{Raw: []byte(`{"jsonrpc":"2.0","id":3,"result":{"content":[]}}`), From: grader.SenderServer})
	if !req.Report.Valid || len(req.Report.Diagnostics) != 0 {
		t.Errorf("the cut request is blamed: %+v", req.Report.Diagnostics)
	}
	if res.Answers != req.Seq {
		t.Errorf("the response answers #%d, want #%d", res.Answers, req.Seq)
	}
	whole := New(Options{Partial: true}).Add(Message{Raw: []byte(`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{}}`), From: grader.SenderClient})
	if whole.Report.Valid {
		t.Error("the same request, not cut, is valid: the test proves nothing")
	}
}

// A source that numbers its messages itself gets every number back in its
// own terms, and End places the end's findings and its own notes on the
// events, under a log's rules.
func TestNumberedEnd(t *testing.T) {
	x := New(Options{Numbered: true, EndOfLog: true, Partial: true})
	x.Add(Message{Raw: []byte(`{"jsonrpc":"2.0","id":1,"method":"ping"}`), From: grader.SenderClient, Index: 4})
	x.Add(Message{Raw: []byte(`{"jsonrpc":"2.0","id":2,"method":"ping"}`), From: grader.SenderClient, Index: 7})
	x.Add(Message{Raw: []byte(`{"jsonrpc":"2.0","id":1,"result":{}}`), From: grader.SenderServer, Index: 9})
	note := grader.Finding{Code: "log.note", Severity: grader.SeverityWarning, Messages: []int{9}}
	fs := x.End(note)
	if len(fs) != 2 || fs[0].Code != "session.request.unanswered" || fs[0].Severity != grader.SeverityError || !slices.Equal(fs[0].Messages, []int{7}) {
		t.Fatalf("findings %+v, want the unanswered #8 as an error, then the note", fs)
	}
	evs := x.Drain()
	if evs[0].Seq != 5 || evs[0].AnsweredBy != 10 || evs[2].Answers != 5 {
		t.Errorf("numbers %d→%d, %d answers %d; want 5→10, 10 answers 5", evs[0].Seq, evs[0].AnsweredBy, evs[2].Seq, evs[2].Answers)
	}
	if evs[1].Report.Valid || !slices.ContainsFunc(evs[2].Report.Diagnostics, func(d grader.Diagnostic) bool { return d.Code == "log.note" }) {
		t.Errorf("End placed nothing: %+v / %+v", evs[1].Report, evs[2].Report)
	}
}
