package grader

import (
	"slices"
	"strings"
)

// object checks the members of an object, resolving unions first.
func (st *state) object(v *Value, sh *shape) {
	sh = st.resolve(v, sh)
	if sh == nil {
		return
	}
	st.members(v, sh)
	st.required(v, sh)
}

// resolve chooses the shape of a union (by its discriminator, or by looking at
// the value). It returns nil when it cannot, after saying why.
func (st *state) resolve(v *Value, sh *shape) *shape {
	for depth := 0; depth < 4; depth++ {
		switch {
		case sh.pick != nil:
			sh = sh.pick(v)
			continue
		case sh.cases != nil:
			d := v.Get(sh.disc)
			if d == nil {
				if sh.def != nil {
					sh = sh.def
					continue
				}
				keys := unionKeys(sh)
				st.path = append(st.path, pathElem{key: sh.disc, idx: -1})
				st.fieldDiag(codeFieldMissing, v, v.Pos.Offset, dargs{extra: quoteList(keys)}, "")
				st.pop()
				return nil
			}
			st.push(sh.disc, -1)
			if d.Kind != String {
				st.fieldDiag(codeFieldType, d, d.Pos.Offset, dargs{got: typeOf(d), want: tStr}, "")
				st.pop()
				return nil
			}
			next := sh.cases[d.Str]
			if next == nil {
				keys := unionKeys(sh)
				st.enumDiag(d, &shape{types: tStr, enum: keys})
				st.pop()
				return nil
			}
			st.pop()
			sh = next
			continue
		}
		break
	}
	return sh
}

// members checks the members of v in text order.
func (st *state) members(v *Value, sh *shape) {
	for i := range v.Members {
		m := &v.Members[i]
		f := sh.field(m.Key)
		st.push(m.Key, -1)
		switch {
		case f != nil:
			st.value(m.Value, f.sh, !f.req)
		case sh.values != nil:
			st.value(m.Value, sh.values, false)
		case sh.open:
		default:
			st.unknownField(v, m, sh)
		}
		st.pop()
	}
}

// required reports the required members v lacks.
func (st *state) required(v *Value, sh *shape) {
	for i := range sh.fields {
		f := &sh.fields[i]
		if !f.req || v.Get(f.name) != nil {
			continue
		}
		if st.misspelled(v, sh, f.name) {
			continue
		}
		code := f.missingCode
		if code == "" {
			code = codeFieldMissing
		}
		off := v.Pos.Offset
		if sh.open {
			// An open object did not report its other keys: a near one is
			// probably the missing field, misspelled.
			if m := nearKey(v, f.name); m != nil {
				if strings.EqualFold(m.Key, f.name) {
					st.push(m.Key, -1)
					st.fieldDiag(codeFieldWrongCase, m.Value, m.KeyPos.Offset, dargs{}, f.name)
					st.pop()
					continue
				}
				off = m.KeyPos.Offset
			}
		}
		st.push(f.name, -1)
		st.fieldDiag(code, v, off, dargs{}, "")
		st.pop()
	}
}

func unionKeys(sh *shape) []string {
	keys := make([]string, 0, len(sh.cases))
	for k := range sh.cases {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// unknownField reports a member the shape does not define. The specification
// closes no object (its schema never says additionalProperties: false), so a
// receiver skips such a member: that is a warning, which names the revision the
// field belongs to when it is another one, and what it was probably meant to be.
// It is an error only where the member stands in for a required field that is
// missing: then the error is that field, missing, with this one as its
// misspelling.
func (st *state) unknownField(obj *Value, m *Member, sh *shape) {
	if st.full() {
		return
	}
	st.names = st.names[:0]
	for _, f := range sh.fields {
		st.names = append(st.names, f.name)
	}
	sugg, wrongCase := suggestKey(m.Key, st.names)
	if f := sh.field(sugg); f != nil && f.req && obj.Get(sugg) == nil {
		st.standIn(m, f, wrongCase)
		return
	}
	a := dargs{rev: st.rev.name}
	if in := st.fieldElsewhere(m.Key); in != "" {
		a.extra, a.extraFr = in, "de la révision "+in
		if strings.Contains(in, " and ") {
			a.extraFr = "des révisions " + strings.ReplaceAll(in, " and ", " et ")
		}
		st.fieldDiag(codeFieldOtherRev, m.Value, m.KeyPos.Offset, a, "")
		return
	}
	st.fieldDiag(codeFieldUnknown, m.Value, m.KeyPos.Offset, a, sugg)
}

// standIn reports the required field f, missing, where the member m was
// probably meant to be it (the current path ends at m).
func (st *state) standIn(m *Member, f *field, wrongCase bool) {
	if wrongCase {
		st.fieldDiag(codeFieldWrongCase, m.Value, m.KeyPos.Offset, dargs{}, f.name)
		return
	}
	code := f.missingCode
	if code == "" {
		code = codeFieldMissing
	}
	last := &st.path[len(st.path)-1]
	saved := *last
	*last = pathElem{key: f.name, idx: -1}
	st.fieldDiag(code, m.Value, m.KeyPos.Offset, dargs{standIn: clip(m.Key)}, f.name)
	*last = saved
}

// misspelled reports whether a key of a closed object was already reported as
// the misspelling of the missing field name.
func (st *state) misspelled(v *Value, sh *shape, name string) bool {
	if sh.open || sh.values != nil {
		return false
	}
	looked := 0
	for _, m := range v.Members {
		if sh.field(m.Key) != nil {
			continue
		}
		if looked++; looked > maxDiags {
			return false // only the reported keys can account for the field
		}
		st.names = st.names[:0]
		for _, f := range sh.fields {
			st.names = append(st.names, f.name)
		}
		if s, _ := suggestKey(m.Key, st.names); s == name {
			return true
		}
	}
	return false
}

func nearKey(v *Value, name string) *Member {
	for i := range v.Members[:min(len(v.Members), 1000)] {
		m := &v.Members[i]
		if strings.EqualFold(m.Key, name) || (len(m.Key) > 3 && editDistance(strings.ToLower(m.Key), strings.ToLower(name)) <= 2) {
			return m
		}
	}
	return nil
}
