package console

import (
	"encoding/json"
	"github.com/mcpplayground/playground/internal/grader"
	"strconv"
	"strings"
	"testing"

	"github.com/mcpplayground/playground/internal/exchange"
)

// A session too long to send whole keeps its latest messages.
func TestItemsLeaveOutTheOldest(t *testing.T) {
	var events []exchange.Event
	for i := 1; i <= 10; i++ {
		from := grader.SenderClient
		if i%2 == 0 {
			from = grader.SenderServer
		}
		events = append(events, exchange.Event{Seq: i, From: from, Raw: `{"jsonrpc":"2.0","method":"notifications/x","params":{"n":` + strconv.Itoa(i) + `}}`})
	}
	events = append(events, exchange.Event{Seq: 11, From: grader.SenderClient, Raw: "not json"})
	all, left := Items(events, 1<<20)
	if len(all) != 11 || left != 0 || all[1].From != "server" || string(all[10].Message) != `"not json"` {
		t.Fatalf("whole exchange: %d items, %d left out, %+v", len(all), left, all[10])
	}
	b, _ := json.Marshal(map[string]any{"answer": map[string]any{"exchange": all[6:]}})
	some, left := Items(events, len(b))
	if left != 6 || len(some) != 5 || !strings.Contains(string(some[0].Message), `"n":7`) {
		t.Errorf("cut to %d bytes: %d left out, %d kept, first %s", len(b), left, len(some), some[0].Message)
	}
	answer, kept, err := Answer(events, len(b))
	if err != nil || kept != 5 || !strings.HasPrefix(answer, `{"exchange":[{"from":"client"`) {
		t.Errorf("answer %s, %d kept, %v", answer, kept, err)
	}
}
