package logimport

import (
	"regexp"

	"github.com/mcpplayground/playground/internal/i18n"
)

// A log no other format claims, whose lines hold a message after a prefix:
// the SDKs' debug logs (Python's logging, the Go SDK's logging transport,
// TypeScript's console), tracing and slog-style loggers, a program's own
// "Client Says: {…}". The sender comes from the prefix's words
// (senderWords) or, failing that, from the message (marked inferred).
//
//	2025-06-01T10:00:00.123456Z DEBUG rmcp::service: received message: {"jsonrpc":"2.0",…}
//	time=2025-06-01T10:00:00Z level=DEBUG msg=write message="{\"jsonrpc\":\"2.0\",…}"
var genericHead = regexp.MustCompile(`^(?:\[?(?P<time>\d{4}-\d\d-\d\d[T ]\d\d:\d\d:\d\d(?:[.,]\d+)?(?:Z|[+-]\d\d:?\d\d)?)\]?[ \t]*)?`)

const FormatPrefixed Format = "prefixed"

func init() {
	register(Spec{Name: FormatPrefixed, rank: 90,
		Label: map[i18n.Lang]string{i18n.EN: "A message after a log prefix (SDK debug logs, tracing, slog…)", i18n.FR: "Un message après un préfixe de journal (journaux de débogage des SDK, tracing, slog…)"},
		Sample: `2025-06-01T10:00:00.123Z DEBUG mcp.client: Sending: {"jsonrpc":"2.0","id":1,"method":"tools/list"}
2025-06-01T10:00:00.150Z DEBUG mcp.client: Received: {"jsonrpc":"2.0","id":1,"result":{"tools":[]}}`,
		detect: func(s *sniff) bool {
			for _, l := range s.lines {
				if at, _, _ := findMessage(l); at > 0 || pyStart.Match(head(l)) || sdkObject.Match(head(l)) {
					return true
				}
			}
			return false
		},
		read: func(r *reader, src []byte) error {
			r.prefixedLines(src, lineStyle{head: genericHead, kind: ContextServerLog})
			return nil
		}})
}
