package exchange

import (
	"fmt"
	"reflect"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mcpplayground/playground/internal/grader"
	"github.com/mcpplayground/playground/internal/i18n"
)

const (
	initReq = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`
	initRes = `{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-06-18","capabilities":{"tools":{}},"serverInfo":{"name":"s","version":"1"}}}`
)

// deep compares events whole, what they say in every language included.
var deep = cmp.Exporter(func(reflect.Type) bool { return true })

func add(x *Exchange, from, raw string) Event { return x.Add(Message{Raw: []byte(raw), From: from}) }

// placed is what pairing decides about one event.
type placed struct {
	Seq                  int
	Kind                 grader.Kind
	Answers, AnsweredBy  int
	Cancels, CancelledBy int
}

func placements(events []Event) []placed {
	out := make([]placed, 0, len(events))
	for _, e := range events {
		out = append(out, placed{e.Seq, e.Kind, e.Answers, e.AnsweredBy, e.Cancels, e.CancelledBy})
	}
	return out
}

type sent struct{ from, raw string }

func TestPairing(t *testing.T) {
	for _, tt := range []struct {
		name string
		msgs []sent
		want []placed
	}{
		{"responses out of order", []sent{
			{grader.SenderClient, `{"jsonrpc":"2.0","id":1,"method":"ping"}`},
			{grader.SenderClient, `{"jsonrpc":"2.0","id":2,"method":"ping"}`},
			{grader.SenderServer, `{"jsonrpc":"2.0","id":2,"result":{}}`},
			{grader.SenderServer, `{"jsonrpc":"2.0","id":1,"error":{"code":-32603,"message":"x"}}`},
		}, []placed{{1, "request", 0, 4, 0, 0}, {2, "request", 0, 3, 0, 0}, {3, "response", 2, 0, 0, 0}, {4, "error", 1, 0, 0, 0}}},
		{"a string id never answers a number", []sent{
			{grader.SenderClient, `{"jsonrpc":"2.0","id":1,"method":"ping"}`},
			{grader.SenderServer, `{"jsonrpc":"2.0","id":"1","result":{}}`},
			{grader.SenderServer, `{"jsonrpc":"2.0","id":1.0,"result":{}}`},
		}, []placed{{1, "request", 0, 3, 0, 0}, {2, "response", 0, 0, 0, 0}, {3, "response", 1, 0, 0, 0}}},
		{"two spellings of one string", []sent{
			{grader.SenderServer, `{"jsonrpc":"2.0","id":"a","method":"roots/list"}`},
			{grader.SenderClient, `{"jsonrpc":"2.0","id":"\u0061","result":{"roots":[]}}`},
		}, []placed{{1, "request", 0, 2, 0, 0}, {2, "response", 1, 0, 0, 0}}},
		{"a response answers the other side only", []sent{
			{grader.SenderClient, `{"jsonrpc":"2.0","id":1,"method":"ping"}`},
			{grader.SenderClient, `{"jsonrpc":"2.0","id":1,"result":{}}`},
		}, []placed{{1, "request", 0, 0, 0, 0}, {2, "response", 0, 0, 0, 0}}},
		{"an error with id null answers the unreadable message", []sent{
			{grader.SenderClient, `{"jsonrpc":"2.0","id":1,"method":"ping"`},
			{grader.SenderServer, `{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error"}}`},
		}, []placed{{1, "invalid", 0, 2, 0, 0}, {2, "error", 1, 0, 0, 0}}},
		{"an invalid message with a readable id gets its error", []sent{
			{grader.SenderClient, `{"jsonrpc":"1.0","id":"x","method":"ping"}`},
			{grader.SenderServer, `{"jsonrpc":"2.0","id":"x","error":{"code":-32600,"message":"Invalid Request"}}`},
		}, []placed{{1, "invalid", 0, 2, 0, 0}, {2, "error", 1, 0, 0, 0}}},
		{"a cancellation names its sender's latest request", []sent{
			{grader.SenderClient, `{"jsonrpc":"2.0","id":"slow","method":"tools/call","params":{"name":"x"}}`},
			{grader.SenderServer, `{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"slow"}}`},
			{grader.SenderClient, `{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"slow"}}`},
		}, []placed{{1, "request", 0, 0, 0, 3}, {2, "notification", 0, 0, 0, 0}, {3, "notification", 0, 0, 1, 0}}},
		{"an unknown sender pairs with either side", []sent{
			{"", `{"jsonrpc":"2.0","id":9,"method":"ping"}`},
			{"", `{"jsonrpc":"2.0","id":9,"result":{}}`},
		}, []placed{{1, "request", 0, 2, 0, 0}, {2, "response", 1, 0, 0, 0}}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			x := New(Options{})
			for _, m := range tt.msgs {
				add(x, m.from, m.raw)
			}
			if diff := cmp.Diff(tt.want, placements(x.Events(0))); diff != "" {
				t.Errorf("placements (-want +got):\n%s", diff)
			}
		})
	}
}

