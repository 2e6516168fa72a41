package grader

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Limits on what the checker reads. Beyond them it answers with a diagnostic, in
// constant memory, instead of trying.
const (
	MaxSize  = 1 << 20 // bytes of one message
	MaxDepth = 64      // nested objects and arrays
	maxDiags = 100     // diagnostics kept for one message
)

// parser is a hand-written single-pass scanner. It recovers from the mistakes
// people make when they write JSON by hand (quotes, commas, comments…) so that one
// attempt can teach several things, and stops at the ones it cannot see past
// (an unclosed brace). It is reused through a pool by Check: nodes and member
// slices live in arenas that are kept between runs.
type parser struct {
	src  string
	i    int
	bom  int
	lc   lineCursor
	open []opener

	chunks [][]Value // node arena; pointers into a chunk stay valid
	chunk  int       // index of the chunk being filled

	members []Member // finished objects' members (sub-slices are handed out)
	items   []*Value
	mstack  []Member // members of objects still open
	istack  []*Value

	diags []diag
	fatal bool
	top   topKeys    // envelope keys of the top-level object, as read
	path  []pathElem // where the scan is, for the pointer of syntax diagnostics
}

type opener struct {
	c   byte // '{' or '['
	off int
}

func (p *parser) reset(src string) {
	p.src = src
	p.i = 0
	p.bom = 0
	p.open = p.open[:0]
	p.chunk = 0
	for i := range p.chunks {
		p.chunks[i] = p.chunks[i][:0]
	}
	p.members = p.members[:0]
	p.items = p.items[:0]
	p.mstack = p.mstack[:0]
	p.istack = p.istack[:0]
	p.diags = p.diags[:0]
	p.fatal = false
	p.top = 0
	p.path = p.path[:0]
}

// clear drops every reference to the text just read (strings point into it),
// keeping the arenas' memory for the next message.
func (p *parser) clear() {
	for i := range p.chunks {
		clear(p.chunks[i])
	}
	clear(p.members)
	clear(p.items)
	clear(p.mstack)
	clear(p.istack)
	clear(p.diags)
	clear(p.path)
	p.reset("")
}

func (p *parser) node() *Value {
	for p.chunk < len(p.chunks) {
		c := p.chunks[p.chunk]
		if len(c) < cap(c) {
			c = c[:len(c)+1]
			p.chunks[p.chunk] = c
			return &c[len(c)-1]
		}
		p.chunk++
	}
	size := 32
	if n := len(p.chunks); n > 0 {
		size = min(cap(p.chunks[n-1])*2, 4096)
	}
	c := make([]Value, 1, size)
	p.chunks = append(p.chunks, c)
	p.chunk = len(p.chunks) - 1
	return &c[0]
}

// report records a syntax diagnostic. Recoverable ones let the scan go on.
func (p *parser) report(code string, off int, a dargs, sugg string) {
	if len(p.diags) >= maxDiags {
		return
	}
	p.diags = append(p.diags, diag{code: code, off: off, a: a, sugg: sugg, layer: layerSyntax, ptr: pointerOf(p.path)})
}

func (p *parser) fail(code string, off int, a dargs, sugg string) {
	p.report(code, off, a, sugg)
	p.fatal = true
}

// parse reads one message. The result is nil only when nothing could be read.
func (p *parser) parse(src string) *Value {
	p.reset(src)
	if strings.HasPrefix(src, "\uFEFF") {
		p.bom = 3
		p.i = 3
		p.report(codeBOM, 0, dargs{}, "")
	}
	p.lc = newLineCursor(src, p.bom)
	if !utf8.ValidString(src) {
		off := firstInvalidUTF8(src)
		p.report(codeInvalidUTF8, off, dargs{}, "")
	}
	p.skipSpace()
	if p.i >= len(p.src) {
		p.fail(codeEmpty, p.bom, dargs{}, "")
		return nil
	}
	v := p.value()
	if p.fatal {
		return v
	}
	p.skipSpace()
	if p.i < len(p.src) {
		switch c := p.src[p.i]; c {
		case '}', ']':
			p.report(codeExtraClosing, p.i, dargs{value: string(c)}, "")
		case '{', '[':
			p.report(codeTwoMessages, p.i, dargs{}, "")
		default:
			p.report(codeTrailingText, p.i, dargs{value: snippet(p.src[p.i:])}, "")
		}
	}
	return v
}

func firstInvalidUTF8(s string) int {
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 {
			return i
		}
		i += n
	}
	return 0
}

// value reads one value at p.i (whitespace already skipped).
func (p *parser) value() *Value {
	if p.i >= len(p.src) {
		p.unexpectedEnd()
		return nil
	}
	c := p.src[p.i]
	switch {
	case c == '{':
		return p.object()
	case c == '[':
		return p.array()
	case c == '"':
		return p.str('"')
	case c == '-' || (c >= '0' && c <= '9') || c == '+' || c == '.':
		return p.number()
	case c == '\'':
		p.report(codeSingleQuotes, p.i, dargs{}, "")
		return p.str('\'')
	case c >= 0x80:
		r, _ := utf8.DecodeRuneInString(p.src[p.i:])
		if closer := typoCloser(r); closer != 0 {
			if len(p.diags) < maxDiags {
				p.report(codeTypoQuotes, p.i, dargs{value: string(r)}, "\"")
			}
			return p.typoString()
		}
		if unicode.IsLetter(r) {
			return p.word()
		}
	case isIdentStart(c):
		return p.word()
	}
	p.unexpectedValue()
	return nil
}

func (p *parser) unexpectedValue() {
	c := p.src[p.i]
	switch c {
	case '}', ']', ',', ':':
		p.fail(codeExpectedValue, p.i, dargs{value: string(c)}, "")
	default:
		p.fail(codeUnexpectedChar, p.i, dargs{value: firstRune(p.src[p.i:])}, "")
	}
}

func (p *parser) unexpectedEnd() {
	if n := len(p.open); n > 0 {
		o := p.open[n-1]
		code := codeUnclosedObject
		if o.c == '[' {
			code = codeUnclosedArray
		}
		p.fail(code, len(p.src), dargs{openedAt: o.off + 1}, "")
		return
	}
	// Values at the top level are only read when the text is not empty.
	p.fail(codeEmpty, len(p.src), dargs{}, "")
}
