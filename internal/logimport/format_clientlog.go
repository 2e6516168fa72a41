package logimport

import (
	"bytes"
	"regexp"

	"github.com/mcpplayground/playground/internal/i18n"
)

// A log that no format claims, holds no message, but whose lines tell an
// MCP server's lifecycle in a client's words (lifecycle.go): a client this
// playground has no reader for (an IDE's output panel, a desktop app's
// log, a Python or Rust program's logging). It is read for its events,
// with the head most loggers write (a time, a level, a name in brackets).
//
//	[14:50:10] [info] Starting MCP server on port 3002...
//	[14:50:10] [error] Failed to start MCP server: spawn node ENOENT
var clientLogHead = regexp.MustCompile(`^(?:\[?(?P<time>\d{4}-\d\d-\d\d[T ]\d\d:\d\d:\d\d(?:[.,]\d+)?(?:Z|[+-]\d\d:?\d\d)?|\d\d/\d\d/\d\d \d\d:\d\d:\d\d|\d\d?:\d\d:\d\d(?:[.,]\d+)?(?: ?[AP]M)?)\]?[ \t]+)?(?:\[?(?P<level>TRACE|DEBUG|INFO|NOTICE|WARN(?:ING)?|ERROR|ERR|FATAL|CRITICAL|(?i:trace|debug|info|warn(?:ing)?|error|fatal))\]?:?[ \t]+)?(?:\[(?P<peer>[^\]\s]{1,80})\][ \t]+)?`)

// serverOwn: a line a server's own logger writes (the Python SDK's
// "mcp.server" loggers, FastMCP's), whose "Initializing server" is no
// client starting one.
var serverOwn = regexp.MustCompile(`\bmcp\.server\b|FastMCP|Processing request of type`)

// mcpWord: the text speaks of MCP.
var mcpWord = regexp.MustCompile(`(?i)\bmcp|model context protocol|context server`)

const FormatClientLog Format = "client-log"

func init() {
	register(Spec{Name: FormatClientLog, rank: 95, Client: true,
		Label: map[i18n.Lang]string{i18n.EN: "An MCP client's log (format not recognised)", i18n.FR: "Le journal d’un client MCP (format non reconnu)"},
		Sample: `[14:50:10] [info] Starting MCP server: node server.js
[14:50:11] [info] Connected to MCP server, found 3 tools
[14:52:40] [error] MCP server exited with code 1`,
		detect: func(s *sniff) bool {
			events, mcp := 0, false
			for _, l := range s.lines {
				if jsonStart(l) && looksLikeMessage(l) {
					return false // a stdio capture, whatever else it holds
				}
				if serverOwn.Match(l) {
					continue // a server's own log: no client's event
				}
				if lifecycleLine(l) {
					events++
				}
				mcp = mcp || mcpWord.Match(l)
			}
			return events >= 2 || events >= 1 && mcp
		},
		read: func(r *reader, src []byte) error {
			r.prefixedLines(src, lineStyle{head: clientLogHead, writer: "client"})
			return nil
		}})
}

// lifecycleLine reports whether a line tells a lifecycle event.
func lifecycleLine(l []byte) bool {
	for _, re := range []*regexp.Regexp{exitLine, timeoutLine, crashLine, parseComplaint, startLine, connectedLine, toolsLine, reloadLine} {
		if re.Match(l) {
			return true
		}
	}
	return refusedLine.Match(l) && !bytes.Contains(l, []byte("jsonrpc"))
}
