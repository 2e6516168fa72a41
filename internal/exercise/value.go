package exercise

import (
	"bytes"
	"encoding/json"
	"regexp"
	"strconv"
	"strings"

	"github.com/mcpplayground/playground/internal/grader"
)

// Values from the front matter are plain Go values (map[string]any, []any,
// string, bool, nil, json.Number); values from the learner are grader trees.
// Equality is structural: key order and spacing never matter, numbers are
// compared by value (1 and 1.0 are equal), types are not mixed ("7" is not 7).

// equal compares a learner's value with an author's.
func equal(v *grader.Value, want any) bool {
	if v == nil {
		return false
	}
	switch w := want.(type) {
	case nil:
		return v.Kind == grader.Null
	case bool:
		return v.Kind == grader.Bool && v.Bool == w
	case string:
		return v.Kind == grader.String && v.Str == w
	case json.Number:
		return v.Kind == grader.Number && sameNumber(v.Raw, string(w))
	case []any:
		if v.Kind != grader.Array || len(v.Items) != len(w) {
			return false
		}
		for i := range w {
			if !equal(v.Items[i], w[i]) {
				return false
			}
		}
		return true
	case map[string]any:
		if v.Kind != grader.Object {
			return false
		}
		seen := 0
		for _, m := range v.Members {
			if v.Get(m.Key) != m.Value {
				continue // a duplicate key: Get, like every receiver here, reads the first
			}
			seen++
			wv, ok := w[m.Key]
			if !ok || !equal(m.Value, wv) {
				return false
			}
		}
		return seen == len(w)
	}
	return false
}

// sameValue compares two learner values the same way (ids of a request and
// of its response).
func sameValue(a, b *grader.Value) bool {
	if a == nil || b == nil {
		return false
	}
	return equal(a, b.Interface())
}

// sameNumber compares two JSON numbers by value. Texts that are not numbers
// (recovered from a syntax mistake) are only equal when identical.
func sameNumber(a, b string) bool {
	if a == b {
		return true
	}
	ca, ok1 := canonNumber(a)
	cb, ok2 := canonNumber(b)
	return ok1 && ok2 && ca == cb
}

// canonical is a number as sign, significant digits and a power of ten:
// 1.50e2 and 150 both read {false, "15", 1}. Comparing these, rather than
// big.Rat values, costs nothing even for 1e999999999.
type canonical struct {
	neg    bool
	digits string
	exp    int64
}

func canonNumber(s string) (canonical, bool) {
	var c canonical
	if strings.HasPrefix(s, "-") {
		c.neg, s = true, s[1:]
	}
	mant, expText, hasExp := strings.Cut(strings.ToLower(s), "e")
	intPart, frac, hasFrac := strings.Cut(mant, ".")
	// JSON's grammar: no leading zero (007), digits after a point.
	if intPart == "" || !allDigits(intPart) || (len(intPart) > 1 && intPart[0] == '0') ||
		!allDigits(frac) || (hasFrac && frac == "") {
		return c, false
	}
	if hasExp {
		e, err := strconv.ParseInt(strings.TrimPrefix(expText, "+"), 10, 64)
		if err != nil || expText == "" || e > 1<<40 || e < -(1<<40) {
			return c, false
		}
		c.exp = e
	}
	digits := strings.TrimLeft(intPart+frac, "0")
	c.exp -= int64(len(frac))
	if digits == "" {
		return canonical{digits: "0"}, true
	}
	trimmed := strings.TrimRight(digits, "0")
	c.exp += int64(len(digits) - len(trimmed))
	c.digits = trimmed
	return c, true
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// isIntegerText reports whether a JSON number is mathematically an integer
// (7, 7.0 and 7e0 are; 7.5 is not).
func isIntegerText(s string) bool {
	c, ok := canonNumber(s)
	return ok && c.exp >= 0
}

// isValidID reports whether v is an id JSON-RPC and MCP allow: a string or
// an integer.
func isValidID(v *grader.Value) bool {
	if v == nil {
		return false
	}
	switch v.Kind {
	case grader.String:
		return true
	case grader.Number:
		return isIntegerText(v.Raw)
	}
	return false
}

// jsonType is the type word a "type" check compares with.
func jsonType(v *grader.Value) []string {
	switch v.Kind {
	case grader.Null:
		return []string{"null"}
	case grader.Bool:
		return []string{"boolean"}
	case grader.Number:
		if isIntegerText(v.Raw) {
			return []string{"number", "integer"}
		}
		return []string{"number"}
	case grader.String:
		return []string{"string"}
	case grader.Array:
		return []string{"array"}
	case grader.Object:
		return []string{"object"}
	}
	return nil
}

var jsonTypes = []string{"string", "number", "integer", "boolean", "null", "object", "array"}

// nearest returns the value at pointer, or its closest existing ancestor, and
// that value's pointer: where to put the cursor when something is missing.
func nearest(root *grader.Value, pointer string) (*grader.Value, string) {
	if root == nil {
		return nil, ""
	}
	p := pointer
	for {
		if v, ok := root.At(p); ok {
			return v, p
		}
		i := strings.LastIndexByte(p, '/')
		if i < 0 {
			return root, ""
		}
		p = p[:i]
	}
}

var pointerTokenRE = regexp.MustCompile(`~[^01]|~$`)

// validPointer reports whether p is an RFC 6901 JSON Pointer.
func validPointer(p string) bool {
	return p == "" || (p[0] == '/' && !pointerTokenRE.MatchString(p))
}

var plainKeyRE = regexp.MustCompile(`^[A-Za-z_$][A-Za-z0-9_$]*$`)

// displayPath writes a pointer the way learners read paths in a message:
// /params/content/0/text becomes params.content[0].text.
func displayPath(pointer string) string {
	if pointer == "" {
		return ""
	}
	var b strings.Builder
	for _, tok := range strings.Split(pointer[1:], "/") {
		tok = strings.NewReplacer("~1", "/", "~0", "~").Replace(tok)
		switch {
		case isIndex(tok):
			b.WriteString("[" + tok + "]")
		case plainKeyRE.MatchString(tok):
			if b.Len() > 0 {
				b.WriteByte('.')
			}
			b.WriteString(tok)
		default:
			b.WriteString("[" + strconv.Quote(tok) + "]")
		}
	}
	return b.String()
}

func isIndex(tok string) bool {
	if tok == "" || (len(tok) > 1 && tok[0] == '0') {
		return false
	}
	for _, c := range tok {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// compact writes a value as one line of JSON, cut when long, for messages.
func compact(v any) string {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return "?"
	}
	s := strings.TrimSpace(buf.String())
	if len(s) > 60 {
		cut := 57
		for cut > 0 && s[cut]&0xC0 == 0x80 {
			cut--
		}
		s = s[:cut] + "…"
	}
	return s
}

// marshal writes a plain value as JSON text.
func marshal(v any) string {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		return ""
	}
	return buf.String()
}
