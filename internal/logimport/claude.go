package logimport

import (
	"bytes"
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

// claude reads Claude Desktop's MCP logs. Lines that are not messages
// (start-up, shutdown, the server's stderr) are skipped, except the client's
// complaint that the server wrote something that is not JSON on stdout.
func (r *reader) claude(src []byte) {
	for _, l := range splitLines(src) {
		if r.full() {
			return
		}
		m := claudeLine.FindSubmatch(l.text)
		if m == nil {
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
		from = FromClient
	case bytes.HasPrefix(text, []byte("Message from server: ")):
		from = FromServer
	default:
		if bytes.Contains(text, []byte("is not valid JSON")) {
			r.problem(codeStdoutNoise, n, -1, string(text))
		}
		return
	}
	body := text[len("Message from client: "):]
	msg, complete := firstValue(body)
	if !r.add(Entry{Line: n, From: from, Raw: msg, Time: parseTime(ts), Peer: peer}) {
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
