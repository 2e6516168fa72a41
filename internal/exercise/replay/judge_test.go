package replay

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"testing/synctest"

	"github.com/mcpplayground/playground/exercises"
	"github.com/mcpplayground/playground/internal/exercise"
	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/internal/markdown"
)

const (
	initialize  = `{"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "c", "version": "1"}}}`
	initialized = `{"jsonrpc": "2.0", "method": "notifications/initialized"}`
	serverSends = "" // a message from the server, whatever it is
)

// written makes a written session: "" is a message from the server.
func written(msgs ...string) []item {
	out := make([]item, len(msgs))
	for i, m := range msgs {
		out[i] = item{From: "client", Message: json.RawMessage(m)}
		if m == serverSends {
			out[i] = item{From: "server", Message: json.RawMessage(`{}`)}
		}
	}
	return out
}

func bundledExercise(t *testing.T, id string) *exercise.Exercise {
	t.Helper()
	exs, err := exercise.Load(exercises.FS, markdown.New(), nil)
	if err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(exs, func(ex *exercise.Exercise) bool { return ex.ID == id })
	if i < 0 {
		t.Fatalf("no bundled exercise %q", id)
	}
	return exs[i]
}

// Real sessions with the mistakes of issue 21's class F, played against
// the gift server: the conversation judge fails each, with the checker's
// explanation of the learner's message, and the invalid message never
// counts as the one the exercise asks for.
func TestRealMistakesFail(t *testing.T) {
	t.Parallel()
	slowCall := `{"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "prepare_delivery", "arguments": {"steps": 10}, "_meta": {"progressToken": "pack"}}}`
	tests := []struct {
		name     string
		exercise string
		session  []item
		failed   []string // each in the description of a failed check
		feedback string   // the start of the valid check's feedback
	}{
		{"the cancellation sent as a request: refused, the tool runs to the end", "transports-live-cancel-slow",
			written(initialize, serverSends, initialized, slowCall, serverSends,
				`{"jsonrpc": "2.0", "id": 3, "method": "notifications/cancelled", "params": {"requestId": 2}}`, serverSends),
			[]string{"The method is `notifications/cancelled`.", "`params.requestId` has the same value as `id`"}, "Your message 6 (`notifications/cancelled`): "},
		{"notifications/initialized with an id", "lifecycle-live-handshake",
			written(initialize, serverSends, `{"jsonrpc": "2.0", "id": 2, "method": "notifications/initialized"}`, serverSends,
				`{"jsonrpc": "2.0", "id": 3, "method": "ping"}`, serverSends),
			[]string{"The method is `notifications/initialized`."}, "Your message 3 (`notifications/initialized`): "},
		{"the initialize refused, the session carried on", "lifecycle-live-handshake",
			written(`{"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocolVersion": "2025-11-25", "capabilities": {}}}`, serverSends,
				initialized, `{"jsonrpc": "2.0", "id": 2, "method": "ping"}`, serverSends),
			[]string{"The method is `initialize`.", "The response to an `initialize` request: the message is a success response"}, "Your message 1 (`initialize`): "},
		{"a reply to the server's notification", "tools-live-unlock-relist",
			written(initialize, serverSends, initialized, `{"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "unlock_gift_wrapping", "arguments": {}}}`,
				serverSends, serverSends, `{"jsonrpc": "2.0", "id": 2, "result": {}}`,
				`{"jsonrpc": "2.0", "id": 3, "method": "tools/list"}`, serverSends),
			nil, "Your message 7: "},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			ex := bundledExercise(t, tt.exercise)
			var answer string
			// The gift server runs in this process: in a synctest bubble
			// the slow tool's steps take no real time.
			synctest.Test(t, func(t *testing.T) {
				var err error
				if answer, err = Play(context.Background(), tt.session); err != nil {
					t.Fatal(err)
				}
			})
			res := ex.Grade(answer, i18n.EN)
			var failed []string
			feedback := ""
			for _, c := range res.Checks {
				if !c.Passed {
					failed = append(failed, c.Message)
				}
				if c.ID == "valid" {
					feedback = c.Feedback
				}
			}
			for _, want := range tt.failed {
				if !slices.ContainsFunc(failed, func(m string) bool { return strings.Contains(m, want) }) {
					t.Errorf("no failed check says %q; failed: %q", want, failed)
				}
			}
			if res.Passed || !strings.HasPrefix(feedback, tt.feedback) {
				t.Errorf("passed = %v, the valid check's feedback %q, want it to start with %q", res.Passed, feedback, tt.feedback)
			}
		})
	}
}
