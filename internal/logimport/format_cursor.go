package logimport

import (
	"github.com/mcpplayground/playground/internal/grader"
	"regexp"

	"github.com/mcpplayground/playground/internal/i18n"
)

// Cursor's "MCP Logs" output channel: VS Code's header (format_vscode.go),
// then what the client does ("Handling CallTool action for tool …") and
// what went wrong ("Client error for command …", where the server's stdout
// noise shows as a JSON.parse complaint). It rarely holds the messages
// themselves: the failures are what it tells.
//
//	2025-06-01 10:00:00.123 [info] Handling CallTool action for tool 'suggest_gifts'
//	2025-06-01 10:00:00.130 [error] Client error for command Unexpected token 'S', "Server sta"... is not valid JSON
var cursorWords = regexp.MustCompile(`Handling \w+ action|Client closed for command|Error in MCP: |Starting new stdio process with command|Server creation in progress|CreateClient completed|Client error for command|Successfully connected to (?:stdio|sse|streamableHttp) server|Storing (?:stdio|sse|streamableHttp) client|Creating (?:stdio|sse|streamableHttp) client`)

const FormatCursor Format = "cursor"

func init() {
	register(Spec{Name: FormatCursor, rank: 32, Client: true,
		Label: map[i18n.Lang]string{i18n.EN: "Cursor (MCP Logs)", i18n.FR: "Cursor (MCP Logs)"},
		Sample: `2025-06-01 10:00:00.100 [info] Creating stdio client with command: node server.js
2025-06-01 10:00:00.900 [info] Handling CallTool action for tool 'suggest_gifts'
2025-06-01 10:00:01.200 [error] Client error for command Request timed out`,
		detect: func(s *sniff) bool { return s.count(vscodeHead) > 0 && s.count(cursorWords) > 0 },
		read: func(r *reader, src []byte) error {
			r.prefixedLines(src, lineStyle{head: vscodeHead, writer: grader.SenderClient, stderr: cursorStderr, own: cursorWords})
			return nil
		}})
}

// cursorStderr is a line of the server's stderr: Cursor writes what the
// server wrote under the server's whole identifier ("user-NAME" for a
// server of the user's mcp.json, "project-N-…-NAME" for a project's),
// where its own lines carry the identifier's last letters ("ysql: Calling
// tool …") or nothing.
//
//	2025-06-01 10:00:00.684 [error] user-gift: 2025-06-01 10:00:00,683 - mcp.server - INFO - Processing request of type CallToolRequest
var cursorStderr = regexp.MustCompile(`^(?:user|project-\d+)-[^:\s][^:]{0,200}: `)
