package logimport

import (
	"regexp"

	"github.com/mcpplayground/playground/internal/grader"
	"github.com/mcpplayground/playground/internal/i18n"
)

// OpenAI's Codex CLI writes no message: its terminal says, server by
// server, what failed at start-up (its own advice and config lines
// indented under it, long lines wrapped onto indented ones), and its log
// file (codex-tui.log) says the same after tracing's header.
//
//	⚠ MCP client for `gift` timed out after 10 seconds. Add or adjust `startup_timeout_sec` in your config.toml:
//	  [mcp_servers.gift]
//	⚠ MCP startup incomplete (failed: gift)
//	2025-06-01T10:00:10.000000Z ERROR codex_core::codex: MCP client for `gift` failed to start: request timed out
var codexWords = regexp.MustCompile("MCP client for `[^`]+` (?:failed to start|timed out after)|MCP startup incomplete \\(failed: |codex_core::mcp_connection_manager|codex_rmcp_client::")

// codexPeer reads the server's name.
var codexPeer = regexp.MustCompile("MCP client for `([^`]+)`")

// codexHead is the terminal's mark, or tracing's header in the log file.
var codexHead = regexp.MustCompile(`^(?:(?P<time>\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z) +(?P<level>TRACE|DEBUG|INFO|WARN|ERROR) +[\w:]+: )?(?:[⚠■] )?`)

const FormatCodex Format = "codex"

func init() {
	register(Spec{Name: FormatCodex, rank: 41, Client: true,
		Label: map[i18n.Lang]string{i18n.EN: "Codex CLI (its terminal, codex-tui.log)", i18n.FR: "Codex CLI (son terminal, codex-tui.log)"},
		Sample: "⚠ MCP client for `gift` timed out after 10 seconds. Add or adjust `startup_timeout_sec` in your config.toml:\n" +
			"  [mcp_servers.gift]\n  startup_timeout_sec = XX\n\n⚠ MCP startup incomplete (failed: gift)",
		detect: func(s *sniff) bool { return s.count(codexWords) > 0 },
		read: func(r *reader, src []byte) error {
			r.prefixedLines(src, lineStyle{head: codexHead, writer: grader.SenderClient, peerOf: submatchOf(codexPeer)})
			return nil
		}})
}
