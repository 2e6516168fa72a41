package logimport

import (
	"github.com/mcpplayground/playground/internal/grader"
	"regexp"

	"github.com/mcpplayground/playground/internal/i18n"
)

// Windsurf's log: VS Code's header (format_vscode.go), with the lines of
// its language server inside, each with a glog header of its own (level
// letter, date, time, thread, file:line]), where MCP failures show
// ("failed to start mcp … client", "context deadline exceeded").
//
//	2025-06-01 10:00:00.975 [info] E0601 10:00:00.975004 78921 mcp.go:70] failed to start mcp stdio client: …
var glogHead = regexp.MustCompile(`(?:^|\] )[IWEF]\d{4} \d\d:\d\d:\d\d\.\d+ +\d+ [\w./-]+:\d+\] `)

// windsurfHead is VS Code's head, then glog's, which the language server writes.
var windsurfHead = regexp.MustCompile(vscodeHead.String() + `(?:[IWEF]\d{4} \d\d:\d\d:\d\d\.\d+ +\d+ [\w./-]+:\d+\] )?`)

const FormatWindsurf Format = "windsurf"

func init() {
	register(Spec{Name: FormatWindsurf, rank: 33, Client: true,
		Label: map[i18n.Lang]string{i18n.EN: "Windsurf (its language server’s log)", i18n.FR: "Windsurf (le journal de son serveur de langage)"},
		Sample: `2025-06-01 10:00:00.975 [info] I0601 10:00:00.975004 78921 mcp.go:120] starting mcp server gift
2025-06-01 10:00:05.980 [info] E0601 10:00:05.980112 78921 mcp.go:70] failed to initialize server gift: context deadline exceeded`,
		detect: func(s *sniff) bool { return s.count(glogHead) > 0 },
		read: func(r *reader, src []byte) error {
			r.prefixedLines(src, lineStyle{head: windsurfHead, writer: grader.SenderClient})
			return nil
		}})
}