// The handshake's revision applies to what follows; a response is checked
// against its request; a 2026-07-28 request speaks its own revision.
func TestRevisionsAndReports(t *testing.T) {
	x := New(Options{Lang: i18n.FR})
	if p := x.Protocol(); p != grader.DefaultRevision {
		t.Errorf("protocol before the handshake = %q", p)
	}
	add(x, grader.SenderClient, initReq)
	res := add(x, grader.SenderServer, initRes)
	if x.Protocol() != grader.Rev20250618 || res.Report.Protocol != grader.Rev20250618 {
		t.Errorf("after the handshake: protocol %q, the result read under %q", x.Protocol(), res.Report.Protocol)
	}
	add(x, grader.SenderClient, `{"jsonrpc":"2.0","id":2,"method":"tools/list"}`)
	bad := add(x, grader.SenderServer, `{"jsonrpc":"2.0","id":2,"result":{"tools":"none"}}`)
	if bad.Report.Valid || bad.Report.Method != "tools/list" || bad.Report.Protocol != grader.Rev20250618 {
		t.Errorf("a bad tools/list result: %+v", bad.Report)
	}

	m := New(Options{})
	req := add(m, grader.SenderClient, `{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"}}}`)
	note := add(m, grader.SenderServer, `{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"x"}}`)
	resp := add(m, grader.SenderServer, `{"jsonrpc":"2.0","id":1,"result":{"tools":[],"resultType":"complete"}}`)
	after := add(m, grader.SenderServer, `{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"x"}}`)
	got := []string{req.Report.Protocol, note.Report.Protocol, resp.Report.Protocol, after.Report.Protocol, m.Protocol()}
	// A session that speaks 2026-07-28 (no handshake, _meta on requests)
	// keeps speaking it.
	want := []string{"2026-07-28", "2026-07-28", "2026-07-28", "2026-07-28", "2026-07-28"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("revisions (-want +got):\n%s", diff)
	}
}

// Peek judges without recording; Answering names the request a response
// would answer; Waiting lists what still waits.
func TestPeekAnsweringWaiting(t *testing.T) {
	x := New(Options{})
	add(x, grader.SenderClient, initReq)
	add(x, grader.SenderServer, initRes)
	ask := add(x, grader.SenderServer, `{"jsonrpc":"2.0","id":0,"method":"roots/list"}`)
	reply := []byte(`{"jsonrpc":"2.0","id":0,"result":{"roots":"none"}}`)
	rep := x.Peek(reply, grader.SenderClient)
	if rep.Valid || rep.Method != "roots/list" {
		t.Errorf("peeked report %+v, want roots/list's result checked", rep)
	}
	if got, ok := x.Answering(reply, grader.SenderClient); !ok || got.Seq != ask.Seq {
		t.Errorf("Answering = #%d %v, want #%d", got.Seq, ok, ask.Seq)
	}
	if x.Len() != 3 {
		t.Errorf("Peek recorded: %d messages", x.Len())
	}
	if w := x.Waiting(grader.SenderServer); len(w) != 1 || w[0].Seq != ask.Seq {
		t.Errorf("waiting: %+v", w)
	}
	add(x, grader.SenderClient, string(reply))
	if w := x.Waiting(grader.SenderServer); len(w) != 0 {
		t.Errorf("still waiting after the response: %+v", w)
	}
	if _, ok := x.Answering(reply, grader.SenderClient); ok {
		t.Error("a second response would answer the same request")
	}
}

