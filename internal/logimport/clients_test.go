package logimport

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// The clients of this file write no MCP message, only what failed (the
// corpus's logs shaped after their issues: testdata/corpus/shapes). What
// each case holds is what a person reading the log needs: the format
// named, the failure the client saw, and every other line named for what
// it is, none of them blamed on the server.
func TestClientsWithoutMessages(t *testing.T) {
	cases := []struct {
		name   string
		src    string
		format Format
		codes  []string // problems, "code@line"
		kinds  []string // context, "line:kind"
		err    error
	}{
		{name: "codex: a timeout, its advice and config lines",
			src:    "⚠ MCP client for `gift` timed out after 10 seconds. Add or adjust `startup_timeout_sec` in your config.toml:\n  [mcp_servers.gift]\n  startup_timeout_sec = XX\n",
			format: FormatCodex, codes: []string{"log.client-timeout@1"}, kinds: []string{"2:client-log", "3:client-log"}},
		{name: "codex: a line wrapped by the terminal",
			src:    "⚠ MCP client for `gift` failed to start: MCP startup failed: handshaking with MCP server failed: Send message error Transport\n  [codex_rmcp_client::stdio_server_launcher::StdioServerTransport] error: Broken pipe (os error 32), when send initialize request\n",
			format: FormatCodex, codes: []string{"log.server-exited@1"}, kinds: []string{"2:client-log"}},
		{name: "codex: its log file",
			src:    "2025-06-01T10:00:10.000000Z ERROR codex_core::codex: MCP client for `gift` failed to start: request timed out\n",
			format: FormatCodex, codes: []string{"log.client-timeout@1"}},
		{name: "amazon q: a prompt, a failure and a server loaded",
			src:    "(base) learner@laptop gifts % q chat\n✗ gift has failed to load after 0.87 s\n - Mcp error: -32002: connection closed: initialize response\n✓ notes loaded in 2.91 s\n",
			format: FormatAmazonQ, codes: []string{"log.server-exited@2"}, kinds: []string{"1:shell", "3:client-log", "4:client-log"}},
		{name: "goose: the server's exit as Rust's Debug, its stderr inside",
			src:    `Error activating extension: Failed to add extension configuration, error: ProcessExit(ProcessExit { stderr: "gift: no key\n", source: ConnectionClosed("initialize response") })` + "\n",
			format: FormatGoose, codes: []string{"log.server-exited@1"}},
		{name: "goose: a built-in server's panic, quoted",
			src:    "Failed to start extension: gift, \"Failed to start the MCP server from configuration `Builtin(gift)` `Call to '' failed for 'initialize'. Error from mcp-server: Stdio process error: \\nthread 'main' panicked at src/main.rs:3:5:\\nno gift\\n`\"\nPlease check extension configuration for gift.\n",
			format: FormatGoose, codes: []string{"log.server-crashed@1"}, kinds: []string{"2:client-log"}},
		{name: "librechat: its config over indented lines, the server's stderr, capabilities as JSON",
			src:    "LibreChat  |     \"gift\": {\nLibreChat  | 2025-06-01 10:00:00 info: [MCP][gift] Connection state: connecting\nLibreChat  | gift server listening on stdio\nLibreChat  | 2025-06-01 10:00:01 info: [MCP][gift] Capabilities: {\"tools\":{}}\n",
			format: FormatLibreChat, kinds: []string{"1:client-log", "2:client-log", "3:server-stderr", "4:client-log"}},
		{name: "librechat: a spawn that fails",
			src:    "LibreChat  | 2025-06-01 10:00:01 error: [MCP][gift] Connection failed: spawn node ENOENT\n",
			format: FormatLibreChat, codes: []string{"log.server-exited@1"}},
		{name: "lm studio: the server's stderr at [ERROR], wrapped by its logger",
			src:    "2025-06-01 10:00:00  [INFO]\n [Plugin(mcp/gift)] stdout: [Tools Prvdr.] Register with LM Studio\n2025-06-01 10:00:01 [ERROR]\n [Plugin(mcp/gift)] stderr: [06/01/25 10:00:01] INFO     Processing request of type     server.py:523\n                             ListToolsRequest     \n",
			format: FormatLMStudio, kinds: []string{"2:client-log", "4:server-stderr", "5:server-stderr"}},
		{name: "java sdk: Spring Boot's header, the server's stdout quoted, Jackson's stack",
			src:    "2025-06-01T10:00:00.611+02:00 ERROR 18324 --- [pool-2-thread-1] i.m.c.transport.StdioClientTransport     : Error processing inbound message for line: gift server ready\n\ncom.fasterxml.jackson.core.JsonParseException: Unrecognized token 'gift'\n\tat com.fasterxml.jackson.core.JsonParser._constructReadException(JsonParser.java:2661)\n",
			format: FormatJavaSDK, codes: []string{"log.stdout-noise@1"}, kinds: []string{"3:client-log", "4:client-log"}},
		{name: "java sdk: logback's default header",
			src:    "10:00:00.611 [pool-1-thread-1] ERROR io.modelcontextprotocol.client.transport.StdioClientTransport -- Error processing inbound message for line: gift server ready\n",
			format: FormatJavaSDK, codes: []string{"log.stdout-noise@1"}},
		{name: "crush: the Go SDK's words, then the log file's JSON records",
			src:    "2025/06/01 10:00:02 ERRO MCP client failed to initialize error=\"calling \\\"initialize\\\": invalid trailing data at the end of stream\" name=gift source=github.com/charmbracelet/crush/internal/agent/tools/mcp/init.go:303\n{\"time\":\"2025-06-01T10:00:00.1+02:00\",\"level\":\"INFO\",\"msg\":\"Fetching providers\"}\n{\"time\":\"2025-06-01T10:00:00.2+02:00\",\"level\":\"INFO\",\"msg\":\"cut he\n",
			format: FormatCrush, codes: []string{"log.stdout-noise@1"}, kinds: []string{"2:client-log", "3:client-log"}},
		{name: "crush: the pipe closed under the Go SDK",
			src:    "2025/06/01 10:00:02 ERRO MCP client failed to initialize error=\"calling \\\"initialize\\\": EOF\" name=gift source=github.com/charmbracelet/crush/internal/agent/tools/mcp/init.go:303\n",
			format: FormatCrush, codes: []string{"log.server-exited@1"}},
		{name: "copilot in idea.log: its own JSON-RPC is no MCP message",
			src:    `{"jsonrpc":"2.0","method":"copilot/mcpTools","params":{"servers":[{"name":"gift","status":"error","error":"MCP error -32000: Connection closed"}]}}` + "\n2025-06-01 10:00:00,236 [  21907]   WARN - #copilot - [CopilotMCP] Connection failed: McpError: MCP error -32000: Connection closed\n    at kv._onclose (protocol.ts:312:19)\n",
			format: FormatJetBrainsCopilot, codes: []string{"log.server-exited@2"}, kinds: []string{"1:client-log", "3:client-log"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res, err := Read([]byte(c.src), FormatAuto, Limits{})
			if !errors.Is(err, c.err) || (c.err == nil) != (err == nil) {
				t.Fatalf("err = %v, want %v", err, c.err)
			}
			if res.Format != c.format || len(res.Entries) != 0 {
				t.Errorf("format %s with %d messages, want %s with none", res.Format, len(res.Entries), c.format)
			}
			if d := cmp.Diff(c.codes, codes(res)); d != "" {
				t.Errorf("problems (-want +got):\n%s", d)
			}
			if d := cmp.Diff(c.kinds, kinds(res)); d != "" {
				t.Errorf("context (-want +got):\n%s", d)
			}
		})
	}
}
