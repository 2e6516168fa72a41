package console

import (
	"encoding/json"
	"fmt"

	"github.com/mcpplayground/playground/internal/exchange"
	"github.com/mcpplayground/playground/internal/grader"
)

// Item is one message of a live exercise's answer (internal/exercise
// FORMAT.md): the message itself when it is JSON, else its text as a
// string.
type Item struct {
	From    grader.Sender   `json:"from"`
	Message json.RawMessage `json:"message"`
}

// Items writes events as the exchange of a live exercise, within limit
// bytes once wrapped in {"answer": {"exchange": …}}: when the session is
// longer, its oldest messages are left out, and leftOut says how many.
func Items(events []exchange.Event, limit int) (items []Item, leftOut int) {
	items = make([]Item, 0, len(events))
	sizes := make([]int, 0, len(events))
	total := len(`{"answer":{"exchange":[]}}`)
	for _, e := range events {
		it := Item{From: e.From}
		if json.Valid([]byte(e.Raw)) {
			it.Message, _ = compactJSON(e.Raw)
		} else {
			it.Message, _ = json.Marshal(e.Raw)
		}
		b, _ := json.Marshal(it)
		items = append(items, it)
		sizes = append(sizes, len(b)+1)
		total += len(b) + 1
	}
	if len(items) > 0 {
		total-- // n items take n-1 commas
	}
	drop := 0
	for total > limit && drop < len(items) {
		total -= sizes[drop]
		drop++
	}
	return items[drop:], drop
}

// Answer is the answer text of a live exercise for events, and how many
// messages it holds when some had to be left out (else 0).
func Answer(events []exchange.Event, limit int) (string, int, error) {
	items, leftOut := Items(events, limit)
	b, err := json.Marshal(map[string]any{"exchange": items})
	if err != nil {
		return "", 0, fmt.Errorf("encode the exchange: %w", err)
	}
	kept := 0
	if leftOut > 0 {
		kept = len(items)
	}
	return string(b), kept, nil
}

func compactJSON(s string) (json.RawMessage, error) {
	var v json.RawMessage
	if err := json.Unmarshal([]byte(s), &v); err != nil {
		return nil, fmt.Errorf("read a message: %w", err)
	}
	return json.Marshal(v) // compact
}
