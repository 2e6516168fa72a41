package logimport

import (
	"regexp"

	"github.com/mcpplayground/playground/internal/i18n"
)

// Trae's MCP output channel: an ISO time with its offset, the level, the
// server's configuration key ("mcp.config.usrlocalmcp.NAME"), then the
// class and method that logs ("MCPClient#onStderr", "MCPClient#onClose",
// "ExtHostMCPService#$callTool"). The server's stderr comes under
// MCPClient#onStderr.
//
//	2026-01-07T16:02:15.023+08:00 [info] [mcp.config.usrlocalmcp.gift] MCPClient#onStderr [Server Internal Log] ready
//	2026-01-07T16:02:17.038+08:00 [error] [mcp.config.usrlocalmcp.gift] MCPClient#onClose
var traeHead = regexp.MustCompile(`^(?P<time>\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?(?:Z|[+-]\d\d:\d\d)) \[(?P<level>\w+)\] \[mcp\.config\.(?:[\w-]+\.)?(?P<peer>[^\]\s]+)\] ?`)

var traeWords = regexp.MustCompile(`\] (?:MCPClient|MCPServerManager|ExtHostMCPService|MCPService)#`)

var traeStderr = regexp.MustCompile(`^MCPClient#onStderr `)

const FormatTrae Format = "trae"

func init() {
	register(Spec{Name: FormatTrae, rank: 33, Client: true,
		Label: map[i18n.Lang]string{i18n.EN: "Trae (MCP output)", i18n.FR: "Trae (sortie MCP)"},
		Sample: `2026-01-07T16:02:14.101+08:00 [info] [mcp.config.usrlocalmcp.gift] MCPServerManager#start node server.js
2026-01-07T16:02:15.023+08:00 [info] [mcp.config.usrlocalmcp.gift] MCPClient#onStderr [Server Internal Log] ready
2026-01-07T16:02:17.038+08:00 [error] [mcp.config.usrlocalmcp.gift] MCPClient#onClose`,
		detect: func(s *sniff) bool { return s.count(traeHead) > 0 && s.count(traeWords) > 0 },
		read: func(r *reader, src []byte) error {
			r.prefixedLines(src, lineStyle{head: traeHead, writer: "client", stderr: traeStderr})
			return nil
		}})
}
