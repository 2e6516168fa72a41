package grader

import (
	"strings"
	"unicode/utf8"
)

// str reads a string delimited by quote (" or the mistaken ').
func (p *parser) str(quote byte) *Value {
	start := p.i
	v := p.node()
	*v = Value{Kind: String, Pos: p.lc.at(start), bad: quote != '"'}
	p.i++
	escaped := false
	for p.i < len(p.src) {
		c := p.src[p.i]
		switch {
		case c == quote:
			p.i++
			v.End = p.i
			v.Raw = p.src[start:p.i]
			body := p.src[start+1 : p.i-1]
			if escaped {
				v.Str = unescape(body)
			} else {
				v.Str = body
			}
			return v
		case c == '\\':
			escaped = true
			if !p.escape(v) {
				return nil
			}
			continue
		case c == '\n' || c == '\r':
			p.fail(codeUnclosedString, start, dargs{}, "")
			return nil
		case c < 0x20:
			p.report(codeControlChar, p.i, dargs{value: controlName(c)}, "")
			v.bad = true
		}
		p.i++
	}
	p.fail(codeUnclosedString, start, dargs{}, "")
	return nil
}

// escape checks the escape sequence at p.i and moves past it.
func (p *parser) escape(v *Value) bool {
	if p.i+1 >= len(p.src) {
		p.i++
		return true // the unclosed string is reported by the caller
	}
	switch e := p.src[p.i+1]; e {
	case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
		p.i += 2
	case 'u':
		ok := p.i+6 <= len(p.src)
		if ok {
			for _, h := range []byte(p.src[p.i+2 : p.i+6]) {
				if !isHex(h) {
					ok = false
				}
			}
		}
		if !ok {
			p.report(codeInvalidEscape, p.i, dargs{value: `\u`}, "")
			v.bad = true
			p.i += 2
			return true
		}
		p.i += 6
	case '\n', '\r':
		p.fail(codeUnclosedString, v.Pos.Offset, dargs{}, "")
		return false
	default:
		sugg := ""
		if e == '\'' {
			sugg = "'"
		}
		p.report(codeInvalidEscape, p.i, dargs{value: `\` + firstRune(p.src[p.i+1:])}, sugg)
		v.bad = true
		p.i += 2
	}
	return true
}

// typoString reads a string written between typographic quotes (“…”, ‘…’), as a
// word processor or a chat window types them.
func (p *parser) typoString() *Value {
	start := p.i
	v := p.node()
	*v = Value{Kind: String, Pos: p.lc.at(start), bad: true}
	open, n := utf8.DecodeRuneInString(p.src[p.i:])
	closer := typoCloser(open)
	p.i += n
	body := p.i
	for p.i < len(p.src) {
		r, n := utf8.DecodeRuneInString(p.src[p.i:])
		if r == closer || r == '"' || (r == open && open != '\'') || (closer == '”' && r == '“') {
			v.Str = p.src[body:p.i]
			p.i += n
			v.End = p.i
			v.Raw = p.src[start:p.i]
			return v
		}
		if r == '\n' || r == '\r' {
			break
		}
		p.i += n
	}
	p.fail(codeUnclosedString, start, dargs{}, "")
	return nil
}

// typoCloser returns the closing quote for a typographic opening quote, or 0.
func typoCloser(r rune) rune {
	switch r {
	case '“', '”', '„', '‟', '″':
		return '”'
	case '‘', '’', '‚', '‛':
		return '’'
	case '«':
		return '»'
	}
	return 0
}

// unescape decodes the body of a JSON string that contains escapes. Invalid
// escapes (already reported) are kept as the character after the backslash.
func unescape(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '\\' || i+1 >= len(s) {
			b.WriteByte(c)
			continue
		}
		i++
		switch s[i] {
		case 'b':
			b.WriteByte('\b')
		case 'f':
			b.WriteByte('\f')
		case 'n':
			b.WriteByte('\n')
		case 'r':
			b.WriteByte('\r')
		case 't':
			b.WriteByte('\t')
		case 'u':
			if i+5 > len(s) || !allHex(s[i+1:i+5]) {
				b.WriteByte('u')
				continue
			}
			r := rune(hexVal(s[i+1 : i+5]))
			i += 4
			if utf16IsHigh(r) && i+6 < len(s) && s[i+1] == '\\' && s[i+2] == 'u' && allHex(s[i+3:i+7]) {
				lo := rune(hexVal(s[i+3 : i+7]))
				if lo >= 0xDC00 && lo <= 0xDFFF {
					r = (r-0xD800)<<10 + (lo - 0xDC00) + 0x10000
					i += 6
				}
			}
			b.WriteRune(r)
		default:
			b.WriteByte(s[i])
		}
	}
	return b.String()
}

func utf16IsHigh(r rune) bool { return r >= 0xD800 && r <= 0xDBFF }

func allHex(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isHex(s[i]) {
			return false
		}
	}
	return true
}

func hexVal(s string) int {
	n := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case isDigit(c):
			n = n*16 + int(c-'0')
		case c >= 'a' && c <= 'f':
			n = n*16 + int(c-'a'+10)
		default:
			n = n*16 + int(c-'A'+10)
		}
	}
	return n
}
