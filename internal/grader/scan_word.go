package grader

import (
	"strings"
	"unicode/utf8"
)

// word reads a bare word where a value was expected: a misspelled literal,
// NaN/Infinity, or text that should have been a string.
func (p *parser) word() *Value {
	start := p.i
	end := p.i
	for end < len(p.src) {
		r, n := utf8.DecodeRuneInString(p.src[end:])
		if r == ',' || r == '}' || r == ']' || r == ':' || r == '"' || r == '\n' || r == '\r' || r == '{' || r == '[' {
			break
		}
		end += n
	}
	// A bare phrase ("hello world") is one mistake, not two: take it whole.
	for end > start && (p.src[end-1] == ' ' || p.src[end-1] == '\t') {
		end--
	}
	w := p.src[start:end]
	v := p.node()
	*v = Value{Pos: p.lc.at(start), End: end, Raw: w}
	p.i = end
	switch w {
	case "true":
		v.Kind, v.Bool = Bool, true
		return v
	case "false":
		v.Kind = Bool
		return v
	case "null":
		v.Kind = Null
		return v
	}
	v.bad = true
	switch lw := strings.ToLower(w); lw {
	case "true", "false", "null":
		v.Kind, v.Bool = kindOfLiteral(lw), lw == "true"
		p.report(codeInvalidLiteral, start, dargs{value: w}, lw)
		return v
	case "none", "nil", "undefined", "nul":
		v.Kind = Null
		p.report(codeInvalidLiteral, start, dargs{value: w}, "null")
		return v
	case "nan", "infinity", "inf", "+infinity":
		v.Kind = Number
		p.report(codeNaN, start, dargs{value: w}, "null")
		return v
	}
	if strings.HasPrefix(w, "-") && (strings.EqualFold(w, "-Infinity") || strings.EqualFold(w, "-inf")) {
		v.Kind = Number
		p.report(codeNaN, start, dargs{value: w}, "null")
		return v
	}
	v.Kind = String
	v.Str = w
	p.report(codeUnquotedString, start, dargs{value: w}, `"`+w+`"`)
	return v
}

func kindOfLiteral(w string) ValueKind {
	if w == "null" {
		return Null
	}
	return Bool
}
