package servercheck

import (
	"github.com/mcpplayground/playground/internal/grader"
	"testing"
	"testing/fstest"

	"github.com/mcpplayground/playground/internal/exercise"
	"github.com/mcpplayground/playground/internal/markdown"
	"github.com/mcpplayground/playground/mockserver"
)

const waitExercise = `---
id: tools-server-list-changed
lesson: tools
kind: server
revisions: [2025-06-18, 2025-11-25]
steps:
  - name: handshake
    send: handshake
  - name: unlock
    send: {"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "unlock_gift_wrapping", "arguments": {}}}
    checks:
      - kind: response
  - name: list-changed
    when: tools/listChanged
    wait: notifications/tools/list_changed
    checks:
      - kind: notification
  - name: never
    wait: notifications/prompts/list_changed
---

# en: Wait

Wait.
`

// A wait step takes the notification that came with an earlier reply, and
// fails, saying so, when the notification never comes.
func TestWaitStep(t *testing.T) {
	t.Parallel()
	exs, err := exercise.Load(fstest.MapFS{"tools-server-list-changed.md": {Data: []byte(waitExercise)}}, markdown.New(), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tk := range transports {
		tk.run(t, tk.name, func(t *testing.T) {
			res := runWith(t, exs[0], tk.open(t, mockserver.Config{}), "2025-11-25")
			got := []Status{}
			for _, sr := range res.Steps {
				got = append(got, sr.Status)
			}
			want := []Status{StatusPassed, StatusPassed, StatusPassed, StatusFailed}
			for i := range want {
				if got[i] != want[i] {
					t.Fatalf("statuses %v, want %v: %s", got, want, Explain(res.Steps[i]))
				}
			}
			if sr := res.Steps[2]; sr.Received == "" || sr.Messages[0].From != grader.SenderServer {
				t.Errorf("list-changed step: %+v", sr)
			}
			if p := res.Steps[3].Problems; len(p) != 1 || p[0] != "No notifications/prompts/list_changed notification within 2s." {
				t.Errorf("never: %q", p)
			}
		})
	}
}
