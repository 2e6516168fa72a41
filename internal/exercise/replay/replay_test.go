package replay

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"
	"testing/synctest"

	"github.com/mcpplayground/playground/internal/exchange"
	"github.com/mcpplayground/playground/internal/exercise"
	"github.com/mcpplayground/playground/internal/grader"
	"github.com/mcpplayground/playground/internal/markdown"
)

const handshake = `{"from": "client", "message": {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "c", "version": "1"}}}},
  {"from": "server", "message": {"jsonrpc": "2.0", "id": 1, "result": {"protocolVersion": "2025-11-25", "capabilities": {"tools": {"listChanged": true}}, "serverInfo": {"name": "gift-server", "version": "1.0.0"}}}},
  {"from": "client", "message": {"jsonrpc": "2.0", "method": "notifications/initialized"}},
`

func liveFile(solution string, wrong ...string) string {
	src := "---\nid: x\nlesson: tools\nkind: live\nchecks:\n  - equals: suggest_gifts\n    at: /result/tools/0/name\n    message: {answers: tools/list}\n---\n\n# Solution\n\n```json\n" +
		solution + "\n```\n"
	if len(wrong) > 0 {
		src += "\n# Wrong\n\n```json\n" + strings.Join(wrong, "\n```\n\n```json\n") + "\n```\n"
	}
	return src + "\n# en: List\n\nList the tools.\n"
}

func load(t *testing.T, src string) []*exercise.Exercise {
	t.Helper()
	exs, err := exercise.Load(fstest.MapFS{"x.md": {Data: []byte(src)}}, markdown.New(), func(string) bool { return true })
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	return exs
}

// A solution the gift server really gives passes; one that shows a tool
// the gift server does not have is reported, with its line.
func TestLint(t *testing.T) {
	t.Parallel()
	synctest.Test(t, func(t *testing.T) {
		real := `{"exchange": [` + handshake + `{"from": "client", "message": {"jsonrpc": "2.0", "id": 2, "method": "tools/list"}},
  {"from": "server", "message": {"jsonrpc": "2.0", "id": 2, "result": {"tools": [{"name": "suggest_gifts", "inputSchema": {"type": "object"}}]}}}]}`
		if errs := Lint(context.Background(), load(t, liveFile(real))); len(errs) != 0 {
			t.Errorf("a real session: %v", errs)
		}
		made := strings.Replace(liveFile(real), `"method": "tools/list"}}`, `"method": "tools/list", "params": {"cursor": "no-such-page"}}}`, 1)
		errs := Lint(context.Background(), load(t, made))
		if len(errs) != 1 || !strings.HasPrefix(errs[0].Error(), "x.md:14: this solution, replayed against the gift server, fails the check on line 6: ") {
			t.Errorf("a session the gift server cannot give: %v", errs)
		}
	})
}

// Play waits for the server's messages the written session shows before
// sending the next client message: the cancellation reaches the slow tool
// while it runs.
func TestPlayWaits(t *testing.T) {
	t.Parallel()
	synctest.Test(t, func(t *testing.T) {
		written := []item{}
		for _, s := range []string{
			`{"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "c", "version": "1"}}}`,
			``,
			`{"jsonrpc": "2.0", "method": "notifications/initialized"}`,
			`{"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "prepare_delivery", "arguments": {"steps": 10}, "_meta": {"progressToken": "p"}}}`,
			``,
			`{"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": 2}}`,
		} {
			if s == "" {
				written = append(written, item{From: "server", Message: []byte(`{}`)})
			} else {
				written = append(written, item{From: "client", Message: []byte(s)})
			}
		}
		answer, err := Play(context.Background(), written)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(answer, `"progressToken":"p","progress":1`) || strings.Contains(answer, `"id":2,"result"`) {
			t.Errorf("the real session: %s", answer)
		}
	})
}

// A wrong answer is replayed too: one whose real session passes is
// reported at its line (the author wrote a server answer the gift server
// never gives, and the mistake itself is accepted); one whose real session
// fails, or that no real session can give, is not.
func TestLintWrong(t *testing.T) {
	t.Parallel()
	synctest.Test(t, func(t *testing.T) {
		listed := `{"exchange": [` + handshake + `{"from": "client", "message": {"jsonrpc": "2.0", "id": 2, "method": "tools/list"}},
  {"from": "server", "message": {"jsonrpc": "2.0", "id": 2, "result": {"tools": [{"name": "suggest_gifts", "inputSchema": {"type": "object"}}]}}}]}`
		madeUp := strings.Replace(listed, `"name": "suggest_gifts"`, `"name": "other"`, 1)
		refused := strings.Replace(madeUp, `"method": "tools/list"}}`, `"method": "tools/list", "params": {"cursor": "no-such-page"}}}`, 1)
		twice := strings.TrimSuffix(madeUp, "]}") + `, {"from": "server", "message": {"jsonrpc": "2.0", "method": "notifications/tools/list_changed"}}]}`
		wrong := []string{refused, madeUp}
		if !testing.Short() { // waiting for what never comes takes Timeout
			wrong = append(wrong, twice)
		}
		src := liveFile(listed, wrong...)
		line := strings.Count(src[:strings.Index(src, madeUp)], "\n") + 1
		errs := Lint(context.Background(), load(t, src))
		want := "x.md:" + strconv.Itoa(line) + ": this wrong answer, replayed against the gift server, passes every check: the same mistake made in the console would be accepted; add a check that rejects it"
		if len(errs) != 1 || errs[0].Error() != want {
			t.Errorf("got %v\nwant [%s]", errs, want)
		}
	})
}

