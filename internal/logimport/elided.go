package logimport

import (
	"bytes"
	"encoding/json"
)

// codeElided is a message a person shortened by hand before pasting it:
// `"tools":[...]`, `"result":{…}`. The JSON is broken only by the dots,
// which are no part of what was sent: the message is read with the parts
// left out as empty, and the finding says so, rather than blaming its
// sender for invalid JSON.
const codeElided = "log.elided"

// elisions reads back the messages shortened by hand (codeElided): a
// message whose JSON is invalid, and valid once its elisions are read as
// empty, is kept so.
func (r *reader) elisions() {
	for i := range r.res.Entries {
		e := &r.res.Entries[i]
		if !bytes.Contains(e.Raw, []byte("...")) && !bytes.Contains(e.Raw, []byte("…")) || json.Valid(e.Raw) {
			continue
		}
		if fixed, n := dropElisions(e.Raw); n > 0 && json.Valid(fixed) {
			r.problem(codeElided, e.Line, i, string(e.Raw))
			e.Raw = fixed
		}
	}
}

// dropElisions rewrites, outside strings, the elisions a person writes in
// JSON: "[...]" and "{...}" (or with "…", spaces around) become empty, and
// a ", ..." before a closing bracket goes. n counts them.
func dropElisions(raw []byte) (out []byte, n int) {
	out = make([]byte, 0, len(raw))
	inStr, esc := false, false
	for i := 0; i < len(raw); i++ {
		c := raw[i]
		switch {
		case esc:
			esc = false
		case inStr && c == '\\':
			esc = true
		case c == '"':
			inStr = !inStr
		case inStr:
		case c == '[' || c == '{':
			if end, ok := dotsThen(raw, i+1, closer(c)); ok {
				out = append(out, c, closer(c))
				i, n = end, n+1
				continue
			}
		case c == ',':
			if end, ok := dotsThen(raw, i+1, '}'); ok {
				out = append(out, '}')
				i, n = end, n+1
				continue
			}
			if end, ok := dotsThen(raw, i+1, ']'); ok {
				out = append(out, ']')
				i, n = end, n+1
				continue
			}
		}
		out = append(out, c)
	}
	return out, n
}

func closer(c byte) byte {
	if c == '[' {
		return ']'
	}
	return '}'
}

// dotsThen reports whether raw[i:] is "...", or "…", between spaces, then
// the byte end; the index returned is that of end.
func dotsThen(raw []byte, i int, end byte) (int, bool) {
	i = skipBlank(raw, i)
	switch {
	case bytes.HasPrefix(raw[i:], []byte("...")):
		i += 3
	case bytes.HasPrefix(raw[i:], []byte("…")):
		i += len("…")
	default:
		return 0, false
	}
	i = skipBlank(raw, i)
	if i < len(raw) && raw[i] == end {
		return i, true
	}
	return 0, false
}

func skipBlank(raw []byte, i int) int {
	for i < len(raw) && (raw[i] == ' ' || raw[i] == '\t' || raw[i] == '\n' || raw[i] == '\r') {
		i++
	}
	return i
}
