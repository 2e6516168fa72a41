package grader

import "strings"

// Fields of other revisions: where a member is not defined by the revision being
// checked, the same place in another revision's tables may define it (ttlMs in a
// 2025-11-25 result, extensions in 2025-11-25 capabilities, task in a 2025-06-18
// tools/call). Only read on the way to a warning, never for a valid message.

// fieldElsewhere names the other revisions ("2026-07-28", "2025-06-18 and
// 2025-11-25") that define key in the object the current path ends in (the
// path's last element is key itself), or "".
func (st *state) fieldElsewhere(key string) string {
	if st.root == nil || len(st.path) < 2 || st.method == "" {
		return ""
	}
	obj := st.path[:len(st.path)-1]
	var in []string
	for _, name := range courseRevisions {
		sh, v, rest := st.placeIn(revisions[name], obj)
		if sh = shapeAt(sh, v, rest); sh == nil || sh.field(key) == nil {
			continue
		}
		if name == st.rev.name {
			// Defined here too, in another shape of the same place (a
			// tools/call result that is not the task the request asked for).
			return ""
		}
		in = append(in, name)
	}
	return strings.Join(in, " and ")
}

// placeIn finds where the object at path lives in revision r: the shape to start
// from, the value it describes and the rest of the path. Capabilities moved in
// 2026-07-28 (the client's into every request's _meta, the server's into
// server/discover), so they are looked up where each revision keeps them.
func (st *state) placeIn(r *revision, path []pathElem) (*shape, *Value, []pathElem) {
	part := path[0].key // "params" or "result"
	v := st.root.Get(part)
	if i := capabilitiesAt(path); i > 0 {
		if caps := capabilitiesShape(r, part == "params"); caps != nil {
			return caps, valueAt(v, path[1:i+1]), path[i+1:]
		}
	}
	def := r.methods[st.method]
	if def == nil {
		return nil, nil, nil
	}
	if part == "params" {
		return def.params, v, path[1:]
	}
	return def.result, v, path[1:]
}

// capabilitiesAt returns the index in path of the member that holds
// capabilities, or 0.
func capabilitiesAt(path []pathElem) int {
	for i, e := range path {
		if i > 0 && e.idx < 0 && (e.key == "capabilities" || e.key == "io.modelcontextprotocol/clientCapabilities") {
			return i
		}
	}
	return 0
}

// capabilitiesShape is the shape of the client's (params) or the server's
// capabilities in revision r.
func capabilitiesShape(r *revision, client bool) *shape {
	var sh *shape
	switch {
	case r.name == Rev20260728 && client:
		sh = fieldShape(fieldShape(r.methods["server/discover"].params, "_meta"), "io.modelcontextprotocol/clientCapabilities")
	case r.name == Rev20260728:
		sh = fieldShape(r.methods["server/discover"].result, "capabilities")
	case client:
		sh = fieldShape(r.methods["initialize"].params, "capabilities")
	default:
		sh = fieldShape(r.methods["initialize"].result, "capabilities")
	}
	return sh
}

func fieldShape(sh *shape, name string) *shape {
	if sh == nil {
		return nil
	}
	if f := sh.field(name); f != nil {
		return f.sh
	}
	return nil
}

// valueAt follows path from v.
func valueAt(v *Value, path []pathElem) *Value {
	for _, e := range path {
		switch {
		case v == nil:
			return nil
		case e.idx >= 0:
			if v.Kind != Array || e.idx >= len(v.Items) {
				return nil
			}
			v = v.Items[e.idx]
		default:
			v = v.Get(e.key)
		}
	}
	return v
}

// shapeAt follows path from sh, reading v alongside to choose among the cases
// of unions, and returns the shape of the object it ends in (nil when the path
// leaves what sh describes).
func shapeAt(sh *shape, v *Value, path []pathElem) *shape {
	for _, e := range path {
		if sh == nil || v == nil {
			return nil
		}
		if e.idx >= 0 {
			if v.Kind != Array || e.idx >= len(v.Items) || sh.items == nil {
				return nil
			}
			sh, v = sh.items, v.Items[e.idx]
			continue
		}
		if v.Kind != Object {
			return nil
		}
		if sh = resolveQuietly(v, sh); sh == nil {
			return nil
		}
		switch f := sh.field(e.key); {
		case f != nil:
			sh = f.sh
		case sh.values != nil:
			sh = sh.values
		default:
			return nil
		}
		v = v.Get(e.key)
	}
	if sh == nil || v == nil || v.Kind != Object {
		return nil
	}
	return resolveQuietly(v, sh)
}

// resolveQuietly chooses the case of a union as resolve does, without
// reporting anything; nil when no case fits.
func resolveQuietly(v *Value, sh *shape) *shape {
	for depth := 0; depth < 4 && sh != nil; depth++ {
		switch {
		case sh.pick != nil:
			sh = sh.pick(v)
		case sh.cases != nil:
			d := v.Get(sh.disc)
			if d == nil {
				sh = sh.def
				continue
			}
			if d.Kind != String {
				return nil
			}
			sh = sh.cases[d.Str]
		default:
			return sh
		}
	}
	return sh
}
