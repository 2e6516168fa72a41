package grader

import (
	"unicode"
	"unicode/utf8"
)

// object reads an object at p.i, its members in text order.
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
		if len(p.open) == 1 {
			p.top.see(key)
		}
		keyPos := p.lc.at(keyOff)
		p.skipSpace()
		if p.i >= len(p.src) {
			p.unexpectedEnd()
			return nil
		}
		if !p.colon(key) {
			return nil
		}
		p.skipSpace()
		p.path = append(p.path, pathElem{key: key, idx: -1})
		val := p.value()
		if p.fatal {
			return nil
		}
		p.duplicate(key, keyOff, base, &seen)
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

// colon reads the colon after a key, and recovers from the usual mistakes (=,
// =>, a forgotten colon). It returns false after a fatal error.
func (p *parser) colon(key string) bool {
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
		return false
	}
	return true
}

// duplicate reports key when the object whose members start at base already
// has it: a scan while the object is small, a map (*seen, made on first use)
// once it is not, so that a huge object stays linear.
func (p *parser) duplicate(key string, keyOff, base int, seen *map[string]int) {
	if n := len(p.mstack) - base; n < 32 {
		for j := base; j < len(p.mstack); j++ {
			if p.mstack[j].Key == key {
				p.report(codeDuplicateKey, keyOff, dargs{field: key, openedAt: p.mstack[j].KeyPos.Offset + 1}, "")
				return
			}
		}
		return
	}
	if *seen == nil {
		*seen = make(map[string]int, 2*(len(p.mstack)-base))
		for j := base; j < len(p.mstack); j++ {
			if _, dup := (*seen)[p.mstack[j].Key]; !dup {
				(*seen)[p.mstack[j].Key] = p.mstack[j].KeyPos.Offset
			}
		}
	}
	if first, dup := (*seen)[key]; dup {
		p.report(codeDuplicateKey, keyOff, dargs{field: key, openedAt: first + 1}, "")
	} else {
		(*seen)[key] = keyOff
	}
}

// topKeys records which envelope keys the message's object has, as they are
// read: enough to tell what a text that stops making sense was meant to be.
type topKeys uint8

const (
	topID topKeys = 1 << iota
	topMethod
	topResult
	topError
)

func (t *topKeys) see(key string) {
	switch key {
	case "id":
		*t |= topID
	case "method":
		*t |= topMethod
	case "result":
		*t |= topResult
	case "error":
		*t |= topError
	}
}

// looksLike classifies the keys as a receiver classifies a message ("" when
// they tell nothing).
func (t topKeys) looksLike() Kind {
	switch {
	case t&topMethod != 0 && t&topID != 0:
		return KindRequest
	case t&topMethod != 0:
		return KindNotification
	case t&topError != 0:
		return KindError
	case t&topResult != 0:
		return KindResponse
	}
	return ""
}