// A message over the checker's limit is kept as its start, judged whole,
// and the error about it pairs with it.
func TestOversize(t *testing.T) {
	x := New(Options{})
	big := make([]byte, grader.MaxSize+10)
	for i := range big {
		big[i] = 'a'
	}
	e := x.Add(Message{Raw: big, From: grader.SenderClient})
	if len(e.Raw) > maxKept+64 || e.Kind != grader.KindInvalid || e.Report.Valid {
		t.Errorf("oversize: %d bytes kept, kind %s, valid %v", len(e.Raw), e.Kind, e.Report.Valid)
	}
	r := add(x, grader.SenderServer, `{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"too large"}}`)
	if r.Answers != e.Seq {
		t.Errorf("the error answers #%d, want #%d", r.Answers, e.Seq)
	}
}

// The timeline keeps exactly the last MaxEvents events, in order, however
// many times it wrapped; Events(after) and Event(seq) agree with a plain
// list; a response pairs with a request that fell out of it.
func TestTimelineCap(t *testing.T) {
	for _, limit := range []int{1, 2, 3, 16, 17, 40} {
		for _, added := range []int{0, 1, limit - 1, limit, limit + 1, 2*limit + 3, 5 * limit} {
			t.Run(fmt.Sprintf("max=%d/added=%d", limit, added), func(t *testing.T) {
				x := New(Options{MaxEvents: limit})
				var all []Event
				for i := range added {
					all = append(all, add(x, grader.SenderClient, fmt.Sprintf(`{"jsonrpc":"2.0","method":"n/%d"}`, i)))
				}
				kept := all[max(0, len(all)-limit):]
				if len(x.tl.events) > limit || cap(x.tl.events) > max(limit, 16) {
					t.Errorf("ring holds %d events (cap %d), want at most %d", len(x.tl.events), cap(x.tl.events), limit)
				}
				for after := -1; after <= added+1; after++ {
					want := []Event{}
					for _, e := range kept {
						if e.Seq > after {
							want = append(want, e)
						}
					}
					if diff := cmp.Diff(want, x.Events(after), deep); diff != "" {
						t.Errorf("Events(%d) (-want +got):\n%s", after, diff)
					}
					e, ok := x.Event(after)
					if inKept := len(kept) > 0 && after >= kept[0].Seq && after <= added; ok != inKept || (ok && e.Seq != after) {
						t.Errorf("Event(%d) = #%d %v", after, e.Seq, ok)
					}
				}
				drained := x.Drain()
				if diff := cmp.Diff(append([]Event{}, kept...), append([]Event{}, drained...), deep); diff != "" {
					t.Errorf("Drain (-want +got):\n%s", diff)
				}
				if left := x.Events(-1); len(left) != 0 {
					t.Errorf("%d events left after Drain", len(left))
				}
			})
		}
	}
	x := New(Options{MaxEvents: 2})
	add(x, grader.SenderClient, `{"jsonrpc":"2.0","id":1,"method":"ping"}`)
	add(x, grader.SenderClient, `{"jsonrpc":"2.0","method":"n/a"}`)
	add(x, grader.SenderClient, `{"jsonrpc":"2.0","method":"n/b"}`)
	if r := add(x, grader.SenderServer, `{"jsonrpc":"2.0","id":1,"result":{}}`); r.Answers != 1 {
		t.Errorf("the response to a dropped request answers #%d, want #1", r.Answers)
	}
}

