package logimport

import (
	"regexp"

	"github.com/mcpplayground/playground/internal/grader"
	"github.com/mcpplayground/playground/internal/i18n"
)

// LM Studio's developer log writes no message: each record's time and
// level stand on a line of their own, its text on the next line after a
// space. An MCP server runs as a plugin, whose stdout and stderr it
// copies (the stderr at [ERROR], whatever the server meant); the
// server's logger may wrap a line onto deeply indented ones.
//
//	2025-06-01 10:00:00  [INFO]
//	 [Plugin(mcp/gift)] stdout: [Tools Prvdr.] Register with LM Studio
//	2025-06-01 10:00:01 [ERROR]
//	 [Plugin(mcp/gift)] stderr: gift server listening on stdio
var lmStudioWords = regexp.MustCompile(`^\[Plugin\([^)]*\)\] (?:stdout|stderr): |^\[LM STUDIO SERVER\]|\[Tools Prvdr\.\]|^\[LMSAuthenticator\]`)

// lmStudioHead is a record's first line: its time and level, alone.
var lmStudioHead = regexp.MustCompile(`^(?P<time>\d{4}-\d\d-\d\d \d\d:\d\d:\d\d) +\[(?P<level>[A-Z]+)\]\s*$`)

// lmStudioWrapped is a line LM Studio wrapped: the rest of the line above.
var lmStudioWrapped = regexp.MustCompile(`^ {8,}\S`)

const FormatLMStudio Format = "lm-studio"

func init() {
	register(Spec{Name: FormatLMStudio, rank: 45, Client: true,
		Label: map[i18n.Lang]string{i18n.EN: "LM Studio (its developer log)", i18n.FR: "LM Studio (son journal de développement)"},
		Sample: "2025-06-01 10:00:00  [INFO]\n [Plugin(mcp/gift)] stdout: [Tools Prvdr.] Register with LM Studio\n" +
			"2025-06-01 10:00:01 [ERROR]\n [Plugin(mcp/gift)] stderr: gift server listening on stdio",
		detect: func(s *sniff) bool { return s.count(lmStudioHead) > 0 && s.count(lmStudioWords) > 0 },
		read: func(r *reader, src []byte) error {
			r.prefixedLines(src, lineStyle{head: lmStudioHead, bare: ContextClientLog, wrapped: lmStudioWrapped, writer: grader.SenderClient})
			return nil
		}})
}
