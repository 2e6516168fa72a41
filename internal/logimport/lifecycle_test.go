package logimport

import (
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// events lists the lifecycle of res: "3:exited(1)".
func events(res Result) []string {
	var out []string
	for _, e := range res.Lifecycle {
		s := strings.TrimSpace(strings.Join([]string{strconv.Itoa(e.Line) + ":" + e.Kind, e.Detail}, " "))
		out = append(out, s)
	}
	return out
}

// TestLifecycle reads what happened to the server from the client's own
// words, in every client's shape, messages or none: the lexicon is the
// same for all; a format gives its head and its phrases.
func TestLifecycle(t *testing.T) {
	cases := []struct {
		name   string
		src    string
		format Format
		codes  []string
		events []string
		msgs   int
	}{
		{name: "cursor 2026: no server head, a clean start",
			src: "2026-01-14 10:26:20.263 [info] Handling CreateClient action\n" +
				"2026-01-14 10:26:20.265 [info] Starting new stdio process with command: node gift.js\n" +
				"2026-01-14 10:26:21.001 [info] Successfully connected to stdio server\n" +
				"2026-01-14 10:26:21.010 [info] Found 3 tools, 0 resources, and 0 resource templates\n",
			format: FormatCursor, events: []string{"2:started node gift.js", "3:connected", "4:tools-listed 3"}},
		{name: "cursor: an excerpt of client-closed lines only",
			src: "2025-06-01 10:00:00.753 [info] gift: Client closed for command\n" +
				"2025-06-01 10:00:00.753 [error] gift: Error in MCP: Client closed\n",
			format: FormatCursor, codes: []string{"log.server-exited@1"}, events: []string{"1:exited"}},
		{name: "the client quotes the server's stdout: stdout noise at that line",
			src: "2026-01-14 10:26:20.265 [info] Starting new stdio process with command: node gift.js\n" +
				"2026-01-14 10:26:20.400 [error] Failed to parse message: \"gift server v2 ready\"\n",
			format: FormatCursor, codes: []string{"log.stdout-noise@2"}, events: []string{"1:started node gift.js", "2:stdout-noise"}},
		{name: "the client's own reload is no server exit",
			src: "2025-06-01 10:00:00.100 [info] gift: Handling ReloadClient action\n" +
				"2025-06-01 10:00:00.101 [info] gift: Cleaning up client\n" +
				"2025-06-01 10:00:00.102 [info] gift: Client closed for command\n" +
				"2025-06-01 10:00:00.900 [info] gift: Successfully connected to stdio server\n",
			format: FormatCursor, events: []string{"1:restarted", "4:connected"}},
		{name: "an HTTP 400 to initialize: the server refused it, said once",
			src: "2025-06-01 10:00:00.100 [info] Starting server gift\n" +
				"2025-06-01 10:00:00.101 [info] Connection state: Starting\n" +
				"2025-06-01 10:00:00.300 [error] Error sending message to http://127.0.0.1:8000/mcp: Error: Error POSTing to endpoint (HTTP 400): Bad Request: unsupported protocol version\n" +
				"2025-06-01 10:00:00.301 [info] Connection state: Error Error sending message to http://127.0.0.1:8000/mcp: Error: Error POSTing to endpoint (HTTP 400): Bad Request\n" +
				"2025-06-01 10:00:00.302 [error] Server exited before responding to `initialize` request.\n",
			format: FormatVSCode, codes: []string{"log.server-refused@3"}, events: []string{"1:started", "3:refused 400"}},
		{name: "trae: its head, the server's stderr, the close",
			src: "2026-01-07T16:02:15.023+08:00 [info] [mcp.config.usrlocalmcp.gift] MCPClient#onStderr [Server Internal Log] calling suggest_gifts\n" +
				"2026-01-07T16:02:17.038+08:00 [error] [mcp.config.usrlocalmcp.gift] MCPClient#onClose \n" +
				"2026-01-07T16:02:17.038+08:00 [error] [mcp.config.usrlocalmcp.gift] ExtHostMCPService#$callTool (suggest_gifts) Error MCP error -32000: Connection closed\n",
			format: FormatTrae, codes: []string{"log.server-exited@2"}, events: []string{"2:exited"}},
		{name: "a client with no reader, in its own words",
			src: "[14:50:10] [info] Starting MCP server on port 3002...\n" +
				"[14:50:10] [error] Failed to start MCP server: spawn node ENOENT\n",
			format: FormatClientLog, codes: []string{"log.server-exited@2"}, events: []string{"1:started", "2:exited ENOENT"}},
		{name: "rust tracing: the child exits during a call",
			src: "2025-06-01T10:00:00.123456Z  INFO rmcp::service: Service initialized as client peer_info=Some(InitializeResult)\n" +
				"2025-06-01T10:00:05.000000Z ERROR gift_client: child process exited with status: exit status: 1\n",
			format: FormatClientLog, codes: []string{"log.server-exited@2"}, events: []string{"1:connected", "2:exited 1"}},
		{name: "python rich logging in an editor's panel",
			src: "[06/01/25 10:00:00] INFO     Connecting to MCP server gift                     client.py:41\n" +
				"[06/01/25 10:00:03] ERROR    MCP server gift exited with code 1 during tools/call  client.py:88\n",
			format: FormatClientLog, codes: []string{"log.server-exited@2"}, events: []string{"1:started", "2:exited 1"}},
		{name: "a cut preview ends there; the next line is a message of its own",
			src: "2025-06-01 10:00:00.200 [debug] Sending message: {\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-03-26\",\"clientInfo\":{\"name\":\"ed... [truncated]\n" +
				"2025-06-01 10:00:00.300 [debug] Received message: {\"jsonrpc\":\"2.0\",\"id\":0,\"result\":{\"protocolVersion\":\"2025-03-26\",\"capabilities\":{},\"serverInfo\":{\"name\":\"gift\",\"version\":\"1\"}}}\n",
			format: FormatPrefixed, codes: []string{"log.preview@1"}, msgs: 2},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res := read(t, c.src)
			if res.Format != c.format || len(res.Entries) != c.msgs {
				t.Errorf("format %s with %d messages, want %s with %d", res.Format, len(res.Entries), c.format, c.msgs)
			}
			if d := cmp.Diff(c.codes, codes(res)); d != "" {
				t.Errorf("problems (-want +got):\n%s", d)
			}
			if d := cmp.Diff(c.events, events(res)); d != "" {
				t.Errorf("lifecycle (-want +got):\n%s", d)
			}
		})
	}
}

