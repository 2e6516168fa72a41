package logimport

import (
	"regexp"

	"github.com/mcpplayground/playground/internal/grader"
	"github.com/mcpplayground/playground/internal/i18n"
)

// Crush writes no message: on the terminal, charm's log lines (a short
// level, then key=value pairs), and in its log file the same records as
// slog's JSON, which are no messages either. Its MCP client (the Go SDK,
// mcp-go before it) says what failed in the error's value, in the SDK's
// words.
//
//	2025/06/01 10:00:00 ERRO MCP client failed to initialize error="calling \"initialize\": EOF" name=gift source=…/mcp/init.go:303
//	{"time":"2025-06-01T10:00:00.1234567+02:00","level":"INFO","source":{…},"msg":"MCP client initialized","name":"gift"}
var crushWords = regexp.MustCompile(`charmbracelet/crush/|\b(?:ERRO|INFO|WARN|DEBU) (?:MCP client|error initializing mcp client|Initialized mcp client)`)

// crushHead is charm's log header.
var crushHead = regexp.MustCompile(`^(?:(?P<time>\d{4}/\d\d/\d\d \d\d:\d\d:\d\d) (?P<level>DEBU|INFO|WARN|ERRO|FATA) )?`)

// crushPeer reads the server's name from a text line, or a JSON record.
var crushPeer = regexp.MustCompile(`\bname=(\S+)|"name":"([^"]+)"`)

const FormatCrush Format = "crush"

func init() {
	register(Spec{Name: FormatCrush, rank: 47, Client: true,
		Label: map[i18n.Lang]string{i18n.EN: "Crush (its terminal, its log file)", i18n.FR: "Crush (son terminal, son fichier de journal)"},
		Sample: `2025/06/01 10:00:00 INFO MCP client initialized name=notes source=github.com/charmbracelet/crush/internal/agent/tools/mcp/init.go:322
2025/06/01 10:00:02 ERRO MCP client failed to initialize error="calling \"initialize\": EOF" name=gift source=github.com/charmbracelet/crush/internal/agent/tools/mcp/init.go:303`,
		detect: func(s *sniff) bool { return s.count(crushWords) > 0 },
		read: func(r *reader, src []byte) error {
			r.prefixedLines(src, lineStyle{head: crushHead, writer: grader.SenderClient, peerOf: submatchOf(crushPeer)})
			return nil
		}})
}
