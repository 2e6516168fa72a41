package logimport

import (
	"github.com/mcpplayground/playground/internal/grader"
	"regexp"

	"github.com/mcpplayground/playground/internal/i18n"
)

// MCP Inspector's console: what its proxy prints in the terminal where
// "npx @modelcontextprotocol/inspector" runs. The proxy is the client of
// the server under test; it says which transport it opened and what went
// wrong ("Error from MCP server: …"), and the server's stderr comes
// through it.
//
//	New STDIO connection request
//	STDIO transport: command=node, args=server.js
//	Received POST message for sessionId 3f0c…
var inspectorConsoleWords = regexp.MustCompile(`MCP Inspector is up and running|Proxy server listening on|New (?:STDIO|SSE|StreamableHttp) connection request|Received (?:POST|GET) message for sessionId|Error from MCP server|Created (?:server|client|StreamableHttp server) transport`)

const FormatInspectorConsole Format = "inspector-console"

func init() {
	register(Spec{Name: FormatInspectorConsole, rank: 39, Client: true,
		Label: map[i18n.Lang]string{i18n.EN: "MCP Inspector (its console)", i18n.FR: "MCP Inspector (sa console)"},
		Sample: `⚙️ Proxy server listening on localhost:6277
New STDIO connection request
STDIO transport: command=node, args=server.js
Error from MCP server: McpError: MCP error -32000: Connection closed`,
		detect: func(s *sniff) bool { return s.count(inspectorConsoleWords) > 0 },
		read: func(r *reader, src []byte) error {
			r.prefixedLines(src, lineStyle{writer: grader.SenderClient})
			return nil
		}})
}