// An exchange told how many messages are coming allocates its timeline
// once, and hands it over whole.
func TestExpect(t *testing.T) {
	x := New(Options{MaxEvents: 50, Expect: 50})
	first := &x.tl.events[:1][0]
	for i := range 50 {
		add(x, grader.SenderClient, fmt.Sprintf(`{"jsonrpc":"2.0","method":"n/%d"}`, i))
	}
	got := x.Drain()
	if len(got) != 50 || &got[0] != first || got[49].Seq != 50 {
		t.Errorf("Drain: %d events, first at its first place %v, last #%d", len(got), &got[0] == first, got[len(got)-1].Seq)
	}
}

// A long conversation costs what its timeline costs: the checker
// remembers 4×MaxEvents+64 requests, forgetting answered ones first, so
// after thousands of answered calls a request still waits and pairs, and a
// response still pairs with a request the timeline has dropped.
func TestLongConversationBounded(t *testing.T) {
	x := New(Options{MaxEvents: 10})
	limitAt := 0 // the request where the checker starts forgetting says so
	for i := range 2000 {
		e := add(x, grader.SenderClient, fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"ping"}`, i))
		if limitAt == 0 && slices.ContainsFunc(e.Report.Diagnostics, func(d grader.Diagnostic) bool { return d.Code == "session.limit" }) {
			limitAt = i
		}
		add(x, grader.SenderServer, fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"result":{}}`, i))
	}
	if limitAt != maxIDs(10) {
		t.Errorf("the checker starts forgetting at request %d, want %d", limitAt, maxIDs(10))
	}
	open := add(x, grader.SenderServer, `{"jsonrpc":"2.0","id":"s1","method":"roots/list"}`)
	for i := range 20 {
		add(x, grader.SenderClient, fmt.Sprintf(`{"jsonrpc":"2.0","id":"late-%d","method":"ping"}`, i))
	}
	if w := x.Waiting(grader.SenderServer); len(w) != 0 {
		t.Errorf("waiting %v, want none kept: the timeline dropped #%d", placements(w), open.Seq)
	}
	if r := add(x, grader.SenderClient, `{"jsonrpc":"2.0","id":"s1","result":{"roots":[]}}`); r.Answers != open.Seq {
		t.Errorf("the reply answers #%d, want #%d, which the timeline dropped", r.Answers, open.Seq)
	}
	if r := add(x, grader.SenderServer, `{"jsonrpc":"2.0","id":"late-19","result":{}}`); r.Answers != open.Seq+20 {
		t.Errorf("the response answers #%d, want #%d", r.Answers, open.Seq+20)
	}
	if w := x.Waiting(grader.SenderClient); len(w) != 7 {
		t.Errorf("waiting %v, want the 7 requests still in the timeline", placements(w))
	}
}

// Live, a response before its request answers nothing (a stray reply must
// not answer a later request); in a log merged from two captures, it
// answers the first request of its id that follows.
func TestLateRequests(t *testing.T) {
	msgs := []sent{
		{grader.SenderServer, `{"jsonrpc":"2.0","id":3,"result":{}}`},
		{grader.SenderClient, `{"jsonrpc":"2.0","id":3,"method":"ping"}`},
		{grader.SenderClient, `{"jsonrpc":"2.0","id":3,"method":"ping"}`},
	}
	for _, tt := range []struct {
		late bool
		want []placed
	}{
		{false, []placed{{1, "response", 0, 0, 0, 0}, {2, "request", 0, 0, 0, 0}, {3, "request", 0, 0, 0, 0}}},
		{true, []placed{{1, "response", 2, 0, 0, 0}, {2, "request", 0, 1, 0, 0}, {3, "request", 0, 0, 0, 0}}},
	} {
		x := New(Options{LateRequests: tt.late})
		for _, m := range msgs {
			add(x, m.from, m.raw)
		}
		if diff := cmp.Diff(tt.want, placements(x.Events(0))); diff != "" {
			t.Errorf("LateRequests %v: placements (-want +got):\n%s", tt.late, diff)
		}
		if w := x.Waiting(grader.SenderClient); len(w) != 1 || w[0].Seq != 3 {
			t.Errorf("LateRequests %v: waiting %v, want #3 alone", tt.late, placements(w))
		}
	}
}
