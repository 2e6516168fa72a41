package grader

func (p *parser) push(c byte) bool {
	if len(p.open) >= MaxDepth {
		p.fail(codeTooDeep, p.i, dargs{}, "")
		return false
	}
	p.open = append(p.open, opener{c: c, off: p.i})
	return true
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
