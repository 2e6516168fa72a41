package logimport

import (
	"github.com/mcpplayground/playground/internal/grader"
	"regexp"

	"github.com/mcpplayground/playground/internal/i18n"
)

// Gemini CLI's debug output (gemini --debug): the server's stderr as "MCP
// STDERR (NAME): …", the client's complaints as "MCP ERROR (NAME): …"
// (a SyntaxError there quotes the server's stdout), and discovery's
// failures.
//
//	MCP STDERR (gift): gift server listening on stdio
//	✖ MCP ERROR (gift): SyntaxError: Unexpected token 'g', "gift serve"... is not valid JSON
//
// Its first versions drew the failure in a box:
//
//	│ failed to start or connect to MCP server 'gift' {"command":"npx"};  │
//	│    McpError: MCP error -32000: Connection closed                     │
var geminiWords = regexp.MustCompile(`MCP (?:STDERR|ERROR) \(([^)]+)\)|Error during discovery for (?:MCP )?server '([^']+)'|\[DEBUG\] \[MCP|failed to start or connect to MCP server '([^']+)'`)

// geminiHead is the marks and the [LEVEL] a Gemini CLI line starts with.
var geminiHead = regexp.MustCompile(`^(?:[✖✕ℹ⚠│] *|\[(?P<level>DEBUG|INFO|WARN|ERROR)\] )*`)

const FormatGemini Format = "gemini"

func init() {
	register(Spec{Name: FormatGemini, rank: 37, Client: true,
		Label: map[i18n.Lang]string{i18n.EN: "Gemini CLI (gemini --debug)", i18n.FR: "Gemini CLI (gemini --debug)"},
		Sample: `MCP STDERR (gift): gift server listening on stdio
✖ MCP ERROR (gift): SyntaxError: Unexpected token 'g', "gift serve"... is not valid JSON
✖ Error during discovery for server 'gift': No prompts or tools found on the server.`,
		detect: func(s *sniff) bool { return s.count(geminiWords) > 0 },
		read: func(r *reader, src []byte) error {
			r.prefixedLines(src, lineStyle{head: geminiHead, writer: grader.SenderClient, peerOf: submatchOf(geminiWords)})
			return nil
		}})
}
