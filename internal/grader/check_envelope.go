package grader

import (
	"slices"
	"strings"
)

// envelope holds the members of a message that JSON-RPC defines (the first of
// each, as a receiver reads them) and what the checker learns about them.
type envelope struct {
	root                        *Value
	jsonrpc, id, method, params *Value
	result, errv                *Value
	idKey, resultKey, errorKey  Member
	seen                        int // members with an envelope name
	kind                        Kind
	def                         *methodDef // the method's definition, when it is known
	accounted                   map[string]bool
}

// message checks the envelope, then the method's parameters or the result. Each
// step reports what it finds; the order is the one a receiver reads in.
func (st *state) message(root *Value, rep *Report, request []byte) {
	if !st.messageIsObject(root) {
		return
	}
	env := envelope{root: root}
	env.read()
	rep.Kind = env.classify()
	if env.method != nil && env.method.Kind == String {
		env.def = st.rev.methods[env.method.Str]
	}
	st.strayMembers(&env)
	st.version(&env)
	if env.id != nil {
		st.checkID(env.id, rep)
	}
	if !st.membersOfKind(&env) {
		rep.LooksLike = env.looksLike()
		return
	}
	st.body(&env, rep, request)
	if rep.Kind == KindError && env.result != nil {
		// Neither a valid success response nor a valid error response
		// (codeBoth says why); the error object was still checked above, so
		// that one attempt teaches what it can.
		rep.Kind = KindInvalid
	}
}

// messageIsObject reports a message that is not an object (a batch, a bare value).
func (st *state) messageIsObject(root *Value) bool {
	switch root.Kind {
	case Object:
		return true
	case Array:
		st.add(diag{code: codeBatch, off: root.Pos.Offset, layer: layerEnvelope})
	default:
		st.add(diag{code: codeNotObject, off: root.Pos.Offset, layer: layerEnvelope, a: dargs{got: typeOf(root)}})
	}
	return false
}

// read finds the envelope's members.
func (env *envelope) read() {
	for _, m := range env.root.Members {
		switch m.Key {
		case "jsonrpc":
			if env.jsonrpc == nil {
				env.jsonrpc = m.Value
			}
		case "id":
			if env.id == nil {
				env.id, env.idKey = m.Value, m
			}
		case "method":
			if env.method == nil {
				env.method = m.Value
			}
		case "params":
			if env.params == nil {
				env.params = m.Value
			}
		case "result":
			if env.result == nil {
				env.result, env.resultKey = m.Value, m
			}
		case "error":
			if env.errv == nil {
				env.errv, env.errorKey = m.Value, m
			}
		default:
			continue
		}
		env.seen++
	}
}

// classify says what kind of message the members make, as a receiver decides it.
func (env *envelope) classify() Kind {
	switch {
	case env.method != nil && env.id != nil:
		env.kind = KindRequest
	case env.method != nil:
		env.kind = KindNotification
	case env.errv != nil:
		env.kind = KindError
	case env.result != nil:
		env.kind = KindResponse
	default:
		env.kind = KindInvalid
	}
	return env.kind
}

// looksLike is what a message of no kind would be, once the members that stand
// in for envelope members are renamed ("" when none does).
func (env *envelope) looksLike() Kind {
	hasID := env.id != nil || env.accounted["id"]
	switch {
	case env.accounted["method"] && hasID:
		return KindRequest
	case env.accounted["method"]:
		return KindNotification
	case env.accounted["error"]:
		return KindError
	case env.accounted["result"]:
		return KindResponse
	}
	return ""
}

// strayMembers reports the members that are not part of the envelope, with what
// each was probably meant to be. JSON-RPC does not close the envelope, so a
// stray member is a warning (a receiver ignores it), unless it stands in for a
// member the message needs and lacks: then it is an error, and the envelope's
// own check for that member is left to it (env.accounted).
func (st *state) strayMembers(env *envelope) {
	if env.seen == len(env.root.Members) {
		return
	}
	env.accounted = map[string]bool{}
	envelope := envelopeNames(env.kind)
	for _, m := range env.root.Members {
		if isEnvelopeKey(m.Key) || st.full() {
			continue
		}
		sugg, wrongCase := suggestKey(m.Key, []string{"jsonrpc", "id", "method", "params", "result", "error"})
		d := diag{code: codeEnvUnknown, sev: SeverityWarning, off: m.KeyPos.Offset, ptr: "/" + escapePointer(m.Key), sugg: sugg,
			layer: layerEnvelope, a: dargs{field: clip(m.Key)}}
		if def := env.def; def != nil && def.params != nil && def.params.field(m.Key) != nil && !wrongCase && !slices.Contains(envelope, sugg) {
			// A parameter written next to method (name, arguments…).
			d.code, d.sugg, d.a.method = codeOutsideParams, "params", env.method.Str
			if st.paramNeeded(env, def.params.field(m.Key)) {
				d.sev = ""
				env.accounted["params"] = true
			}
			st.add(d)
			continue
		}
		if sugg != "" && env.root.Get(sugg) == nil && env.needs(sugg) {
			d.sev, d.a.required = "", true
			if wrongCase {
				d.code, d.a.required = codeEnvWrongCase, false
			}
			env.accounted[sugg] = true
		}
		st.add(d)
	}
}

