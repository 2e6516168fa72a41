package logimport

import (
	"regexp"

	"github.com/mcpplayground/playground/internal/grader"
	"github.com/mcpplayground/playground/internal/i18n"
)

// Goose (its CLI and its desktop app) writes no message: it says which
// extension (MCP server) failed to start, quoting the error on one line,
// the server's stderr in it with "\n" between its lines, sometimes as
// Rust's Debug of the error (`ProcessExit { stderr: "…", source:
// ConnectionClosed("initialize response") }`).
//
//	Failed to start extension: gift, "Failed to start the MCP server from configuration `Stdio(gift: node server.js)` `Call to '' failed for 'initialize'. Error from mcp-server: Stdio process error: …`"
//	Please check extension configuration for gift.
var gooseWords = regexp.MustCompile(`Failed to start extension: |Error activating extension: |Failed to add extension(?: configuration)?[:,]|Please check extension configuration for |Failed to load extension |goose::agents::extension`)

// goosePeer reads the extension's name.
var goosePeer = regexp.MustCompile(`(?:Failed to start extension: |Please check extension configuration for |Failed to load extension )([^\s,."]+)`)

// gooseHead is a line's warning or failure mark.
var gooseHead = regexp.MustCompile(`^(?:[⚠✖] )?`)

const FormatGoose Format = "goose"

func init() {
	register(Spec{Name: FormatGoose, rank: 43, Client: true,
		Label:  map[i18n.Lang]string{i18n.EN: "Goose (its CLI, its desktop app)", i18n.FR: "Goose (son terminal, son application)"},
		Sample: `Error activating extension: Failed to add extension configuration, error: ProcessExit(ProcessExit { stderr: "gift: GIFT_API_KEY is not set\n", source: ConnectionClosed("initialize response") })`,
		detect: func(s *sniff) bool { return s.count(gooseWords) > 0 },
		read: func(r *reader, src []byte) error {
			r.prefixedLines(src, lineStyle{head: gooseHead, writer: grader.SenderClient, peerOf: submatchOf(goosePeer)})
			return nil
		}})
}
