package logimport

import (
	"bytes"
	"encoding/json"
)

// pretty reports whether src holds JSON values written over several lines
// (a message pasted pretty-printed) rather than one value a line: its
// first line that is not blank opens a value it does not close.
func pretty(src []byte) bool {
	for l := range splitLines(src) {
		t := bytes.TrimSpace(l.text)
		if len(t) == 0 {
			continue
		}
		return (t[0] == '{' || t[0] == '[') && unbalanced(t)
	}
	return false
}

// jsonStream reads JSON values one after the other, whatever the lines,
// each from the line where it starts. What does not parse ends the stream:
// the rest is kept as one message for the grader to explain.
func (r *reader) jsonStream(src []byte) {
	src = bytes.TrimPrefix(src, []byte("\xef\xbb\xbf"))
	dec := json.NewDecoder(bytes.NewReader(src))
	for !r.full() {
		off := valueStart(src, int(dec.InputOffset()))
		if off >= len(src) {
			return
		}
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			r.brokenLine(lineAt(src, off), bytes.TrimSpace(src[off:]))
			return
		}
		r.jsonLine(lineAt(src, off), raw)
	}
}
