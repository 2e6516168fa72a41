package grader

import (
	"strconv"
	"strings"
)

func (st *state) push(key string, idx int) { st.path = append(st.path, pathElem{key: key, idx: idx}) }

func (st *state) pop() { st.path = st.path[:len(st.path)-1] }

func (st *state) pointer() string { return pointerOf(st.path) }

func pointerOf(path []pathElem) string {
	if len(path) == 0 {
		return ""
	}
	var b strings.Builder
	for _, e := range path {
		b.WriteByte('/')
		if e.idx >= 0 {
			b.WriteString(strconv.Itoa(e.idx))
		} else {
			b.WriteString(escapePointer(e.key))
		}
	}
	return b.String()
}

// readable shows the path the way a person reads it: params.messages[0].content.
func readable(path []pathElem) string {
	var b strings.Builder
	for i, e := range path {
		switch {
		case e.idx >= 0:
			b.WriteString("[" + strconv.Itoa(e.idx) + "]")
		case strings.ContainsAny(e.key, "./ []\"") || e.key == "":
			b.WriteString(`["` + e.key + `"]`)
		default:
			if i > 0 {
				b.WriteByte('.')
			}
			b.WriteString(e.key)
		}
	}
	return b.String()
}

// fieldDiag reports on the value at the current path.
func (st *state) fieldDiag(code string, v *Value, off int, a dargs, sugg string) {
	if len(st.path) > 0 {
		a.field = clip(st.path[len(st.path)-1].key)
		if st.path[len(st.path)-1].idx >= 0 {
			a.field = readable(st.path[max(0, len(st.path)-2):])
		}
		a.parent = readable(st.path[:len(st.path)-1])
	}
	if a.method == "" {
		a.method = st.method
	}
	st.add(diag{code: code, off: off, ptr: st.pointer(), sugg: sugg, layer: layerMCP, lesson: st.lessonFor(code), a: a})
}

func (st *state) lessonFor(code string) string {
	switch code {
	case codeFieldMissing, codeFieldType, codeFieldEnum, codeFieldNull, codeFieldUnknown, codeFieldOtherRev, codeFieldWrongCase, codeFieldRange:
		return st.lesson
	}
	return ""
}
