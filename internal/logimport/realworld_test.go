package logimport

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mcpplayground/playground/internal/grader"
)

// The cases of this file follow logs pasted in public issues
// (testdata/corpus/shapes, its README cites them): each has the shape of
// what a real client wrote, in the project's words, and is a shape the
// reader got wrong.

// kinds lists the context kinds of res, line by line: "3:client-log".
func kinds(res Result) []string {
	var out []string
	for _, c := range res.Context {
		out = append(out, strconv.Itoa(c.Line)+":"+c.Kind)
	}
	return out
}

func codes(res Result) []string {
	var out []string
	for _, p := range res.Problems {
		out = append(out, p.Code+"@"+strconv.Itoa(p.Line))
	}
	return out
}

func read(t *testing.T, src string) Result {
	t.Helper()
	res, err := Read([]byte(src), FormatAuto, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// Node prints a record's metadata over several lines; the stack in it is
// the client's, not the server's stderr.
func TestClaudeRecordOverSeveralLines(t *testing.T) {
	src := `2025-08-20T09:12:05.352Z [gift-shop] [info] Message from client: {"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"claude-ai","version":"0.1.0"}},"jsonrpc":"2.0","id":0} { metadata: undefined }
2025-08-20T09:12:05.371Z [gift-shop] [error] Unexpected token 'M', "Missing GI"... is not valid JSON {
  metadata: {
    context: 'connection',
    stack: ` + "`SyntaxError: Unexpected token 'M'`" + ` +
      '    at JSON.parse (<anonymous>)\n'
  }
}
Missing GIFT_API_KEY: set it in the server's config
`
	res := read(t, src)
	want := []string{"3:client-log", "4:client-log", "5:client-log", "6:client-log", "7:client-log", "8:client-log", "9:server-stderr"}
	if d := cmp.Diff(want, kinds(res)); d != "" {
		t.Errorf("context (-want +got):\n%s", d)
	}
	if d := cmp.Diff([]string{"log.stdout-noise@2"}, codes(res)); d != "" {
		t.Errorf("problems (-want +got):\n%s", d)
	}
}

// Claude Desktop's "…you can add output to stderr…" is its own sentence,
// and the failure it reports; pasted without its header, still its own.
func TestClaudeOwnSentence(t *testing.T) {
	src := "Server transport closed unexpectedly, this is likely due to the process exiting early. If you are developing this MCP server you can add output to stderr (i.e. `console.error('...')` in JavaScript) and it will appear in this log.\n" +
		"2025-06-19T21:14:37.508Z [error] [weather-demo] Server disconnected. For troubleshooting guidance, please visit our [debugging documentation](https://modelcontextprotocol.io/docs/tools/debugging)\n"
	res := read(t, src)
	// the failure said again is the client's line, kept to read
	if d := cmp.Diff([]string{"log.server-exited@1"}, codes(res)); d != "" || !slices.Equal(kinds(res), []string{"2:client-log"}) {
		t.Errorf("problems (-want +got):\n%s\ncontext %v", d, kinds(res))
	}
	if !stderrLine.MatchString("Server \"gift\" stderr: up") || !stderrLine.MatchString("[server stderr] up") || !stderrLine.MatchString("MCP STDERR (gift): up") ||
		stderrLine.MatchString("you can add output to stderr (i.e.") {
		t.Error("stderrLine: a label names stderr, the word alone does not")
	}
}

// Claude Desktop 1.x names each message without its JSON: no invalid
// message is read from that, and a log of nothing else says why (a note:
// a client's log is explained, not refused).
func TestClaudeSummaries(t *testing.T) {
	src := `2026-06-11T19:05:52.161Z [info] [gift] Message from client: method="initialize" id=0 params
2026-06-11T19:05:52.600Z [info] [gift] Message from server: id=0 result
2026-06-11T19:05:52.601Z [info] [gift] Message from client: method="notifications/initialized"
`
	res, err := Read([]byte(src), FormatAuto, Limits{})
	if err != nil || len(res.Entries) != 0 {
		t.Fatalf("err = %v, %d entries; want none of either", err, len(res.Entries))
	}
	if d := cmp.Diff([]string{"log.sdk-objects@1"}, codes(res)); d != "" {
		t.Errorf("problems (-want +got):\n%s", d)
	}
	if d := cmp.Diff([]string{"1:sdk-object", "2:sdk-object", "3:sdk-object"}, kinds(res)); d != "" {
		t.Errorf("context (-want +got):\n%s", d)
	}
	// Beside a failure, the log is explained, the summaries named.
	res = read(t, src+"2026-06-11T19:05:53.114Z [info] [gift] Server transport closed unexpectedly, this is likely due to the process exiting early.\n")
	if d := cmp.Diff([]string{"log.server-exited@4", "log.sdk-objects@1"}, codes(res)); d != "" {
		t.Errorf("problems (-want +got):\n%s", d)
	}
}

// A message shortened by hand ("[...]") is no invalid JSON of its sender.
func TestElided(t *testing.T) {
	res := read(t, `2025-10-22T16:48:35.001Z [info] [gift] Message from server: {"jsonrpc":"2.0","id":1,"result":{"tools":[...]}}`+"\n")
	if len(res.Entries) != 1 || string(res.Entries[0].Raw) != `{"jsonrpc":"2.0","id":1,"result":{"tools":[]}}` {
		t.Fatalf("entries %+v", res.Entries)
	}
	if d := cmp.Diff([]string{"log.elided@1"}, codes(res)); d != "" || res.Problems[0].Entry != 0 || !strings.Contains(res.Problems[0].Detail, "[...]") {
		t.Errorf("problems %+v (-want +got):\n%s", res.Problems, d)
	}
	for in, want := range map[string]string{
		`{"a":{…},"b":[ ... ]}`:          `{"a":{},"b":[]}`,
		`{"tools":[{"name":"x"}, ...]}`:  `{"tools":[{"name":"x"}]}`,
		`{"a":1,...}`:                    `{"a":1}`,
		`{"text":"wait [...] and {...}"`: `{"text":"wait [...] and {...}"`, // inside a string: kept
	} {
		if got, _ := dropElisions([]byte(in)); string(got) != want {
			t.Errorf("dropElisions(%s) = %s, want %s", in, got, want)
		}
	}
	// Dots that are not an elision leave the message as it is: invalid.
	res = read(t, `2025-01-01T00:00:00.000Z [info] [a] Message from server: {"jsonrpc":"2.0","id":1,"result":{"n":...5}}`+"\n")
	if len(res.Problems) != 0 || !strings.Contains(string(res.Entries[0].Raw), "...5") {
		t.Errorf("problems %v, raw %s", res.Problems, res.Entries[0].Raw)
	}
}

// JetBrains' AI Assistant labels a message with the side it goes to.
func TestRecipientLabels(t *testing.T) {
	src := `2025-06-03 16:27:17,517 SERVER - {"id":7,"method":"initialize","params":{"protocolVersion":"2024-11-05","capabilities":{},"clientInfo":{"name":"jetbrains-ai-assistant-client","version":"1.0.0"}},"jsonrpc":"2.0"}
2025-06-03 16:27:17,523 CLIENT - {"jsonrpc":"2.0","id":7,"result":{"protocolVersion":"2024-11-05","capabilities":{"tools":{}},"serverInfo":{"name":"gift-server","version":"0.4.2"}}}
2025-06-03 16:27:17,524 SERVER - {"method":"notifications/initialized","jsonrpc":"2.0"}
2025-06-03 16:27:17,524 SERVER - {"id":8,"method":"tools/list","jsonrpc":"2.0"}
`
	res := read(t, src)
	var got []string
	for _, e := range res.Entries {
		got = append(got, e.From)
		if !e.Inferred {
			t.Errorf("line %d: the sender read the other way round is inferred", e.Line)
		}
	}
	c, s := grader.SenderClient, grader.SenderServer
	if d := cmp.Diff([]string{c, s, c, c}, got); d != "" {
		t.Errorf("senders (-want +got):\n%s", d)
	}
	// Labels that mostly agree stay: one odd message is its sender's.
	src = `[client] {"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}
[server] {"jsonrpc":"2.0","id":1,"result":{}}
[client] {"jsonrpc":"2.0","method":"notifications/initialized"}
[server] {"jsonrpc":"2.0","id":2,"method":"tools/list"}
`
	got = nil
	for _, e := range read(t, src).Entries {
		got = append(got, e.From)
	}
	if d := cmp.Diff([]string{c, s, c, s}, got); d != "" {
		t.Errorf("senders (-want +got):\n%s", d)
	}
}

// Zed's context server that does not answer initialize in time.
func TestZedTimeout(t *testing.T) {
	res := read(t, `2025-11-24T09:16:05+01:00 ERROR [context_server::client] cancelled csp request task for "initialize" id 0 which took over 60s
2025-11-24T09:16:05+01:00 ERROR [project::context_server_store] gift-server context server failed to start: Context server request timeout
`)
	if res.Format != FormatZed || !cmp.Equal([]string{"log.client-timeout@1"}, codes(res)) {
		t.Errorf("format %s, problems %v", res.Format, codes(res))
	}
}

// VS Code without "Connection state" lines, and the body of an HTTP error
// it quotes, which is the server's.
func TestVSCodeWords(t *testing.T) {
	res := read(t, `2025-03-11 10:02:19.427 [info] [Client Says] {"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"name":"suggest_gifts","arguments":{}}}
2025-03-11 10:02:19.446 [info] [Server Says] {"jsonrpc":"2.0","id":6,"result":{"content":[]}}
`)
	if res.Format != FormatVSCode {
		t.Errorf("[Client Says]: format %s", res.Format)
	}
	res = read(t, `2025-10-08 15:20:03.114 [info] Discovered 1 tools
2025-10-08 15:25:08.197 [debug] 400 status connecting to http://localhost:3001/ for async notifications; they will be disabled: {"error":{"code":-32000,"message":"Bad Request"},"id":"","jsonrpc":"2.0"}
`)
	if res.Format != FormatVSCode || len(res.Entries) != 1 || res.Entries[0].From != grader.SenderServer || res.Entries[0].Inferred {
		t.Errorf("format %s, entries %+v; want vscode, one from the server", res.Format, res.Entries)
	}
}

// The Python SDK's server says a request came before the handshake: the
// log does not start mid-session.
func TestNoHandshake(t *testing.T) {
	src := `echo '{"jsonrpc":"2.0","id":1,"method":"tools/list"}' | uv run gift_server.py | jq
[08/14/25 10:05:39] WARNING  Failed to validate request: Received request before initialization was complete    session.py:363
{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"Invalid request parameters","data":""}}
`
	if res := read(t, src); !res.NoHandshake {
		t.Error("NoHandshake = false")
	}
	if res := read(t, `{"jsonrpc":"2.0","id":1,"method":"tools/list"}`+"\n"); res.NoHandshake {
		t.Error("a log that only lacks initialize: NoHandshake = true")
	}
}

// A Claude Code MCP log file pasted in part.
func TestClaudeCodeArrayCut(t *testing.T) {
	src := `[
  {
    "debug": "Starting connection attempt",
    "timestamp": "2025-06-30T16:42:51.718Z",
    "sessionId": "5e0c2b71-8d4f-4a36-a1c9-d27b84f6e013",
    "cwd": "C:\\Users\\learner"
  },
  {
    "debug": "Connection failed: McpError: MCP error -32000: Connection closed",
    "timestamp": "2025-06-30T16:42:51.917Z",
    "sessionId": "5e0c2b71-8d4f-4a36-a1c9-d27b84f6e013",
    "cwd": "C:\\Users\\learner"
  },
`
	res := read(t, src)
	if res.Format != FormatClaudeCode || len(res.Entries) != 0 || !cmp.Equal([]string{"log.server-exited@8"}, codes(res)) {
		t.Errorf("format %s, %d entries, problems %v", res.Format, len(res.Entries), codes(res))
	}
}

// Every server that fails is said, not only the first.
func TestFailurePerServer(t *testing.T) {
	res := read(t, `✖ Error during discovery for server 'gift': MCP error -32000: Connection closed
✖ Error during discovery for server 'weather-demo': MCP error -32000: Connection closed
`)
	if d := cmp.Diff([]string{"log.server-exited@1", "log.server-exited@2"}, codes(res)); d != "" {
		t.Errorf("problems (-want +got):\n%s", d)
	}
	// One server's failure said twice is one.
	res = read(t, `2025-03-25 14:02:42.232 [info] demo: Client closed for command
2025-03-25 14:02:42.232 [error] demo: Error in MCP: Client closed
2025-03-25 14:02:42.232 [info] demo: Handling ListOfferings action
`)
	if d := cmp.Diff([]string{"log.server-exited@1"}, codes(res)); d != "" {
		t.Errorf("problems (-want +got):\n%s", d)
	}
}

// Cursor copies the server's stderr under the server's identifier.
func TestCursorStderr(t *testing.T) {
	res := read(t, `2025-04-28 10:31:57.216 [info] otes: Handling CallTool action for tool 'search_notes'
2025-04-28 10:31:57.217 [error] user-notes: 2025-04-28 10:31:57,216 - mcp.server - INFO - Processing request of type CallToolRequest

2025-04-28 10:31:57.286 [info] otes: Client closed for command
`)
	if d := cmp.Diff([]string{"1:client-log", "2:server-stderr"}, kinds(res)); d != "" {
		t.Errorf("context (-want +got):\n%s", d)
	}
	if d := cmp.Diff([]string{"log.server-exited@4"}, codes(res)); d != "" {
		t.Errorf("problems (-want +got):\n%s", d)
	}
}

// mcp-remote's debug log: the time before the process id, and the
// messages printed as Node objects, which are not read as JSON.
func TestMCPRemoteDebugLog(t *testing.T) {
	src := `[2025-07-23T18:09:47.614Z][52318] [Local→Remote] tools/list
[2025-07-23T18:09:47.614Z][52318] Local → Remote message { method: 'tools/list', id: 2, params: undefined }
`
	res, err := Read([]byte(src), FormatAuto, Limits{})
	if res.Format != FormatMCPRemote || err != nil || len(res.Problems) != 1 || res.Problems[0].Code != codeSDKObjects {
		t.Errorf("format %s, err %v, problems %+v; want mcp-remote, log.sdk-objects", res.Format, err, res.Problems)
	}
}

// Gemini CLI's first versions drew the failure in a box.
func TestGeminiBox(t *testing.T) {
	res := read(t, ` failed to start or connect to MCP server 'notes' {"command":"node"};   │
│    McpError: MCP error -32000: Connection closed                             │
`)
	if res.Format != FormatGemini || len(res.Problems) != 1 || !strings.HasPrefix(res.Problems[0].Detail, "failed to start or connect to MCP server 'notes'") {
		t.Errorf("format %s, problems %+v", res.Format, res.Problems)
	}
	// its reason, on the next line, is kept to read
	if len(res.Context) != 1 || res.Context[0].Text != "McpError: MCP error -32000: Connection closed" {
		t.Errorf("context %+v", res.Context)
	}
}
