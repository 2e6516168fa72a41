package mockserver

import (
	"bytes"
	"encoding/json"
	"strconv"
	"unicode/utf8"
)

// A reader for the common message, one pass and no reflection, that gives
// exactly what encoding/json gives or gives up: the envelope's members,
// params' members, a string and a number. Whenever it cannot tell (an
// escape in a key, a member name in another case, a duplicate envelope
// member, text that is not valid JSON, deep nesting), the caller asks
// encoding/json, so errors and odd texts read as before
// (jsonfast_test.go compares both on the checker's corpus and fuzzed
// texts). Values alias the text, capped so that an append copies.

// maxFastDepth is the nesting the fast reader follows before giving up.
const maxFastDepth = 64

// Flags of a scanned string.
const (
	strEscaped uint8 = 1 << iota // holds a backslash escape
	strHigh                      // holds a byte >= 0x80
)

func isJSONSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

func skipJSONSpace(b []byte, i int) int {
	for i < len(b) && isJSONSpace(b[i]) {
		i++
	}
	return i
}

// scanValue returns the end of the JSON value at b[i], or -1.
func scanValue(b []byte, i, depth int) int {
	if i >= len(b) || depth > maxFastDepth {
		return -1
	}
	switch c := b[i]; {
	case c == '{':
		return scanMembers(b, i, depth+1, nil)
	case c == '[':
		return scanArray(b, i, depth+1)
	case c == '"':
		end, _ := scanString(b, i)
		return end
	case c == '-' || (c >= '0' && c <= '9'):
		return scanNumber(b, i)
	case c == 't':
		return scanLiteral(b, i, "true")
	case c == 'f':
		return scanLiteral(b, i, "false")
	case c == 'n':
		return scanLiteral(b, i, "null")
	}
	return -1
}

func scanLiteral(b []byte, i int, lit string) int {
	if len(b)-i >= len(lit) && string(b[i:i+len(lit)]) == lit {
		return i + len(lit)
	}
	return -1
}

// scanString returns the end of the string at b[i] (after its closing
// quote) and its flags, or -1 for what encoding/json refuses: a control
// character, an unknown escape, a short \u.
func scanString(b []byte, i int) (int, uint8) {
	var flags uint8
	for j := i + 1; j < len(b); j++ {
		switch c := b[j]; {
		case c == '"':
			return j + 1, flags
		case c < 0x20:
			return -1, 0
		case c >= 0x80:
			flags |= strHigh
		case c == '\\':
			flags |= strEscaped
			j++
			if j >= len(b) {
				return -1, 0
			}
			switch b[j] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
			case 'u':
				if j+4 >= len(b) || !isHex4(b[j+1:j+5]) {
					return -1, 0
				}
				j += 4
			default:
				return -1, 0
			}
		}
	}
	return -1, 0
}

func isHex4(h []byte) bool {
	for _, c := range h {
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F') {
			return false
		}
	}
	return true
}

// scanNumber returns the end of the number at b[i] (RFC 8259's grammar),
// or -1.
func scanNumber(b []byte, i int) int {
	if i < len(b) && b[i] == '-' {
		i++
	}
	switch {
	case i < len(b) && b[i] == '0':
		i++
	case i < len(b) && b[i] >= '1' && b[i] <= '9':
		i = skipDigits(b, i+1)
	default:
		return -1
	}
	if i < len(b) && b[i] == '.' {
		j := skipDigits(b, i+1)
		if j == i+1 {
			return -1
		}
		i = j
	}
	if i < len(b) && (b[i] == 'e' || b[i] == 'E') {
		i++
		if i < len(b) && (b[i] == '+' || b[i] == '-') {
			i++
		}
		j := skipDigits(b, i)
		if j == i {
			return -1
		}
		i = j
	}
	return i
}

func skipDigits(b []byte, i int) int {
	for i < len(b) && b[i] >= '0' && b[i] <= '9' {
		i++
	}
	return i
}

func scanArray(b []byte, i, depth int) int {
	i = skipJSONSpace(b, i+1)
	if i < len(b) && b[i] == ']' {
		return i + 1
	}
	for {
		end := scanValue(b, i, depth)
		if end < 0 {
			return -1
		}
		i = skipJSONSpace(b, end)
		if i >= len(b) {
			return -1
		}
		switch b[i] {
		case ']':
			return i + 1
		case ',':
			i = skipJSONSpace(b, i+1)
		default:
			return -1
		}
	}
}

// memberFunc receives one member: its key as written between the quotes,
// the key's flags and the value. It returns false to give up.
type memberFunc func(key []byte, flags uint8, val []byte) bool

