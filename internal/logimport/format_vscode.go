package logimport

import (
	"github.com/mcpplayground/playground/internal/grader"
	"regexp"

	"github.com/mcpplayground/playground/internal/i18n"
)

// VS Code's MCP output channel (one channel a server, "MCP: NAME"): its
// log header, then the client's own words, the messages it sends and
// receives at trace level, and the server's stderr.
//
//	2025-06-01 10:00:00.123 [trace] [editor -> server] {"jsonrpc":"2.0",…}
//	2025-06-01 10:00:00.456 [warning] [server stderr] listening on stdio
//
// Cursor, Windsurf and Cline write their logs with the same header (the
// editor's LogOutputChannel); each is its own format for what follows it.
var vscodeHead = regexp.MustCompile(`^(?P<time>\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(?:\.\d+)?) \[(?P<level>trace|debug|info|warning|error|critical)\] ?`)

const FormatVSCode Format = "vscode"

func init() {
	register(Spec{Name: FormatVSCode, rank: 31, Client: true,
		Label: map[i18n.Lang]string{i18n.EN: "VS Code (the MCP output channel)", i18n.FR: "VS Code (le canal de sortie MCP)"},
		Sample: `2025-06-01 10:00:00.120 [info] Starting server gift
2025-06-01 10:00:00.300 [trace] [editor -> server] {"jsonrpc":"2.0","id":1,"method":"initialize",…}
2025-06-01 10:00:00.450 [trace] [server -> editor] {"jsonrpc":"2.0","id":1,"result":{…}}`,
		detect: func(s *sniff) bool {
			return s.any("[editor -> server]", "[server -> editor]") || (s.count(vscodeHead) > 0 && (s.any("Connection state: ", "[server stderr]") || s.count(vscodeWords) > 0))
		},
		read: func(r *reader, src []byte) error {
			r.prefixedLines(src, lineStyle{head: vscodeHead, writer: grader.SenderClient, serverSays: vscodeHTTPBody})
			return nil
		}})
}

// vscodeWords are other lines only VS Code's MCP channel writes: its
// first versions' "[Client Says]" and "[Server Says]", the tools it found,
// and its HTTP transport's words about the stream of notifications.
var vscodeWords = regexp.MustCompile(`\[(?:Client|Server) Says\] |Discovered \d+ tools|Error reading from async stream|for async notifications|Starting server from (?:LocalProcess|Remote) extension host`)

// vscodeHTTPBody is how VS Code introduces the body of an HTTP error the
// server answered: the message after it is the server's.
var vscodeHTTPBody = regexp.MustCompile(`\d{3} status (?:sending message to|connecting to) \S+`)
