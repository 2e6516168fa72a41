package console

import (
	"bytes"
	"context"
	"slices"
	"testing"
	"testing/fstest"

	"github.com/google/go-cmp/cmp"

	"github.com/mcpplayground/playground/internal/exchange"
	"github.com/mcpplayground/playground/internal/exercise"
	"github.com/mcpplayground/playground/internal/explain"
	"github.com/mcpplayground/playground/internal/grader"
	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/internal/markdown"
	"github.com/mcpplayground/playground/internal/servercheck"
	"github.com/mcpplayground/playground/mockserver"
)

// crossExercise is a server exercise whose run is one conversation with
// every kind of pair: the handshake, requests with a number and a string
// id, a notification, and an error.
const crossExercise = `---
id: tools-server-cross
lesson: tools
kind: server
revisions: [2025-11-25]
steps:
  - name: handshake
    send: handshake
  - name: list
    send: {"jsonrpc": "2.0", "id": 2, "method": "tools/list"}
    checks:
      - kind: response
  - name: call
    send: {"jsonrpc": "2.0", "id": "three", "method": "tools/call", "params": {"name": "suggest_gifts", "arguments": {"occasion": "birthday", "budget": 30}}}
    checks:
      - kind: response
  - name: unknown
    send: {"jsonrpc": "2.0", "id": 4, "method": "tools/unknown"}
    checks:
      - kind: error
  - name: ping
    send: {"jsonrpc": "2.0", "id": 5, "method": "ping"}
    checks:
      - kind: response
---

# en: Cross

Cross.
`

// pair is what pairing says of one message: its place, sender and kind,
// and the places of its partners.
type pair struct {
	Seq                 int
	From                string
	Kind                grader.Kind
	Answers, AnsweredBy int
}

func pairsOf(events []exchange.Event) []pair {
	out := make([]pair, 0, len(events))
	for _, e := range events {
		out = append(out, pair{e.Seq, e.From, e.Kind, e.Answers, e.AnsweredBy})
	}
	return out
}

// One conversation fed to the exchange by its three sources (a check of a
// server, the console, an explained log of it) is paired the same way.
func TestOneConversationThreeSourcesSamePairs(t *testing.T) {
	exs, err := exercise.Load(fstest.MapFS{"tools-server-cross.md": {Data: []byte(crossExercise)}}, markdown.New(), nil)
	if err != nil {
		t.Fatal(err)
	}
	srv := mockserver.New(mockserver.Config{Clock: instantClock{}})

	// The check: its steps' events, in the run's order.
	tr := servercheck.InProcess(srv)
	defer tr.Close()
	res, err := servercheck.Run(context.Background(), exs[0], tr, servercheck.Options{Protocol: "2025-11-25", Lang: i18n.EN})
	if err != nil || !res.Passed {
		t.Fatalf("check: err %v, passed %v", err, res != nil && res.Passed)
	}
	var checked []exchange.Event
	for _, sr := range res.Steps {
		for _, e := range sr.Events() {
			if !slices.ContainsFunc(checked, func(c exchange.Event) bool { return c.Seq == e.Seq }) {
				checked = append(checked, e)
			}
		}
	}
	slices.SortFunc(checked, func(a, b exchange.Event) int { return a.Seq - b.Seq })
	if len(checked) < 10 {
		t.Fatalf("the check's conversation holds %d messages", len(checked))
	}

	// The console: the learner sends the client's messages of the check.
	c := Start(srv, Options{})
	defer c.Close()
	for _, e := range checked {
		if e.From == grader.SenderClient {
			c.Send(e.Raw)
		}
	}
	live := c.Events(0)

	// The log: the check's conversation as JSON Lines, explained.
	x := exchange.New(exchange.Options{})
	for _, e := range checked {
		x.Add(exchange.Message{Raw: []byte(e.Raw), From: e.From})
	}
	var log bytes.Buffer
	if err := x.WriteJSONLines(&log); err != nil {
		t.Fatal(err)
	}
	rep, err := explain.Explain(log.Bytes(), explain.Options{})
	if err != nil {
		t.Fatal(err)
	}

	want := pairsOf(checked)
	for name, got := range map[string][]pair{"console": pairsOf(live), "log": pairsOf(rep.Events())} {
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%s pairs differ from the check's (-check +%s):\n%s", name, name, diff)
		}
	}
	if n := countPaired(want); n < 5 {
		t.Errorf("only %d responses paired: %v", n, want)
	}
}

func countPaired(ps []pair) int {
	n := 0
	for _, p := range ps {
		if p.Answers > 0 {
			n++
		}
	}
	return n
}