// needs reports whether the message needs the envelope member name, to be the
// kind of message it is (or, when it is none, any kind).
func (env *envelope) needs(name string) bool {
	switch name {
	case "jsonrpc", "method":
		return true
	case "id":
		return env.kind != KindNotification || (env.def != nil && !env.def.notif)
	case "params":
		return env.def != nil && env.def.paramsReq
	}
	// result, error
	return env.method == nil && env.result == nil && env.errv == nil
}

// paramNeeded reports whether a parameter written next to method is one the
// method cannot do without: params is required and missing, or the parameter
// is required and params lacks it.
func (st *state) paramNeeded(env *envelope, f *field) bool {
	if env.params == nil {
		return env.def.paramsReq
	}
	return f.req && env.params.Kind == Object && env.params.Get(f.name) == nil
}

// version checks "jsonrpc": "2.0".
func (st *state) version(env *envelope) {
	switch v := env.jsonrpc; {
	case v == nil:
		if !env.accounted["jsonrpc"] {
			st.add(diag{code: codeVersionMissing, off: env.root.Pos.Offset, layer: layerEnvelope})
		}
	case v.Kind != String || v.Str != "2.0":
		st.add(diag{code: codeVersionInvalid, off: v.Pos.Offset, ptr: "/jsonrpc", sugg: `"2.0"`, layer: layerEnvelope,
			a: dargs{value: clip(v.Raw)}})
	}
}

// membersOfKind reports what belongs to another kind of message, and what this
// kind lacks. It returns false when the message is not any kind of message.
func (st *state) membersOfKind(env *envelope) bool {
	switch env.kind {
	case KindRequest, KindNotification:
		if env.result != nil {
			st.misplaced(env.resultKey, env.kind)
		}
		if env.errv != nil {
			st.misplaced(env.errorKey, env.kind)
		}
		if env.params != nil && env.params.Kind != Object {
			st.add(diag{code: codeParamsType, off: env.params.Pos.Offset, ptr: "/params", layer: layerEnvelope, a: dargs{got: typeOf(env.params)}})
		}
	case KindError, KindResponse:
		st.responseMembers(env)
	case KindInvalid:
		if !env.accounted["method"] && !env.accounted["result"] && !env.accounted["error"] {
			st.add(diag{code: codeUnclassifiable, off: env.root.Pos.Offset, layer: layerEnvelope})
		}
		return false
	}
	return true
}

// responseMembers checks the envelope of a success or an error response.
func (st *state) responseMembers(env *envelope) {
	if env.params != nil {
		for _, m := range env.root.Members {
			if m.Key == "params" {
				st.misplaced(m, KindResponse)
				break
			}
		}
	}
	if env.result != nil && env.errv != nil {
		later := env.resultKey
		if env.errorKey.KeyPos.Offset > later.KeyPos.Offset {
			later = env.errorKey
		}
		st.add(diag{code: codeBoth, off: later.KeyPos.Offset, ptr: "/" + later.Key, layer: layerEnvelope})
	}
	if env.id == nil && !env.accounted["id"] && (env.kind == KindResponse || !st.rev.errorIDOptional) {
		st.add(diag{code: codeIDMissing, off: env.root.Pos.Offset, layer: layerEnvelope})
	}
}

// misplaced reports a member that belongs to another kind of message.
func (st *state) misplaced(m Member, what Kind) {
	words := kindWords[what]
	st.add(diag{code: codeEnvMisplaced, off: m.KeyPos.Offset, ptr: "/" + m.Key, layer: layerEnvelope,
		a: dargs{field: m.Key, extra: words[0], extraFr: words[1]}})
}

// body checks what the envelope carries: the method call, the result or the error.
func (st *state) body(env *envelope, rep *Report, request []byte) {
	switch env.kind {
	case KindRequest, KindNotification:
		if env.method.Kind != String {
			st.add(diag{code: codeMethodType, off: env.method.Pos.Offset, ptr: "/method", layer: layerEnvelope, a: dargs{got: typeOf(env.method)}})
			return
		}
		rep.Method = strings.Clone(env.method.Str)
		st.methodCall(env.root, env.method, env.id, env.idKey, env.params, env.accounted["id"], env.accounted["params"])
	case KindResponse:
		st.response(env.result, env.id, rep, request)
	case KindError:
		st.errorObject(env.errv, env.id, rep, request)
	}
}

var kindWords = map[Kind][2]string{
	KindRequest:      {"a request", "une requête"},
	KindNotification: {"a notification", "une notification"},
	KindResponse:     {"a response", "une réponse"},
}

func envelopeNames(k Kind) []string {
	switch k {
	case KindRequest:
		return []string{"jsonrpc", "id", "method", "params"}
	case KindNotification:
		return []string{"jsonrpc", "method", "params"}
	}
	return []string{"jsonrpc", "id", "result", "error"}
}

func isEnvelopeKey(k string) bool {
	switch k {
	case "jsonrpc", "id", "method", "params", "result", "error":
		return true
	}
	return false
}
