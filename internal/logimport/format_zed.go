package logimport

import (
	"github.com/mcpplayground/playground/internal/grader"
	"regexp"

	"github.com/mcpplayground/playground/internal/i18n"
)

// Zed's log (Zed.log): a timestamp with its offset, the level and the
// module; its context servers (MCP servers) log under context_server, the
// messages at trace level as outgoing and incoming.
//
//	2025-06-01T10:00:00.123+02:00 [TRACE context_server::client] outgoing message: {"jsonrpc":"2.0",…}
//	2025-06-01T10:00:00.123+02:00 TRACE [context_server::client] incoming message: {…}
var zedHead = regexp.MustCompile(`^(?P<time>\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?(?:Z|[+-]\d\d:\d\d)) +\[?(?P<level>TRACE|DEBUG|INFO|WARN|ERROR)\]? *\[?(?P<module>[\w]+(?:::[\w]+)*)?\]? *`)

const FormatZed Format = "zed"

func init() {
	register(Spec{Name: FormatZed, rank: 35, Client: true,
		Label: map[i18n.Lang]string{i18n.EN: "Zed (Zed.log, its context servers)", i18n.FR: "Zed (Zed.log, ses serveurs de contexte)"},
		Sample: `2025-06-01T10:00:00.100+02:00 [INFO context_server] starting context server gift
2025-06-01T10:00:00.200+02:00 [TRACE context_server::client] outgoing message: {"jsonrpc":"2.0","id":0,"method":"initialize",…}
2025-06-01T10:00:00.350+02:00 [TRACE context_server::client] incoming message: {"jsonrpc":"2.0","id":0,"result":{…}}`,
		detect: func(s *sniff) bool { return s.count(zedHead) > 0 && s.any("context_server") },
		read: func(r *reader, src []byte) error {
			r.prefixedLines(src, lineStyle{head: zedHead, writer: grader.SenderClient})
			return nil
		}})
}
