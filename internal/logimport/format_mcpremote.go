package logimport

import (
	"github.com/mcpplayground/playground/internal/grader"
	"regexp"

	"github.com/mcpplayground/playground/internal/i18n"
)

// mcp-remote's stderr: each line starts with the proxy's process id in
// brackets; "[Local→Remote] METHOD" and "[Remote→Local] ID" say what went
// through it, and with debugging on the message follows, printed over
// several lines. A new process id is another run of the proxy.
//
//	[4242] [Local→Remote] initialize
//	[4242] {
//	  "jsonrpc": "2.0", …
//	}
//
// Its debug log (--debug) starts each line with the time as well:
//
//	[2025-07-23T18:09:47.614Z][4242] [Local→Remote] tools/list
var remoteHead = regexp.MustCompile(`^(?:\[(?P<time>\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z)\])?\[(?P<pid>\d+)\] `)

const FormatMCPRemote Format = "mcp-remote"

func init() {
	register(Spec{Name: FormatMCPRemote, rank: 38, Client: true,
		Label: map[i18n.Lang]string{i18n.EN: "mcp-remote (its stderr)", i18n.FR: "mcp-remote (sa sortie d’erreur)"},
		Sample: `[4242] Connecting to remote server: http://127.0.0.1:8080/mcp
[4242] [Local→Remote] tools/call
[4242] [Remote→Local] 3`,
		detect: func(s *sniff) bool {
			return s.count(remoteHead) > 0 && s.any("Local→Remote", "Remote→Local", "Connecting to remote server", "Proxy established")
		},
		read: func(r *reader, src []byte) error {
			r.prefixedLines(src, lineStyle{head: remoteHead, writer: grader.SenderClient})
			return nil
		}})
}
