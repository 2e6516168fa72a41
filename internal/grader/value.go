package grader

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/mcpplayground/playground/internal/i18n"
)

// ValueKind is the JSON type of a Value.
type ValueKind uint8

// JSON value kinds.
const (
	Null ValueKind = iota
	Bool
	Number
	String
	Array
	Object
)

func (k ValueKind) String() string {
	switch k {
	case Null:
		return "null"
	case Bool:
		return "boolean"
	case Number:
		return "number"
	case String:
		return "string"
	case Array:
		return "array"
	case Object:
		return "object"
	}
	return "unknown"
}

// Pos is a position in the source text.
type Pos struct {
	Line   int // 1-based
	Column int // 1-based, in runes (a byte order mark is not counted)
	Offset int // 0-based byte offset
}

// Member is one key/value pair of an object, in source order.
type Member struct {
	Key    string
	KeyPos Pos
	Value  *Value
}

// Value is one JSON value with its position in the source. The tree returned by
// Parse is read-only; it does not alias the caller's byte slice.
type Value struct {
	Kind    ValueKind
	Pos     Pos      // of the value's first character
	End     int      // byte offset just after the value
	Raw     string   // the value's text exactly as written
	Str     string   // decoded text (String)
	Bool    bool     // Bool
	Members []Member // Object, in source order (duplicates kept)
	Items   []*Value // Array

	// bad marks a value recovered from a syntax mistake (single quotes, NaN, 007…):
	// its Raw text is not valid JSON.
	bad bool
}

// ErrSyntax is wrapped by every error Parse returns: the text is not valid JSON.
var ErrSyntax = errors.New("not valid JSON")

// SyntaxError locates the first syntax problem found by Parse.
type SyntaxError struct {
	Code    string // the diagnostic code, e.g. "json.trailing-comma"
	Line    int
	Column  int
	Offset  int
	Message string // in English
}

func (e *SyntaxError) Error() string {
	return fmt.Sprintf("line %d, column %d: %s", e.Line, e.Column, e.Message)
}

// Unwrap makes errors.Is(err, ErrSyntax) true.
func (e *SyntaxError) Unwrap() error { return ErrSyntax }

// Parse parses src into a position-aware tree. When src is not valid JSON the
// error is a *SyntaxError (wrapping ErrSyntax) for the first problem, and the tree
// is what could be recovered (nil when nothing could).
func Parse(src []byte) (*Value, error) {
	if len(src) > MaxSize {
		return nil, &SyntaxError{Code: codeTooLarge, Line: 1, Column: 1, Message: "the text is larger than 1 MiB"}
	}
	p := &parser{}
	root := p.parse(string(src))
	if len(p.diags) == 0 {
		return root, nil
	}
	d := p.diags[0]
	for _, x := range p.diags[1:] {
		if x.off < d.off {
			d = x
		}
	}
	if d.a.openedAt > 0 {
		olc := newLineCursor(p.src, p.bom)
		d.a.openPos = olc.at(d.a.openedAt - 1)
	}
	lc := newLineCursor(p.src, p.bom)
	pos := lc.at(d.off)
	msg := render(d, i18n.EN)
	return root, &SyntaxError{Code: d.code, Line: pos.Line, Column: pos.Column, Offset: d.off, Message: msg}
}

// Get returns the member value for key (the first one when duplicated).
func (v *Value) Get(key string) *Value {
	if v == nil || v.Kind != Object {
		return nil
	}
	for i := range v.Members {
		if v.Members[i].Key == key {
			return v.Members[i].Value
		}
	}
	return nil
}

// At returns the value at an RFC 6901 JSON Pointer ("" is v itself).
func (v *Value) At(pointer string) (*Value, bool) {
	if v == nil {
		return nil, false
	}
	if pointer == "" {
		return v, true
	}
	if pointer[0] != '/' {
		return nil, false
	}
	cur := v
	rest := pointer[1:]
	for {
		tok, more, hasMore := strings.Cut(rest, "/")
		tok = unescapePointer(tok)
		switch cur.Kind {
		case Object:
			next := cur.Get(tok)
			if next == nil {
				return nil, false
			}
			cur = next
		case Array:
			if tok == "" || (len(tok) > 1 && tok[0] == '0') {
				return nil, false
			}
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || i >= len(cur.Items) {
				return nil, false
			}
			cur = cur.Items[i]
		default:
			return nil, false
		}
		if !hasMore {
			return cur, true
		}
		rest = more
	}
}

func unescapePointer(tok string) string {
	if !strings.Contains(tok, "~") {
		return tok
	}
	return strings.NewReplacer("~1", "/", "~0", "~").Replace(tok)
}

// escapePointer escapes one reference token (RFC 6901 §3).
func escapePointer(tok string) string {
	if !strings.ContainsAny(tok, "~/") {
		return tok
	}
	return strings.NewReplacer("~", "~0", "/", "~1").Replace(tok)
}

// Interface returns v as plain Go values: map[string]any, []any, string,
// json.Number, bool or nil. With duplicate keys the first one wins, like Get.
func (v *Value) Interface() any {
	if v == nil {
		return nil
	}
	switch v.Kind {
	case Bool:
		return v.Bool
	case Number:
		return json.Number(v.Raw)
	case String:
		return v.Str
	case Array:
		out := make([]any, len(v.Items))
		for i, it := range v.Items {
			out[i] = it.Interface()
		}
		return out
	case Object:
		out := make(map[string]any, len(v.Members))
		for _, m := range v.Members {
			if _, dup := out[m.Key]; !dup {
				out[m.Key] = m.Value.Interface()
			}
		}
		return out
	}
	return nil
}

// isInteger reports whether a number is mathematically an integer (JSON Schema's
// definition: 7, 7.0 and 7e0 are integers, 7.5 is not).
func (v *Value) isInteger() bool {
	if v.Kind != Number || v.bad {
		return false
	}
	if !strings.ContainsAny(v.Raw, ".eE") {
		return true
	}
	f, err := strconv.ParseFloat(v.Raw, 64)
	if err != nil {
		return false
	}
	return f == float64(int64(f)) || (f > 1e18 || f < -1e18)
}

func (v *Value) float() float64 {
	f, _ := strconv.ParseFloat(v.Raw, 64)
	return f
}
