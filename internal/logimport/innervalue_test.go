package logimport

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// A "{" last on its line opens a message going on over the next lines,
// unless it is a member's value or a struct's Debug: those are inside
// something printed before, and no message starts there.
func TestFindMessageInnerValues(t *testing.T) {
	cases := map[string]int{
		`received message: {`: 18,
		`Message from client: {"jsonrpc":"2.0","id":1,"method":"ping"}`: 21,
		`Request {"jsonrpc":"2.0","id":1,"method":"ping"}`:              8,
		`{"dir":"in","message":{"jsonrpc":"2.0","method":"ping"}}`:      22,
		`LibreChat  |     "gift": {`:                                    -1,
		`received: Some(Request(JsonRpcRequest { `:                      -1,
		`Request(JsonRpcRequest {`:                                      -1,
	}
	got := map[string]int{}
	for line := range cases {
		got[line], _, _ = findMessage([]byte(line))
	}
	if d := cmp.Diff(cases, got); d != "" {
		t.Errorf("where the message starts (-want +got):\n%s", d)
	}
}

// rmcp's pretty Debug of a request, over indented lines, is an SDK's
// object: said so, not made an invalid message.
func TestRustPrettyDebug(t *testing.T) {
	src := "gift: stopped: expect initialized notification, but received: Some(Request(JsonRpcRequest { \n" +
		"  jsonrpc: JsonRpcVersion2_0, \n  id: Number(2), \n  request: SetLevelRequest(Request { \n" +
		"    method: SetLevelRequestMethod, \n  }) \n}))\n"
	res, err := Read([]byte(src), FormatAuto, Limits{})
	if res.Format != FormatPrefixed || !errors.Is(err, ErrSDKObjects) || len(res.Entries) != 0 {
		t.Errorf("format %s, err %v, %d messages; want prefixed, the SDK's objects said, none", res.Format, err, len(res.Entries))
	}
}

// A structured logger's record (slog's JSON) is the log's own line, not
// a wrapper around a message that is not JSON; a wrapper without a level
// still is one.
func TestLogRecords(t *testing.T) {
	src := `{"time":"2025-06-01T10:00:00Z","level":"INFO","msg":"starting the gift server"}
{"time":"2025-06-01T10:00:01Z","direction":"in","message":{"jsonrpc":"2.0","id":1,"method":"ping"}}
{"time":"2025-06-01T10:00:02Z","level":"DEBUG","msg":{"jsonrpc":"2.0","id":1,"result":{}}}
`
	res := read(t, src)
	if len(res.Entries) != 2 || len(res.Problems) != 0 {
		t.Errorf("%d messages, problems %v; want the two wrapped ones and no problem", len(res.Entries), codes(res))
	}
	if d := cmp.Diff([]string{"1:server-log"}, kinds(res)); d != "" {
		t.Errorf("context (-want +got):\n%s", d)
	}
}

// The words that name a line: a prompt, a label of the server's stderr,
// and what a client's SDK says when the server went away or wrote noise.
func TestLineWords(t *testing.T) {
	cases := []struct {
		line                       string
		shell, stderr, exit, noise bool
	}{
		{line: "(base) learner@laptop gifts % q chat", shell: true},
		{line: "learner@laptop:~/gift$ node server.js", shell: true},
		{line: "learner@example.com sent 50% of the gifts"},
		{line: `[Plugin(mcp/gift)] stderr: listening`, stderr: true},
		{line: `Server "gift" stderr: listening`, stderr: true},
		{line: `[stderr] listening`, stderr: true},
		{line: `ProcessExit(ProcessExit { stderr: "x", source: ConnectionClosed("initialize response") })`, exit: true},
		{line: `Failed to add extension: process quit before initialization: stderr = boom`, exit: true},
		{line: `2025-06-01 - An error occurred. Exiting with status 1.`, exit: true},
		{line: `error="calling \"initialize\": EOF" name=gift`, exit: true},
		{line: `error="calling \"initialize\": invalid trailing data at the end of stream"`, noise: true},
		{line: `Error processing inbound message for line: gift server ready`, noise: true},
	}
	for _, c := range cases {
		got := [4]bool{shellLine.MatchString(c.line), stderrLine.MatchString(c.line), exitLine.MatchString(c.line), parseComplaint.MatchString(c.line)}
		if want := [4]bool{c.shell, c.stderr, c.exit, c.noise}; got != want {
			t.Errorf("%q: shell, stderr, exit, noise = %v, want %v", c.line, got, want)
		}
	}
}
