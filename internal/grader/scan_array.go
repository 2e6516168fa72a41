package grader

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
