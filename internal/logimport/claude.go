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
// server's stderr, which Claude Desktop copies as it comes, except where it
// is still the client's: the rest of a record whose metadata Node printed
// over several lines ("{ metadata: {" … "}"), or one of the client's own
// sentences pasted without its header.
func (r *reader) claude(src []byte) {
	peer, inRecord := "", false
	for l := range splitLines(src) {
		if r.full() {
			return
		}
		m := claudeLine.FindSubmatch(l.text)
		if m == nil {
			t := bytes.TrimSpace(l.text)
			switch {
			case inRecord && (len(l.text) > len(bytes.TrimLeft(l.text, " \t")) || bytes.HasPrefix(t, []byte("}"))):
				// util.inspect indents what it prints inside the record's
				// braces and closes them at the start of a line.
				r.context(l.n, ContextClientLog, t)
				inRecord = !bytes.HasPrefix(l.text, []byte("}"))
			case claudeOwn.Match(t):
				inRecord = false
				r.claudeText(l.n, "", peer, t)
			default:
				inRecord = false
				r.note(l.n, l.text, ContextStderr)
			}
			continue
		}
		peer = string(m[2])
		if level := string(m[3]); claudeLevels[strings.ToLower(peer)] && !claudeLevels[strings.ToLower(level)] {
			peer = level
		}
		inRecord = r.claudeText(l.n, string(m[1]), peer, m[4])
	}
}

// claudeOwn matches the client's own sentences, which a person pasting a
// few lines may have cut from their header.
var claudeOwn = regexp.MustCompile(`^(?:Message from (?:client|server): |Server transport closed|Client transport closed|Server disconnected\.|Initializing server\.\.\.|Server started and connected successfully|Shutting down server)`)

// claudeSummary matches what Claude Desktop writes instead of a message
// since it stopped logging their JSON: `method="tools/list" id=1 params`,
// `id=1 result`. It names the message, but its members are not there to
// judge.
var claudeSummary = regexp.MustCompile(`^(?:method="[^"]*"|id=\S+)`)

// claudeText reads the text of one log line; it reports whether the text
// opens a record that Node prints over the next lines (it ends with "{").
func (r *reader) claudeText(n int, ts, peer string, text []byte) bool {
	r.peer = peer
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
		return bytes.HasSuffix(bytes.TrimRight(text, " \t"), []byte("{"))
	}
	body := text[len("Message from client: "):]
	if claudeSummary.Match(body) {
		r.context(n, ContextSDKObject, text)
		return false
	}
	msg, complete := firstValue(body)
	if !r.add(Entry{Line: n, From: from, Raw: msg, Time: parseTime(ts), Peer: peer, Run: r.runOf(peer)}) {
		return false
	}
	if !complete {
		r.problem(codeTruncated, n, r.last(), "")
	}
	return false
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
	register(Spec{Name: FormatClaude, rank: 30, Client: true,
		Label:  map[i18n.Lang]string{i18n.EN: "Claude Desktop (mcp.log, mcp-server-NAME.log)", i18n.FR: "Claude Desktop (mcp.log, mcp-server-NOM.log)"},
		Sample: `2025-06-01T10:00:00.000Z [gift] [info] Message from client: {"jsonrpc":"2.0","id":1,"method":"tools/list"} { metadata: undefined }`,
		detect: func(s *sniff) bool { return s.count(claudeLine) > 0 },
		read:   func(r *reader, src []byte) error { r.claude(src); return nil }})
}
