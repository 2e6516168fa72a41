package grader

import (
	"strings"
	"unsafe"
)

// response checks a success response, against its request when it is known.
func (st *state) response(result, id *Value, rep *Report, request []byte) {
	if result.Kind != Object {
		st.add(diag{code: codeResultType, off: result.Pos.Offset, ptr: "/result", layer: layerEnvelope, a: dargs{got: typeOf(result)}})
		return
	}
	sh := st.rev.anyResult
	if def, reqID, ok := st.request(request, result.Pos.Offset, false); ok {
		rep.Method = strings.Clone(def.name)
		st.lesson = def.lesson
		st.method = def.name
		st.matchID(id, reqID)
		sh = def.result
		if st.rev.name == Rev20251125 && st.taskAugmented(def.name) {
			sh = st.rev.methods["tasks/get"].result
			sh = tobj(opt("_meta", topen()), req("task", tobj(sh.fields[1:]...)))
		}
	}
	if rep.Method == "initialize" {
		st.protocolVersion(result.Get("protocolVersion"), "/result/protocolVersion")
	}
	st.push("result", -1)
	st.value(result, sh, true)
	st.pop()
}

// taskAugmented reports whether the request (in st.rp) asked to run as a task.
func (st *state) taskAugmented(method string) bool {
	if method != "tools/call" && method != "sampling/createMessage" && method != "elicitation/create" {
		return false
	}
	return st.reqParamsTask
}

// request reads the request a response answers. ok is false when there is none or
// it cannot be used (a warning says why). For an error response (isError), a
// request whose method does not exist is usable: answering it with -32601 is
// right, and the error's id is still compared with the request's (id is then
// returned with ok false).
func (st *state) request(src []byte, off int, isError bool) (def *methodDef, id *Value, ok bool) {
	st.reqParamsTask = false
	if src == nil {
		return nil, nil, false
	}
	unusable := func(en, fr string) (*methodDef, *Value, bool) {
		st.add(diag{code: codeRequestUnusable, off: off, layer: layerGrader, a: dargs{extra: en, extraFr: frTypo(fr)}})
		return nil, nil, false
	}
	if len(src) > MaxSize {
		return unusable("it is larger than 1 MiB", "elle dépasse 1 Mio")
	}
	root := st.rp.parse(unsafe.String(unsafe.SliceData(src), len(src)))
	if root == nil || len(st.rp.diags) > 0 {
		return unusable("it is not valid JSON", "ce n'est pas du JSON valide")
	}
	if root.Kind != Object {
		return unusable("it is not a JSON object", "ce n'est pas un objet JSON")
	}
	m := root.Get("method")
	if m == nil || m.Kind != String {
		return unusable("it has no method", "elle n'a pas de méthode")
	}
	id = root.Get("id")
	if id == nil {
		return unusable("it has no id, so it is a notification, which gets no response", "elle n'a pas d'id : c'est une notification, qui ne reçoit pas de réponse")
	}
	def = st.rev.methods[m.Str]
	if def == nil && isError {
		return nil, id, false
	}
	if def == nil {
		return unusable("its method \""+clip(m.Str)+"\" does not exist in this revision", "sa méthode « "+clip(m.Str)+" » n'existe pas dans cette révision")
	}
	if def.notif {
		return unusable(def.name+" is a notification, which gets no response", def.name+" est une notification, qui ne reçoit pas de réponse")
	}
	if p := root.Get("params"); p != nil && p.Kind == Object && p.Get("task") != nil {
		st.reqParamsTask = true
	}
	return def, id, true
}
