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

func (p *parser) push(c byte) bool {
	if len(p.open) >= MaxDepth {
		p.fail(codeTooDeep, p.i, dargs{}, "")
		return false
	}
	p.open = append(p.open, opener{c: c, off: p.i})
	return true
}

func (p *parser) object() *Value {
	if !p.push('{') {
		return nil
	}
	v := p.node()
	*v = Value{Kind: Object, Pos: p.lc.at(p.i)}
	start := p.i
	base := len(p.mstack)
	var seen map[string]int
	p.i++
	p.skipSpace()
	if p.i < len(p.src) && p.src[p.i] == '}' {
		p.i++
		return p.closeObject(v, start, base)
	}
	for {
		p.skipSpace()
		if p.i >= len(p.src) {
			p.unexpectedEnd()
			return nil
		}
		if p.src[p.i] == ',' {
			p.report(codeExtraComma, p.i, dargs{}, "")
			p.i++
			continue
		}
		key, keyOff, ok := p.key()
		if !ok {
			return nil
		}
		keyPos := p.lc.at(keyOff)
		p.skipSpace()
		if p.i >= len(p.src) {
			p.unexpectedEnd()
			return nil
		}
		switch c := p.src[p.i]; {
		case c == ':':
			p.i++
		case c == '=':
			p.report(codeMissingColon, p.i, dargs{field: key, value: "="}, ":")
			p.i++
			if p.i < len(p.src) && p.src[p.i] == '>' {
				p.i++
			}
		case startsValue(p.src[p.i:]):
			p.report(codeMissingColon, p.i, dargs{field: key}, ":")
		default:
			p.fail(codeMissingColon, p.i, dargs{field: key}, ":")
			return nil
		}
		p.skipSpace()
		p.path = append(p.path, pathElem{key: key, idx: -1})
		val := p.value()
		if p.fatal {
			return nil
		}
		// Duplicate keys: a scan while the object is small, a map once it is not,
		// so that a huge object stays linear.
		if n := len(p.mstack) - base; n < 32 {
			for j := base; j < len(p.mstack); j++ {
				if p.mstack[j].Key == key {
					p.report(codeDuplicateKey, keyOff, dargs{field: key, openedAt: p.mstack[j].KeyPos.Offset + 1}, "")
					break
				}
			}
		} else {
			if seen == nil {
				seen = make(map[string]int, 2*n)
				for j := base; j < len(p.mstack); j++ {
					if _, dup := seen[p.mstack[j].Key]; !dup {
						seen[p.mstack[j].Key] = p.mstack[j].KeyPos.Offset
					}
				}
			}
			if first, dup := seen[key]; dup {
				p.report(codeDuplicateKey, keyOff, dargs{field: key, openedAt: first + 1}, "")
			} else {
				seen[key] = keyOff
			}
		}
		p.mstack = append(p.mstack, Member{Key: key, KeyPos: keyPos, Value: val})
		p.path = p.path[:len(p.path)-1]
		switch p.separator('}', start, true) {
		case sepClose:
			return p.closeObject(v, start, base)
		case sepFail:
			return nil
		}
	}
}

func (p *parser) closeObject(v *Value, start, base int) *Value {
	p.open = p.open[:len(p.open)-1]
	n := len(p.members)
	p.members = append(p.members, p.mstack[base:]...)
	v.Members = p.members[n:len(p.members):len(p.members)]
	p.mstack = p.mstack[:base]
	v.End = p.i
	v.Raw = p.src[start:p.i]
	return v
}

// key reads an object key: a string, or one of the usual hand-written mistakes.
func (p *parser) key() (string, int, bool) {
	off := p.i
	c := p.src[p.i]
	switch {
	case c == '"':
		s := p.str('"')
		if s == nil {
			return "", off, false
		}
		return s.Str, off, true
	case c == '\'':
		p.report(codeSingleQuotes, p.i, dargs{}, "")
		s := p.str('\'')
		if s == nil {
			return "", off, false
		}
		return s.Str, off, true
	case c == '}':
		// Only reached after "{ ," : the comma was reported already.
		p.fail(codeExpectedKey, p.i, dargs{value: "}"}, "")
		return "", off, false
	}
	if c >= 0x80 {
		r, _ := utf8.DecodeRuneInString(p.src[p.i:])
		if typoCloser(r) != 0 {
			if len(p.diags) < maxDiags {
				p.report(codeTypoQuotes, p.i, dargs{value: string(r)}, "\"")
			}
			s := p.typoString()
			if s == nil {
				return "", off, false
			}
			return s.Str, off, true
		}
	}
	if isIdentStart(c) || c >= 0x80 {
		end := p.i
		for end < len(p.src) {
			r, n := utf8.DecodeRuneInString(p.src[end:])
			if !(r == '_' || r == '$' || r == '-' || r == '.' || r == '/' || unicode.IsLetter(r) || unicode.IsDigit(r)) {
				break
			}
			end += n
		}
		if end > p.i {
			word := p.src[p.i:end]
			p.report(codeUnquotedKey, p.i, dargs{field: word}, `"`+word+`"`)
			p.i = end
			return word, off, true
		}
	}
	p.fail(codeExpectedKey, p.i, dargs{value: firstRune(p.src[p.i:])}, "")
	return "", off, false
}