// Play waits for the responses the written session shows, whatever came
// before them: a cancellation written after the result is sent after the
// real result, not after as many progress notifications.
func TestPlayWaitsForTheResponse(t *testing.T) {
	t.Parallel()
	synctest.Test(t, func(t *testing.T) {
		written := []item{
			{From: "client", Message: []byte(`{"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "c", "version": "1"}}}`)},
			{From: "server", Message: []byte(`{"jsonrpc": "2.0", "id": 1, "result": {}}`)},
			{From: "client", Message: []byte(`{"jsonrpc": "2.0", "method": "notifications/initialized"}`)},
			{From: "client", Message: []byte(`{"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "prepare_delivery", "arguments": {"steps": 2}, "_meta": {"progressToken": "p"}}}`)},
			{From: "server", Message: []byte(`{"jsonrpc": "2.0", "id": 2, "result": {}}`)},
			{From: "client", Message: []byte(`{"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": 2}}`)},
		}
		answer, err := Play(context.Background(), written)
		if err != nil {
			t.Fatal(err)
		}
		result, cancel := strings.Index(answer, `"id":2,"result"`), strings.Index(answer, `"notifications/cancelled"`)
		if result < 0 || cancel < result {
			t.Errorf("the cancellation does not follow the real result: %s", answer)
		}
	})
}

// A real session in which a client message comes after more (or fewer)
// server messages than written is another session: its wrong answer is
// not judged by it.
func TestSameOrder(t *testing.T) {
	sides := func(s string) ([]item, []exchange.Event) {
		var w []item
		var e []exchange.Event
		for _, c := range s {
			from := map[rune]string{'c': "client", 's': "server"}[c]
			w = append(w, item{From: from})
			e = append(e, exchange.Event{From: grader.Sender(from)})
		}
		return w, e
	}
	for _, tt := range []struct {
		written, real string
		same          bool
	}{
		{"cscsc", "cscsc", true},
		{"cscsc", "cscscss", true}, // more at the end
		{"cscsc", "cscssc", false}, // one more before the last
		{"cscsc", "cssccs", false},
		{"ccs", "csc", false},
	} {
		w, _ := sides(tt.written)
		_, e := sides(tt.real)
		if got := sameOrder(w, e); got != tt.same {
			t.Errorf("written %s, real %s: sameOrder = %v", tt.written, tt.real, got)
		}
	}
}

// The gift server seals its requestState with a key of its own: where a
// written retry echoes the state the written session shows the server
// sending, the replay echoes the real server's (as a learner copies it in
// the console), and the retry completes; a state the session does not show
// the server sending is sent as written, and refused.
func TestPlayEchoesTheServersState(t *testing.T) {
	t.Parallel()
	synctest.Test(t, func(t *testing.T) {
		const meta = `"_meta": {"io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {"elicitation": {}}}`
		call := `{"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {` + meta + `, "name": "ask_gift_preferences", "arguments": {}}}`
		asked := `{"jsonrpc": "2.0", "id": 1, "result": {"resultType": "input_required", "requestState": "preferences.shown-in-the-session"}}`
		retry := func(state string) string {
			return `{"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {` + meta + `, "name": "ask_gift_preferences", "arguments": {}, "inputResponses": {"preferences": {"action": "decline"}}, "requestState": "` + state + `"}}`
		}
		for _, tt := range []struct {
			state, want string
		}{
			{"preferences.shown-in-the-session", `"resultType":"complete"`},
			{"preferences.made-up", `"code":-32602`},
		} {
			written := []item{
				{From: "client", Message: []byte(call)},
				{From: "server", Message: []byte(asked)},
				{From: "client", Message: []byte(retry(tt.state))},
				{From: "server", Message: []byte(`{"jsonrpc": "2.0", "id": 2, "result": {}}`)},
			}
			answer, err := Play(context.Background(), written)
			if err != nil {
				t.Fatal(err)
			}
			if i := strings.LastIndex(answer, `"id":2`); i < 0 || !strings.Contains(answer[i:], tt.want) {
				t.Errorf("retry with %q: want %s in the real answer:\n%s", tt.state, tt.want, answer)
			}
		}
	})
}
