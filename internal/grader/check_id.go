package grader

import (
	"strconv"
	"strings"
)

func (st *state) checkID(id *Value, rep *Report) {
	switch id.Kind {
	case Null:
		st.add(diag{code: codeIDNull, off: id.Pos.Offset, ptr: "/id", layer: layerEnvelope})
	case String:
		if !id.bad {
			rep.ID = []byte(id.Raw)
		}
	case Number:
		if id.bad {
			return
		}
		if !id.isInteger() {
			st.add(diag{code: codeIDFraction, off: id.Pos.Offset, ptr: "/id", layer: layerEnvelope, a: dargs{value: clip(id.Raw)}})
			return
		}
		rep.ID = []byte(id.Raw)
		if strings.ContainsAny(id.Raw, ".eE") {
			f := id.float()
			plain := strconv.FormatFloat(f, 'f', -1, 64)
			st.add(diag{code: codeIDStyle, off: id.Pos.Offset, ptr: "/id", sugg: plain, layer: layerEnvelope, a: dargs{value: id.Raw}})
		}
	default:
		st.add(diag{code: codeIDType, off: id.Pos.Offset, ptr: "/id", layer: layerEnvelope, a: dargs{got: typeOf(id)}})
	}
}

// matchID compares a response's id with its request's.
func (st *state) matchID(id, reqID *Value) {
	if id == nil || reqID == nil {
		return
	}
	if (id.Kind != String && id.Kind != Number) || (reqID.Kind != String && reqID.Kind != Number) {
		return
	}
	// The one rule of id equality (IDKey); a number the key cannot read
	// matches only itself.
	k := keyOf(id)
	same := (!k.IsZero() && k == keyOf(reqID)) || (id.Kind == reqID.Kind && id.Raw == reqID.Raw)
	if !same {
		st.add(diag{code: codeIDMismatch, off: id.Pos.Offset, ptr: "/id", sugg: clip(reqID.Raw), layer: layerEnvelope,
			a: dargs{value: clip(id.Raw), extra: clip(reqID.Raw)}})
	}
}