func (p *parser) array() *Value {
	if !p.push('[') {
		return nil
	}
	v := p.node()
	*v = Value{Kind: Array, Pos: p.lc.at(p.i)}
	start := p.i
	base := len(p.istack)
	p.i++
	p.skipSpace()
	if p.i < len(p.src) && p.src[p.i] == ']' {
		p.i++
		return p.closeArray(v, start, base)
	}
	for {
		p.skipSpace()
		if p.i < len(p.src) && p.src[p.i] == ',' {
			p.report(codeExtraComma, p.i, dargs{}, "")
			p.i++
			continue
		}
		p.path = append(p.path, pathElem{idx: len(p.istack) - base})
		it := p.value()
		if p.fatal {
			return nil
		}
		p.path = p.path[:len(p.path)-1]
		p.istack = append(p.istack, it)
		switch p.separator(']', start, false) {
		case sepClose:
			return p.closeArray(v, start, base)
		case sepFail:
			return nil
		}
	}
}

// sep says what follows an element of an object or an array.
type sep int8

const (
	sepNext  sep = iota // another element follows (after a comma, or a reported missing one)
	sepClose            // the container is closed; p.i is past its bracket
	sepFail             // a fatal error was reported
)

// separator reads what follows an element of the container opened at start
// and closed by closer: a comma (a trailing one before the closer is
// reported and forgiven), the closer, the other kind of bracket (mismatched),
// or the start of another element, which means a forgotten comma. inObject
// says whether the next element is a key or a value.
func (p *parser) separator(closer byte, start int, inObject bool) sep {
	afterValue := p.i
	p.skipSpace()
	if p.i >= len(p.src) {
		p.unexpectedEnd()
		return sepFail
	}
	other, want := byte(']'), "}"
	if closer == ']' {
		other, want = '}', "]"
	}
	switch c := p.src[p.i]; {
	case c == ',':
		comma := p.i
		p.i++
		p.skipSpace()
		if p.i < len(p.src) && p.src[p.i] == closer {
			p.report(codeTrailingComma, comma, dargs{}, "")
			p.i++
			return sepClose
		}
		return sepNext
	case c == closer:
		p.i++
		return sepClose
	case c == other:
		p.fail(codeMismatched, p.i, dargs{value: string(other), openedAt: start + 1}, want)
		return sepFail
	case inObject && startsKey(p.src[p.i:]), !inObject && startsValue(p.src[p.i:]):
		p.report(codeMissingComma, afterValue, dargs{}, ",")
		return sepNext
	default:
		p.fail(codeUnexpectedChar, p.i, dargs{value: firstRune(p.src[p.i:])}, "")
		return sepFail
	}
}

func (p *parser) closeArray(v *Value, start, base int) *Value {
	p.open = p.open[:len(p.open)-1]
	n := len(p.items)
	p.items = append(p.items, p.istack[base:]...)
	v.Items = p.items[n:len(p.items):len(p.items)]
	p.istack = p.istack[:base]
	v.End = p.i
	v.Raw = p.src[start:p.i]
	return v
}

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

