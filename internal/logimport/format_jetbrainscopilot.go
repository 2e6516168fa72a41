package logimport

import (
	"regexp"

	"github.com/mcpplayground/playground/internal/grader"
	"github.com/mcpplayground/playground/internal/i18n"
)

// GitHub Copilot in a JetBrains IDE logs to idea.log under "#copilot",
// its MCP client's lines under "[CopilotMCP]": what failed, with Node's
// stack on the next lines. At debug level the IDE also dumps, without a
// header, the messages of its own JSON-RPC with Copilot's language
// server ("copilot/mcpTools", LSP): no MCP message, and no server's.
//
//	2025-06-01 10:00:00,236 [  21907]   WARN - #copilot - [CopilotMCP] Connection failed: McpError: MCP error -32000: Connection closed
//	    at kv._onclose (…/sdk/src/shared/protocol.ts:312:19)
var jetbrainsCopilotWords = regexp.MustCompile(` - #copilot - |\[CopilotMCP\]|"method":"copilot/`)

// ideaHead is idea.log's header: the time, the milliseconds since the
// IDE started, the level and the logger's category.
var ideaHead = regexp.MustCompile(`^(?P<time>\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3}) +\[ *\d+\] +(?P<level>TRACE|DEBUG|INFO|WARN|ERROR|SEVERE) +- +\S+ +- `)

const FormatJetBrainsCopilot Format = "jetbrains-copilot"

func init() {
	register(Spec{Name: FormatJetBrainsCopilot, rank: 48, Client: true,
		Label: map[i18n.Lang]string{i18n.EN: "GitHub Copilot in a JetBrains IDE (idea.log)", i18n.FR: "GitHub Copilot dans un IDE JetBrains (idea.log)"},
		Sample: "2025-06-01 10:00:00,236 [  21907]   WARN - #copilot - [CopilotMCP] Connection failed: McpError: MCP error -32000: Connection closed\n" +
			"    at kv._onclose (/snapshot/copilot-client/dist/protocol.ts:312:19)",
		detect: func(s *sniff) bool { return s.count(jetbrainsCopilotWords) > 0 },
		read: func(r *reader, src []byte) error {
			r.prefixedLines(src, lineStyle{head: ideaHead, bare: ContextClientLog, writer: grader.SenderClient})
			return nil
		}})
}
