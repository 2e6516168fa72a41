package logimport

import (
	"github.com/mcpplayground/playground/internal/i18n"

	"bytes"
	"encoding/json"
	"github.com/mcpplayground/playground/internal/grader"
	"strings"
	"time"
)

// jsonLines reads one JSON value a line: a message as it went on the wire,
// or an object wrapping it with its direction and time (the console's own
// export, capture tools, ad-hoc loggers).
func (r *reader) jsonLines(src []byte) {
	if pretty(src) {
		r.jsonStream(src)
		return
	}
	r.lineByLine(src, codeNotJSON, "")
}

// lineByLine reads src a line at a time: a blank line is skipped, a line
// that does not start like JSON raises noise, and each message read is
// marked as sent by from ("" when the log says, or nobody knows).
func (r *reader) lineByLine(src []byte, noise, from string) {
	for l := range splitLines(src) {
		if r.full() {
			return
		}
		t := bytes.TrimSpace(l.text)
		if len(t) == 0 {
			continue
		}
		if !jsonStart(t) {
			r.rawLine(l.n, t, noise)
			continue
		}
		r.inTrace = false
		before := len(r.res.Entries)
		r.jsonLine(l.n, t)
		if len(r.res.Entries) > before && from != "" {
			r.res.Entries[before].From = from
		}
	}
}

// jsonLine reads one line that starts like JSON.
func (r *reader) jsonLine(n int, t []byte) {
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(t, &obj); err != nil {
		// An array is a batch, or broken JSON: the grader explains either,
		// with line and column, so it is kept as a message.
		r.brokenLine(n, t)
		return
	}
	if isMessage(obj) {
		r.add(Entry{Line: n, Raw: t})
		return
	}
	if logRecord(obj) {
		r.note(n, t, ContextServerLog)
		return
	}
	e, ok := unwrap(obj)
	if !ok {
		r.problem(codeUnknownWrapper, n, -1, string(t))
		return
	}
	e.Line = n
	r.add(e)
}

// brokenLine keeps a line that does not parse as a message for the grader
// to explain, and says when the log cut it short.
func (r *reader) brokenLine(n int, t []byte) {
	if !r.add(Entry{Line: n, Raw: t}) {
		return
	}
	if unbalanced(t) {
		r.problem(codeTruncated, n, r.last(), "")
	}
}

// isMessage reports whether a JSON object is a JSON-RPC message (or tries
// to be one) rather than a wrapper around one.
func isMessage(obj map[string]json.RawMessage) bool {
	if _, ok := obj["jsonrpc"]; ok {
		return true
	}
	if _, ok := obj["method"]; ok {
		if _, wrapped := payloadOf(obj); !wrapped {
			return true
		}
	}
	_, hasID := obj["id"]
	_, hasResult := obj["result"]
	_, hasError := obj["error"]
	return hasID && (hasResult || hasError)
}

// The keys wrappers use, most common first.
var (
	payloadKeys   = []string{"message", "json", "msg", "payload", "data", "body", "text"}
	directionKeys = []string{"from", "direction", "dir", "sender", "source", "origin", "side"}
	timeKeys      = []string{"time", "timestamp", "ts", "date", "at"}
)

// payloadOf returns the wrapped message: a JSON object, or a string that
// holds one (or a message that was not JSON, as the console exports it).
func payloadOf(obj map[string]json.RawMessage) ([]byte, bool) {
	for _, k := range payloadKeys {
		v, ok := obj[k]
		if !ok || len(v) == 0 {
			continue
		}
		switch v[0] {
		case '{', '[':
			return v, true
		case '"':
			var s string
			if json.Unmarshal(v, &s) == nil && strings.TrimSpace(s) != "" {
				return []byte(s), true
			}
		}
	}
	return nil, false
}

// unwrap reads a wrapper object.
func unwrap(obj map[string]json.RawMessage) (Entry, bool) {
	raw, ok := payloadOf(obj)
	if !ok {
		return Entry{}, false
	}
	e := Entry{Raw: raw, From: senderOf(stringField(obj, directionKeys))}
	if ts := stringField(obj, timeKeys); ts != "" {
		e.Time = parseTime(ts)
	}
	return e, true
}

