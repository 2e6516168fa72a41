package logimport

import (
	"regexp"

	"github.com/mcpplayground/playground/internal/grader"
	"github.com/mcpplayground/playground/internal/i18n"
)

// Amazon Q Developer CLI's `q chat` writes no message: a line a server,
// ✓ loaded or ✗ failed with the time it took, and under a failure the
// error and a hint, each after " - ".
//
//	✗ gift has failed to load after 0.87 s
//	 - Mcp error: -32002: connection closed: initialize response
//	 - run with Q_LOG_LEVEL=trace and see $TMPDIR/qlog/qchat.log for detail
//	✓ notes loaded in 2.91 s
var amazonQWords = regexp.MustCompile(`^[✗✓] \S+ (?:(?:has failed to load after|loaded in) [\d.]+ s|has failed to load:)|Q_LOG_LEVEL=trace|qlog/qchat\.log|mcp servers initialized`)

// amazonQPeer reads the server's name from its ✓ or ✗ line.
var amazonQPeer = regexp.MustCompile(`^(\S+) (?:has failed to load after|loaded in) `)

// amazonQHead is a line's mark: ✓, ✗ or ⚠, or the " - " of a failure's detail.
var amazonQHead = regexp.MustCompile(`^(?:[✗✓⚠] | - )?`)

const FormatAmazonQ Format = "amazon-q"

func init() {
	register(Spec{Name: FormatAmazonQ, rank: 42, Client: true,
		Label: map[i18n.Lang]string{i18n.EN: "Amazon Q Developer CLI (q chat)", i18n.FR: "Amazon Q Developer CLI (q chat, son terminal)"},
		Sample: "✗ gift has failed to load after 0.87 s\n - Mcp error: -32002: connection closed: initialize response\n" +
			" - run with Q_LOG_LEVEL=trace and see $TMPDIR/qlog/qchat.log for detail\n✓ notes loaded in 2.91 s",
		detect: func(s *sniff) bool { return s.count(amazonQWords) > 0 },
		read: func(r *reader, src []byte) error {
			r.prefixedLines(src, lineStyle{head: amazonQHead, writer: grader.SenderClient, peerOf: submatchOf(amazonQPeer)})
			return nil
		}})
}
