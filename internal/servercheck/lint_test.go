package servercheck

import (
	"context"
	"strings"
	"testing"
	"testing/fstest"
	"testing/synctest"

	"github.com/mcpplayground/playground/internal/exercise"
	"github.com/mcpplayground/playground/internal/markdown"
)

// The bundled server exercises pass against the gift server in every
// revision they run in, and catch each mistake they name where they say.
// Lint runs the gift server in this process, so the test runs in a
// synctest bubble: its timeouts take no real time.
func TestLintBundled(t *testing.T) {
	t.Parallel()
	exs := serverExercises(t)
	synctest.Test(t, func(t *testing.T) {
		for _, err := range Lint(context.Background(), exs) {
			t.Error(err)
		}
	})
}

const brokenExercise = `---
id: tools-server-broken
lesson: tools
kind: server
steps:
  - name: handshake
    send: handshake
  - name: tools-list
    send: {"jsonrpc": "2.0", "id": 2, "method": "tools/list"}
    checks:
      - equals: find_unicorns
        at: /result/tools/0/name
mistakes:
  no-ping-answer: handshake
  wrong-id: tools-list
---

# en: Broken

Broken.
`

// Lint reports a step the gift server fails, a mistake that the step named
// does not catch, and a mistake caught earlier than said.
func TestLintFindsBrokenServerExercise(t *testing.T) {
	t.Parallel()
	exs, err := exercise.Load(fstest.MapFS{"tools-server-broken.md": {Data: []byte(brokenExercise)}}, markdown.New(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	synctest.Test(t, func(t *testing.T) {
		for _, err := range Lint(context.Background(), exs) {
			got = append(got, err.Error())
		}
	})
	want := []string{
		"tools-server-broken.md:8: the gift server fails this step in 2025-06-18: `result.tools[0].name` equals `\"find_unicorns\"`.",
		"tools-server-broken.md:8: the gift server fails this step in 2025-11-25: `result.tools[0].name` equals `\"find_unicorns\"`.",
		"tools-server-broken.md:8: the gift server fails this step in 2026-07-28: `result.tools[0].name` equals `\"find_unicorns\"`.",
		"tools-server-broken.md:13: mistake no-ping-answer should be caught at step handshake, which is passed",
		"tools-server-broken.md:13: mistake wrong-id should be caught at step tools-list, but step handshake fails first: …",
	}
	if len(got) != len(want) {
		t.Fatalf("got %d problems, want %d:\n%s", len(got), len(want), strings.Join(got, "\n"))
	}
	for i := range want[:4] {
		if got[i] != want[i] {
			t.Errorf("problem %d:\n got %s\nwant %s", i, got[i], want[i])
		}
	}
	if !strings.HasPrefix(got[4], "tools-server-broken.md:13: mistake wrong-id should be caught at step tools-list, but step handshake fails first:") {
		t.Errorf("problem 5: %s", got[4])
	}
}
