package grader

import (
	"slices"
	"strings"
)

// methodCall checks a request or a notification against its method's definition.
func (st *state) methodCall(root, method, id *Value, idKey Member, params *Value, idAccounted, paramsAccounted bool) {
	name := method.Str
	def := st.rev.methods[name]
	if def == nil {
		var in []string
		for _, r := range courseRevisions {
			if revisions[r].methods[name] != nil {
				in = append(in, r)
			}
		}
		if len(in) > 0 {
			lesson := "lifecycle"
			if st.rev.name == Rev20260728 || slices.Contains(in, Rev20260728) {
				lesson = "stateless-2026"
			}
			sugg := ""
			if st.rev.name == Rev20260728 {
				sugg = replacedIn2026[name]
			}
			st.add(diag{code: codeMethodNotInRev, off: method.Pos.Offset, ptr: "/method", layer: layerMCP, lesson: lesson, sugg: sugg,
				a: dargs{value: name, method: st.rev.name, extra: strings.Join(in, ", ")}})
			return
		}
		d := diag{code: codeMethodUnknown, off: method.Pos.Offset, ptr: "/method", layer: layerMCP,
			sugg: suggestMethod(name, st.rev), a: dargs{value: clip(name)}}
		if sd := st.rev.methods[d.sugg]; id == nil || strings.HasPrefix(name, "notifications/") || (sd != nil && sd.notif) {
			d.lesson = "notifications"
		}
		if genericListChanged(name) {
			d.a.extra, d.a.extraFr = listChangedNote(st.rev)
		}
		st.add(d)
		return
	}
	st.lesson = def.lesson
	st.method = def.name
	if def.notif && id != nil {
		st.add(diag{code: codeNotificationHasID, off: idKey.KeyPos.Offset, ptr: "/id", layer: layerMCP, a: dargs{method: name}})
	}
	if !def.notif && id == nil && !idAccounted {
		st.add(diag{code: codeRequestNeedsID, off: method.Pos.Offset, ptr: "/method", layer: layerMCP, a: dargs{method: name}})
	}
	if st.sender != "" && def.from != fromBoth && def.from != st.sender {
		st.add(diag{code: codeMethodDirection, off: method.Pos.Offset, ptr: "/method", layer: layerMCP, lesson: def.lesson,
			a: dargs{method: name, extra: def.from, extraFr: map[string]string{SenderClient: "client", SenderServer: "serveur"}[def.from]}})
	}
	if params == nil {
		if def.paramsReq && !paramsAccounted {
			code := codeParamsMissing
			var need []string
			for _, f := range def.params.fields {
				if f.req {
					need = append(need, "`"+f.name+"`")
				}
			}
			if len(need) == 1 && need[0] == "`_meta`" {
				code = codeMetaMissing
			}
			if def.params.disc != "" {
				need = []string{"`message`"}
			}
			st.add(diag{code: code, off: root.Pos.Offset, layer: layerMCP, a: dargs{method: name, extra: strings.Join(need, ", ")}})
		}
		return
	}
	if params.Kind != Object {
		return // reported with the envelope
	}
	if name == "initialize" {
		st.protocolVersion(params.Get("protocolVersion"), "/params/protocolVersion")
	}
	st.push("params", -1)
	st.value(params, def.params, true)
	st.pop()
}

// protocolVersion warns when the handshake names another revision than the one
// the message is checked against.
func (st *state) protocolVersion(v *Value, ptr string) {
	if v == nil || v.Kind != String || v.Str == st.rev.name {
		return
	}
	st.add(diag{code: codeInitVersion, off: v.Pos.Offset, ptr: ptr, sugg: st.rev.name, layer: layerMCP,
		a: dargs{value: clip(v.Str), method: st.rev.name}})
}
