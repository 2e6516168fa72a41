package logimport

import (
	"regexp"

	"github.com/mcpplayground/playground/internal/grader"
	"github.com/mcpplayground/playground/internal/i18n"
)

// LibreChat's server log writes no message: a server's connection states
// and what failed, under "[MCP][NAME]", with winston's time and level.
// Under Docker Compose every line starts with the container's name and
// "|"; the server's stderr comes through between them without LibreChat's
// time, and an object LibreChat prints goes on over indented lines.
//
//	LibreChat  | 2025-06-01 10:00:00 info: [MCP][gift] Connection state: connecting
//	LibreChat  | gift server listening on stdio
//	LibreChat  | 2025-06-01 10:00:01 error: [MCP][gift] Connection failed: spawn node ENOENT
var libreChatWords = regexp.MustCompile(`\b(?:info|warn|error|debug): \[MCP\](?:\[[^\]]+\])?`)

// libreChatHead is Compose's prefix and winston's time and level, each
// there or not.
var libreChatHead = regexp.MustCompile(`^(?:[\w.-]+ +\| ?)?(?:(?P<time>\d{4}-\d\d-\d\d \d\d:\d\d:\d\d) (?P<level>\w+): )?`)

// libreChatPeer reads the server's name.
var libreChatPeer = regexp.MustCompile(`^\[MCP\]\[([^\]]+)\]`)

const FormatLibreChat Format = "librechat"

func init() {
	register(Spec{Name: FormatLibreChat, rank: 44, Client: true,
		Label: map[i18n.Lang]string{i18n.EN: "LibreChat (its server log, docker compose logs)", i18n.FR: "LibreChat (le journal de son serveur, docker compose logs)"},
		Sample: "LibreChat  | 2025-06-01 10:00:00 info: [MCP][gift] Connection state: connecting\n" +
			"LibreChat  | 2025-06-01 10:00:01 error: [MCP][gift] Connection failed: spawn node ENOENT",
		detect: func(s *sniff) bool { return s.count(libreChatWords) > 0 },
		read: func(r *reader, src []byte) error {
			r.prefixedLines(src, lineStyle{head: libreChatHead, writer: grader.SenderClient, untimed: ContextStderr, peerOf: submatchOf(libreChatPeer)})
			return nil
		}})
}
