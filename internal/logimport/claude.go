package logimport

import (
	"github.com/mcpplayground/playground/internal/i18n"

	"bytes"
	"github.com/mcpplayground/playground/internal/grader"
	"regexp"
	"strings"
)

// claudeLine matches a line of Claude Desktop's MCP logs (mcp.log and
// mcp-server-NAME.log): a timestamp, then the server's name and the level
// in brackets (in either order), then the text.
//
//	2025-07-20T13:44:16.395Z [weather] [info] Message from client: {…} { metadata: undefined }
var claudeLine = regexp.MustCompile(`^(\d{4}-\d\d-\d\dT[\d:.]+Z?)\s+\[([^\]]*)\]\s+\[([^\]]*)\]\s?(.*)$`)

// claudeLevels are the levels Claude Desktop writes, to tell the level
// bracket from the server's name.
var claudeLevels = map[string]bool{"debug": true, "info": true, "warn": true, "warning": true, "error": true}

// claude reads Claude Desktop's MCP logs. Lines that are not messages are
// named (notes.go): the client's own words, failures it saw (a transport
// closed, a server that exited), its complaint that the server wrote
// something that is not JSON on stdout; a line without the header is the
// server's stderr, which Claude Desktop copies as it comes.
func (r *reader) claude(src []byte) {
	for l := range splitLines(src) {
		if r.full() {
			return
		}
		m := claudeLine.FindSubmatch(l.text)
		if m == nil {
			r.note(l.n, l.text, ContextStderr)
			continue
		}
		peer, level := string(m[2]), string(m[3])
		if claudeLevels[strings.ToLower(peer)] && !claudeLevels[strings.ToLower(level)] {
			peer = level
		}
		r.claudeText(l.n, string(m[1]), peer, m[4])
	}
}

// claudeText reads the text of one log line.
func (r *reader) claudeText(n int, ts, peer string, text []byte) {
	from := ""
	switch {
	case bytes.HasPrefix(text, []byte("Message from client: ")):
		from = grader.SenderClient
	case bytes.HasPrefix(text, []byte("Message from server: ")):
		from = grader.SenderServer
	default:
		if startLine.Match(text) {
			r.started(peer)
		}
		r.note(n, text, ContextClientLog)
		return
	}
	body := text[len("Message from client: "):]
	msg, complete := firstValue(body)
	if !r.add(Entry{Line: n, From: from, Raw: msg, Time: parseTime(ts), Peer: peer, Run: r.runOf(peer)}) {
		return
	}
	if !complete {
		r.problem(codeTruncated, n, r.last(), "")
	}
}

// firstValue returns the JSON value at the start of b (an object or an
// array, with strings read as strings), without what a logger wrote after
// it; complete is false when b ends inside it.
func firstValue(b []byte) (v []byte, complete bool) {
	b = bytes.TrimLeft(b, " \t")
	if end := valueEnd(b); end >= 0 {
		return b[:end], true
	}
	return bytes.TrimRight(b, " \t"), false
}

func init() {
	register(Spec{Name: FormatClaude, rank: 30,
		Label:  map[i18n.Lang]string{i18n.EN: "Claude Desktop (mcp.log, mcp-server-NAME.log)", i18n.FR: "Claude Desktop (mcp.log, mcp-server-NOM.log)"},
		Sample: `2025-06-01T10:00:00.000Z [gift] [info] Message from client: {"jsonrpc":"2.0","id":1,"method":"tools/list"} { metadata: undefined }`,
		detect: func(s *sniff) bool { return s.count(claudeLine) > 0 },
		read:   func(r *reader, src []byte) error { r.claude(src); return nil }})
}
