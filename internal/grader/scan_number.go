package grader

import (
	"strings"
)

// number reads a number, and recovers from the usual non-JSON spellings
// (leading zeros, +1, .5, 1., 0x1F, NaN handled by word).
func (p *parser) number() *Value {
	start := p.i
	v := p.node()
	*v = Value{Kind: Number, Pos: p.lc.at(start)}
	j := p.i
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
	j, ok := jsonNumberEnd(p.src, j)
	if ok && (j >= len(p.src) || !isNumberish(p.src[j])) {
		p.i = j
		v.End = j
		v.Raw = p.src[start:j]
		return v
	}
	return p.badNumber(v, start, j)
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

// jsonNumberEnd scans the digits, fraction and exponent of a JSON number from
// j (past any minus sign). ok is false where the text leaves the grammar.
func jsonNumberEnd(src string, j int) (int, bool) {
	ok := true
	switch {
	case j < len(src) && src[j] == '0':
		j++
	case j < len(src) && src[j] >= '1' && src[j] <= '9':
		for j < len(src) && isDigit(src[j]) {
			j++
		}
	default:
		ok = false
	}
	if ok && j < len(src) && src[j] == '.' {
		j++
		if j >= len(src) || !isDigit(src[j]) {
			ok = false
		}
		for j < len(src) && isDigit(src[j]) {
			j++
		}
	}
	if ok && j < len(src) && (src[j] == 'e' || src[j] == 'E') {
		j++
		if j < len(src) && (src[j] == '+' || src[j] == '-') {
			j++
		}
		if j >= len(src) || !isDigit(src[j]) {
			ok = false
		}
		for j < len(src) && isDigit(src[j]) {
			j++
		}
	}
	return j, ok
}

// badNumber reads the whole number-like word that starts at start, scanned up
// to j, and says what is wrong with it: not JSON.
func (p *parser) badNumber(v *Value, start, j int) *Value {
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