// scanMembers returns the end of the object at b[i], or -1; fn, when not
// nil, receives each member in order.
func scanMembers(b []byte, i, depth int, fn memberFunc) int {
	i = skipJSONSpace(b, i+1)
	if i < len(b) && b[i] == '}' {
		return i + 1
	}
	for {
		if i >= len(b) || b[i] != '"' {
			return -1
		}
		kend, flags := scanString(b, i)
		if kend < 0 {
			return -1
		}
		j := skipJSONSpace(b, kend)
		if j >= len(b) || b[j] != ':' {
			return -1
		}
		j = skipJSONSpace(b, j+1)
		vend := scanValue(b, j, depth)
		if vend < 0 || (fn != nil && !fn(b[i+1:kend-1], flags, b[j:vend:vend])) {
			return -1
		}
		i = skipJSONSpace(b, vend)
		if i >= len(b) {
			return -1
		}
		switch b[i] {
		case '}':
			return i + 1
		case ',':
			i = skipJSONSpace(b, i+1)
		default:
			return -1
		}
	}
}

// eachMember calls fn for each member of the object that is the whole of
// b (white space around it allowed); false when b is not such an object
// or fn gave up.
func eachMember(b []byte, fn memberFunc) bool {
	i := skipJSONSpace(b, 0)
	if i >= len(b) || b[i] != '{' {
		return false
	}
	end := scanMembers(b, i, 1, fn)
	return end >= 0 && skipJSONSpace(b, end) == len(b)
}

// envelopeNames are the members grader.Members decodes; encoding/json
// matches them in any case.
var envelopeNames = [...]string{"jsonrpc", "id", "method", "params", "result", "error"}

// readEnvelopeFast reads the members of a message as grader.ReadMembers
// does, when the message is valid JSON whose envelope members are each
// written once, in lower case and without escapes.
func readEnvelopeFast(raw []byte) (envelope, bool) {
	var env envelope
	ok := eachMember(raw, func(key []byte, flags uint8, val []byte) bool {
		var dst *json.RawMessage
		switch string(key) {
		case "jsonrpc":
			dst = &env.JSONRPC
		case "id":
			dst = &env.ID
		case "method":
			dst = &env.Method
		case "params":
			dst = &env.Params
		case "result":
			dst = &env.Result
		case "error":
			dst = &env.Error
		default:
			// Another member is skipped, unless encoding/json would
			// read it as one of these (another case, an escape).
			if flags&strEscaped != 0 {
				return false
			}
			for _, n := range envelopeNames {
				if bytes.EqualFold(key, []byte(n)) {
					return false
				}
			}
			return true
		}
		if flags != 0 || *dst != nil {
			return false
		}
		*dst = val
		return true
	})
	return env, ok
}

// decodeParamsFast decodes a params object as json.Unmarshal into params
// does, when no key holds an escape or invalid UTF-8.
func decodeParamsFast(raw []byte) (params, bool) {
	p := make(params, 4)
	ok := eachMember(raw, func(key []byte, flags uint8, val []byte) bool {
		if flags&strEscaped != 0 || (flags&strHigh != 0 && !utf8.Valid(key)) {
			return false
		}
		p[knownKey(key)] = val
		return true
	})
	return p, ok
}

// knownKey returns key as a string, without a copy for the keys every
// tools/call has.
func knownKey(key []byte) string {
	switch string(key) {
	case "name":
		return "name"
	case "arguments":
		return "arguments"
	case "_meta":
		return "_meta"
	case "progressToken":
		return "progressToken"
	case "occasion":
		return "occasion"
	case "budget":
		return "budget"
	case "recipient":
		return "recipient"
	}
	return string(key)
}

// stringFast reads a JSON string as json.Unmarshal into a string does,
// when it holds no escape and is valid UTF-8.
func stringFast(raw []byte) (string, bool) {
	i := skipJSONSpace(raw, 0)
	if i >= len(raw) || raw[i] != '"' {
		return "", false
	}
	end, flags := scanString(raw, i)
	if end < 0 || flags&strEscaped != 0 || skipJSONSpace(raw, end) != len(raw) {
		return "", false
	}
	s := raw[i+1 : end-1]
	if flags&strHigh != 0 && !utf8.Valid(s) {
		return "", false
	}
	return string(s), true
}

// plainString tells, without reading it, that raw is one JSON string
// json.Unmarshal reads into a string without error.
func plainString(raw []byte) bool {
	i := skipJSONSpace(raw, 0)
	if i >= len(raw) || raw[i] != '"' {
		return false
	}
	end, _ := scanString(raw, i)
	return end >= 0 && skipJSONSpace(raw, end) == len(raw)
}

// numberFast reads a JSON number as json.Unmarshal into a float64 does;
// false when raw is not one number or is out of range.
func numberFast(raw []byte) (float64, bool) {
	i := skipJSONSpace(raw, 0)
	end := scanNumber(raw, i)
	if end < 0 || skipJSONSpace(raw, end) != len(raw) {
		return 0, false
	}
	f, err := strconv.ParseFloat(string(raw[i:end]), 64)
	return f, err == nil
}

// unmarshalString is json.Unmarshal into a string, read fast when it can.
func unmarshalString(raw []byte, s *string) error {
	if v, ok := stringFast(raw); ok {
		*s = v
		return nil
	}
	return json.Unmarshal(raw, s)
}

// unmarshalNumber is json.Unmarshal into a float64, read fast when it can.
func unmarshalNumber(raw []byte, f *float64) error {
	if v, ok := numberFast(raw); ok {
		*f = v
		return nil
	}
	return json.Unmarshal(raw, f)
}
