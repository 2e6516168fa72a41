package exchange

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mcpplayground/playground/internal/grader"
)

// An event's Version is the latest message that changed it, and it grows
// with each change: a copy taken before the change has a lower one.
func TestVersion(t *testing.T) {
	x := New(Options{})
	c, s := grader.SenderClient, grader.SenderServer
	add(x, c, initReq)
	add(x, s, initRes)
	add(x, c, `{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	call := add(x, c, `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"slow","_meta":{"progressToken":"p"}}}`)
	add(x, s, `{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"p","progress":1}}`)
	add(x, s, `{"jsonrpc":"2.0","id":2,"result":{"content":[]}}`)
	slow := add(x, c, `{"jsonrpc":"2.0","id":3,"method":"ping"}`)
	add(x, c, `{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":3}}`)
	add(x, c, `{"jsonrpc":"2.0","id":2,"method":"ping"}`) // id 2 again: a mention on #4
	if call.Version() != 4 || slow.Version() != 7 {
		t.Errorf("as added: call %d, ping %d; want their own numbers 4 and 7", call.Version(), slow.Version())
	}
	got := map[int]int{}
	for _, e := range x.Events(0) {
		got[e.Seq] = e.Version()
	}
	want := map[int]int{
		1: 2, // answered by #2
		2: 2, 3: 3,
		4: 9, // answered by #6, then its id used again by #9
		5: 5, 6: 6,
		7: 8, // cancelled by #8
		8: 8, 9: 9,
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("versions (-want +got):\n%s", d)
	}
}