// TestNoMessageNoEvent: text that holds neither a message nor a client's
// events is still refused, and says so.
func TestNoMessageNoEvent(t *testing.T) {
	for _, src := range []string{"hello\nworld\n", "Compiling gift v0.1.0\n    Finished dev profile\n"} {
		if _, err := Read([]byte(src), FormatAuto, Limits{}); !errors.Is(err, ErrNoMessages) {
			t.Errorf("Read(%q) err = %v, want ErrNoMessages", src, err)
		}
	}
}

// TestPreviewRevision: a log whose one message is the client's initialize,
// cut by the client, is of the revision it proposes.
func TestPreviewRevision(t *testing.T) {
	res := read(t, "2025-06-01 10:00:00.200 [debug] Sending message: {\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-03-26\",\"capabilities\":{\"roots\":{\"listChanged\":true}},\"clientInfo\":{\"na... (412 more characters)\n")
	if res.Revision != "2025-03-26" || len(res.Entries) != 1 || !res.Entries[0].Cut {
		t.Fatalf("revision %q, entries %+v", res.Revision, res.Entries)
	}
}

// TestClosePreview closes the start of a message where it stops.
func TestClosePreview(t *testing.T) {
	cases := map[string]string{
		`{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"Lyon, 3 da`: `{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"Lyon, 3 da"}]}}`,
		`{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"cur`:                   `{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{}}`,
		`{"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"a"},{"name":"b","inputSch`:  `{"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"a"},{"name":"b"}]}}`,
		`{"jsonrpc":"2.0","id":12`: `{"jsonrpc":"2.0"}`,
	}
	for in, want := range cases {
		got, ok := closePreview([]byte(in))
		if !ok || string(got) != want {
			t.Errorf("closePreview(%s) = %s, %v; want %s", in, got, ok, want)
		}
	}
	if _, ok := closePreview([]byte(`not json at all`)); ok {
		t.Error("closePreview read text that is no JSON")
	}
}

// A log that stops inside its last message (a paste cut short) reads it
// as far as it goes: said cut short, its sender not blamed.
func TestEndOfLogCut(t *testing.T) {
	res := read(t, "2026-02-10 11:20:01.470 [debug] Sending message: {\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}\n"+
		"2026-02-10 11:20:01.495 [debug] Received message: {\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"tools\":[{\"name\":\"suggest_gifts\",\"descr")
	if len(res.Entries) != 2 || !res.Entries[1].Cut || !json.Valid(res.Entries[1].Raw) {
		t.Fatalf("entries %+v", res.Entries)
	}
	if d := cmp.Diff([]string{"log.truncated@2"}, codes(res)); d != "" {
		t.Errorf("problems (-want +got):\n%s", d)
	}
}