// stringField returns the first of keys that holds a string.
func stringField(obj map[string]json.RawMessage, keys []string) string {
	for _, k := range keys {
		var s string
		if v, ok := obj[k]; ok && json.Unmarshal(v, &s) == nil {
			return s
		}
	}
	return ""
}

// senderOf maps the words logs use for a direction to the sender. "in"
// and "out" are the console's words, seen from the server: in is what the
// client sent. Words whose meaning depends on who wrote the log ("send",
// "incoming") give "", and the sender is then inferred from the message.
// senderSeparators are dropped from a sender word: "client_to_server" is
// "clienttoserver".
var senderSeparators = strings.NewReplacer(" ", "", "_", "", "-", "")

func senderOf(word string) string {
	w := strings.ToLower(strings.TrimSpace(word))
	w = strings.ReplaceAll(w, "→", ">")
	w = senderSeparators.Replace(w)
	switch w {
	case "client", "clienttoserver", "client>server", "c2s", "in", "toserver":
		return grader.SenderClient
	case "server", "servertoclient", "server>client", "s2c", "out", "toclient":
		return grader.SenderServer
	}
	return ""
}

// parseTime reads the timestamps logs write; zero when it cannot.
func parseTime(s string) time.Time {
	for _, layout := range []string{time.RFC3339Nano, "2006-01-02 15:04:05.000", "2006-01-02 15:04:05", "2006-01-02T15:04:05.000"} {
		if t, err := time.Parse(layout, s); err == nil {
			return t
		}
	}
	return time.Time{}
}

// unbalanced reports whether t ends inside a string, an object or an
// array: the log cut the message short.
func unbalanced(t []byte) bool {
	return valueEnd(t) < 0
}

// valueEnd is the offset just past the JSON object or array that t starts
// with (strings read as strings), or -1 when t ends inside it.
func valueEnd(t []byte) int {
	depth, inStr, esc := 0, false, false
	for i, c := range t {
		switch {
		case esc:
			esc = false
		case inStr && c == '\\':
			esc = true
		case c == '"':
			inStr = !inStr
		case inStr:
		case c == '{' || c == '[':
			depth++
		case c == '}' || c == ']':
			if depth--; depth == 0 {
				return i + 1
			}
		}
	}
	if inStr || depth > 0 {
		return -1
	}
	return len(t)
}

// jsonStart reports whether a line starts like a JSON message (or a broken
// one worth explaining) rather than like a log line: an object, or an
// array whose first value is JSON ("[debug] …" is a log line).
func jsonStart(t []byte) bool {
	switch {
	case len(t) == 0:
		return false
	case t[0] == '{':
		return true
	case t[0] != '[':
		return false
	}
	rest := bytes.TrimLeft(t[1:], " \t")
	if len(rest) == 0 {
		return true
	}
	// "[12] …", "[2025-06-01 …]" are a log's prefix, not a batch: a
	// batch holds objects.
	if strings.ContainsRune("{[]\"", rune(rest[0])) {
		return true
	}
	for _, lit := range []string{"true", "false", "null"} {
		if bytes.HasPrefix(rest, []byte(lit)) {
			return true
		}
	}
	return false
}

func init() {
	register(Spec{Name: FormatJSONL, rank: 80,
		Label:  map[i18n.Lang]string{i18n.EN: "JSON Lines (one message a line, or wrapped with its direction)", i18n.FR: "JSON Lines (un message par ligne, ou enveloppé avec son sens)"},
		Sample: `{"direction": "in", "time": "2025-06-01T10:00:00Z", "message": {"jsonrpc": "2.0", "id": 1, "method": "tools/list"}}`,
		detect: func(s *sniff) bool {
			for i, l := range s.lines {
				if i == 50 {
					break
				}
				if l[0] == '{' && isWrapper(l) {
					return true
				}
			}
			return false
		},
		read: func(r *reader, src []byte) error { r.jsonLines(src); return nil }})
}

// isWrapper reports whether a line is an object wrapping a message.
func isWrapper(lt []byte) bool {
	var obj map[string]json.RawMessage
	if json.Unmarshal(lt, &obj) != nil || isMessage(obj) {
		return false
	}
	_, ok := payloadOf(obj)
	return ok
}