// number reads a number, and recovers from the usual non-JSON spellings
// (leading zeros, +1, .5, 1., 0x1F, NaN handled by word).
func (p *parser) number() *Value {
	start := p.i
	v := p.node()
	*v = Value{Kind: Number, Pos: p.lc.at(start)}
	j := p.i
	ok := true
	if j < len(p.src) && p.src[j] == '-' {
		j++
	}
	if j < len(p.src) && (p.src[j] == 'I' || p.src[j] == 'N') {
		// -Infinity, -NaN
		p.i = j
		w := p.word()
		if w != nil {
			w.Pos = v.Pos
			w.Raw = p.src[start:p.i]
			w.Kind = Number
			*v = *w
		}
		return v
	}
	switch {
	case j < len(p.src) && p.src[j] == '0':
		j++
	case j < len(p.src) && p.src[j] >= '1' && p.src[j] <= '9':
		for j < len(p.src) && isDigit(p.src[j]) {
			j++
		}
	default:
		ok = false
	}
	if ok && j < len(p.src) && p.src[j] == '.' {
		j++
		if j >= len(p.src) || !isDigit(p.src[j]) {
			ok = false
		}
		for j < len(p.src) && isDigit(p.src[j]) {
			j++
		}
	}
	if ok && j < len(p.src) && (p.src[j] == 'e' || p.src[j] == 'E') {
		j++
		if j < len(p.src) && (p.src[j] == '+' || p.src[j] == '-') {
			j++
		}
		if j >= len(p.src) || !isDigit(p.src[j]) {
			ok = false
		}
		for j < len(p.src) && isDigit(p.src[j]) {
			j++
		}
	}
	if ok && (j >= len(p.src) || !isNumberish(p.src[j])) {
		p.i = j
		v.End = j
		v.Raw = p.src[start:j]
		return v
	}
	// Not JSON: take the whole number-like word and say what is wrong with it.
	for j < len(p.src) && isNumberish(p.src[j]) {
		j++
	}
	if j == start {
		j = start + 1
	}
	raw := p.src[start:j]
	p.i = j
	v.End = j
	v.Raw = raw
	v.bad = true
	digits := strings.TrimPrefix(raw, "-")
	if len(digits) > 1 && digits[0] == '0' && allDigits(digits) {
		fixed := strings.TrimLeft(digits, "0")
		if fixed == "" {
			fixed = "0"
		}
		if raw[0] == '-' {
			fixed = "-" + fixed
		}
		p.report(codeLeadingZero, start, dargs{value: raw}, fixed)
		return v
	}
	p.report(codeInvalidNumber, start, dargs{value: raw}, numberSuggestion(raw))
	return v
}

func numberSuggestion(raw string) string {
	switch {
	case strings.HasPrefix(raw, "+"):
		return raw[1:]
	case strings.HasPrefix(raw, "."):
		return "0" + raw
	case strings.HasPrefix(raw, "-."):
		return "-0" + raw[1:]
	case strings.HasSuffix(raw, ".") && allDigits(strings.TrimPrefix(raw[:len(raw)-1], "-")):
		return raw[:len(raw)-1]
	}
	return ""
}

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

func startsKey(s string) bool {
	c := s[0]
	if c == '"' || c == '\'' || isIdentStart(c) {
		return true
	}
	if c >= 0x80 {
		r, _ := utf8.DecodeRuneInString(s)
		return typoCloser(r) != 0 || unicode.IsLetter(r)
	}
	return false
}

func startsValue(s string) bool {
	c := s[0]
	switch {
	case c == '{' || c == '[' || c == '"' || c == '\'' || c == '-' || isDigit(c) || isIdentStart(c):
		return true
	case c >= 0x80:
		r, _ := utf8.DecodeRuneInString(s)
		return typoCloser(r) != 0
	}
	return false
}

func isIdentStart(c byte) bool {
	return c == '_' || c == '$' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func isHex(c byte) bool {
	return isDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F')
}

func isNumberish(c byte) bool {
	return isDigit(c) || c == '.' || c == '+' || c == '-' || c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isDigit(s[i]) {
			return false
		}
	}
	return s != ""
}

func firstRune(s string) string {
	_, n := utf8.DecodeRuneInString(s)
	return s[:n]
}

// snippet is the beginning of some text, short enough to quote in a message.
func snippet(s string) string {
	if i := strings.IndexAny(s, "\r\n"); i >= 0 {
		s = s[:i]
	}
	if utf8.RuneCountInString(s) > 20 {
		r := []rune(s)
		s = string(r[:20]) + "…"
	}
	return s
}

func controlName(c byte) string { return runeName(rune(c)) }

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

// lineCursor turns byte offsets into 1-based lines and rune columns. Offsets are
// asked for in increasing order, so the whole text is walked once.
type lineCursor struct {
	src            string
	bom            int
	off, line, col int
}

func newLineCursor(src string, bom int) lineCursor {
	return lineCursor{src: src, bom: bom, off: bom, line: 1, col: 1}
}

func (c *lineCursor) at(off int) Pos {
	if off < c.off {
		c.off, c.line, c.col = c.bom, 1, 1
	}
	if off < c.bom {
		return Pos{Line: 1, Column: 1, Offset: off}
	}
	for c.off < off && c.off < len(c.src) {
		b := c.src[c.off]
		switch {
		case b == '\n':
			c.line++
			c.col = 1
			c.off++
		case b == '\r':
			c.off++
			if c.off < len(c.src) && c.src[c.off] == '\n' {
				continue
			}
			c.line++
			c.col = 1
		case b < 0x80:
			c.col++
			c.off++
		default:
			_, n := utf8.DecodeRuneInString(c.src[c.off:])
			c.off += n
			c.col++
		}
	}
	if off > c.off {
		// Past the end: count the missing bytes as columns.
		return Pos{Line: c.line, Column: c.col + off - c.off, Offset: off}
	}
	return Pos{Line: c.line, Column: c.col, Offset: off}
}
