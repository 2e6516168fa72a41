package grader

import (
	"strings"
	"unicode/utf8"
)

// skipSpace skips JSON whitespace, and reports (then skips) comments and invisible
// characters pasted from web pages.
func (p *parser) skipSpace() {
	for p.i < len(p.src) {
		switch c := p.src[p.i]; c {
		case ' ', '\t', '\n', '\r':
			p.i++
		case '/', '#':
			if !p.comment() {
				return
			}
		case 0xC2, 0xE2, 0xE3, 0xEF:
			r, n := utf8.DecodeRuneInString(p.src[p.i:])
			if !isInvisible(r) {
				return
			}
			p.report(codeInvisible, p.i, dargs{value: runeName(r)}, "")
			p.i += n
		default:
			return
		}
	}
}

func isInvisible(r rune) bool {
	switch r {
	case '\u00A0', '\u200B', '\u200C', '\u200D', '\u2060', '\uFEFF', '\u202F', '\u2007', '\u3000':
		return true
	}
	return false
}

func runeName(r rune) string {
	const hex = "0123456789ABCDEF"
	return "U+" + string([]byte{hex[r>>12&15], hex[r>>8&15], hex[r>>4&15], hex[r&15]})
}

// comment skips a // or /* */ comment after reporting it; false when the slash
// does not start a comment.
func (p *parser) comment() bool {
	start := p.i
	if p.src[p.i] != '#' && p.i+1 >= len(p.src) {
		return false
	}
	switch {
	case p.src[p.i] == '#' || p.src[p.i+1] == '/':
		end := strings.IndexByte(p.src[p.i:], '\n')
		if end < 0 {
			p.i = len(p.src)
		} else {
			p.i += end + 1
		}
	case p.src[p.i+1] == '*':
		end := strings.Index(p.src[p.i+2:], "*/")
		if end < 0 {
			p.fail(codeUnclosedComment, start, dargs{}, "")
			p.i = len(p.src)
			return true
		}
		p.i += 2 + end + 2
	default:
		return false
	}
	p.report(codeComment, start, dargs{}, "")
	return true
}
