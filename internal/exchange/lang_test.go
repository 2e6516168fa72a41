package exchange

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mcpplayground/playground/internal/grader"
	"github.com/mcpplayground/playground/internal/i18n"
)

// An exchange judged in one language reads in another, without judging
// again: every report, its conversation diagnostics, the mentions on the
// earlier messages and the end's findings are what the exchange judged in
// that other language says.
func TestEventIn(t *testing.T) {
	msgs := []struct{ from, raw string }{
		{grader.SenderClient, initReq},
		{grader.SenderServer, initRes},
		{grader.SenderClient, `{"jsonrpc":"2.0","method":"notifications/initialized"}`},
		{grader.SenderClient, `{"jsonrpc":"2.0","id":5,"method":"ping"}`},
		{grader.SenderServer, `{"jsonrpc":"2.0","id":5,"result":{}}`},
		{grader.SenderClient, `{"jsonrpc":"2.0","id":5,"method":"ping"}`},
		{grader.SenderClient, `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"nmae":"x"}}`},
		{grader.SenderClient, `{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":7}}`},
		{grader.SenderServer, `{"jsonrpc":"2.0","id":99,"result":{}}`},
	}
	events := map[i18n.Lang][]Event{}
	for _, l := range i18n.All {
		x := New(Options{Lang: l})
		for _, m := range msgs {
			add(x, m.from, m.raw)
		}
		x.End()
		events[l] = x.Events(0)
	}
	mentions := 0
	for _, from := range i18n.All {
		for _, to := range i18n.All {
			for i, e := range events[from] {
				if diff := cmp.Diff(events[to][i], e.In(to), deep); diff != "" {
					t.Fatalf("#%d judged in %s, given in %s (-judged in %[3]s +given):\n%s", e.Seq, from, to, diff)
				}
				mentions += len(e.Mentions)
			}
		}
	}
	if mentions == 0 {
		t.Fatal("no mention in the exchange: the test proves nothing about them")
	}
	if en, fr := events[i18n.EN][5].Report.Diagnostics, events[i18n.FR][5].Report.Diagnostics; len(en) == 0 || en[0].Message == fr[0].Message {
		t.Fatalf("the reused id says %+v in English and %+v in French: the test proves nothing", en, fr)
	}
}
