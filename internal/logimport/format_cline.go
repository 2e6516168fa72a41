package logimport

import (
	"github.com/mcpplayground/playground/internal/grader"
	"regexp"

	"github.com/mcpplayground/playground/internal/i18n"
)

// Cline's MCP hub writes to the extension host's log (VS Code's header,
// format_vscode.go, when it is saved from the editor): a transport's
// error or close, and the server's stderr, each naming the server.
//
//	2025-06-01 10:00:01.000 [error] Transport error for "gift": McpError: MCP error -32000: Connection closed
//	2025-06-01 10:00:01.000 [info] Server "gift" stderr: listening on stdio
var clineWords = regexp.MustCompile(`Transport (?:error|closed) for "[^"]+"|Server "[^"]+" (?:stderr|info):`)

// clinePeer reads the server's name.
var clinePeer = regexp.MustCompile(`(?:for|Server) "([^"]+)"`)

// clineHead is VS Code's head, which a line may lack.
var clineHead = regexp.MustCompile(`^(?:` + vscodeHead.String()[1:] + `)?`)

const FormatCline Format = "cline"

func init() {
	register(Spec{Name: FormatCline, rank: 34, Client: true,
		Label: map[i18n.Lang]string{i18n.EN: "Cline (its MCP hub in the extension host’s log)", i18n.FR: "Cline (son hub MCP dans le journal de l’hôte d’extensions)"},
		Sample: `2025-06-01 10:00:00.500 [info] Server "gift" stderr: gift server listening on stdio
2025-06-01 10:00:31.000 [error] Transport error for "gift": McpError: MCP error -32001: Request timed out`,
		detect: func(s *sniff) bool { return s.count(clineWords) > 0 },
		read: func(r *reader, src []byte) error {
			r.prefixedLines(src, lineStyle{head: clineHead, writer: grader.SenderClient, peerOf: submatchOf(clinePeer)})
			return nil
		}})
}
