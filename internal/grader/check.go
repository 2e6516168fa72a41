package grader

import (
	"slices"
	"strconv"
	"strings"
	"sync"
	"unsafe"
)

// state is the reusable memory of one Check: the parser's arenas, the path being
// walked and the diagnostics found. Pooled, so that checking a valid message
// allocates almost nothing.
type state struct {
	p     parser
	rp    parser // for the request a response answers
	path  []pathElem
	diags []diag
	names []string

	rev           *revision
	method        string // the method being checked, for messages
	sender        string
	reqParamsTask bool   // the request being answered asked to run as a task
	lesson        string // lesson of the part being checked, for generic field codes
}

type pathElem struct {
	key string
	idx int // -1 for object keys
}

var statePool = sync.Pool{New: func() any { return new(state) }}

// TooLarge is the report for a message over MaxSize bytes, for callers that stop
// reading at the limit (HTTP handlers with a capped body).
func TooLarge(opts Options) Report {
	return Check(oversize[:], opts)
}

// oversize is never read: Check only looks at its length.
var oversize [MaxSize + 1]byte

// Check checks one message and explains what it finds. It never panics, does not
// keep src, and answers in opts.Lang.
func Check(src []byte, opts Options) Report {
	revName := opts.Protocol
	if revName == "" {
		revName = DefaultRevision
	}
	lang := "en"
	if opts.Lang == "fr" {
		lang = "fr"
	}
	rep := Report{Protocol: revName, Kind: KindInvalid, Diagnostics: []Diagnostic{}}
	st := statePool.Get().(*state)
	defer st.release()
	st.diags = st.diags[:0]
	st.path = st.path[:0]
	st.sender = opts.Sender
	st.lesson = ""
	st.method = ""
	st.rev = revisions[revName]

	// The tree and the diagnostics only live until the report is built, and every
	// string the report keeps is copied, so src can be read in place.
	s := unsafe.String(unsafe.SliceData(src), len(src))
	switch {
	case st.rev == nil:
		st.add(diag{code: codeProtocolUnknown, layer: layerGrader, a: dargs{value: clip(revName)}})
		s = ""
	case len(src) > MaxSize:
		st.add(diag{code: codeTooLarge, layer: layerSyntax})
		s = ""
	default:
		root := st.p.parse(s)
		st.diags = append(st.diags, st.p.diags...)
		if !st.p.fatal && root != nil {
			st.message(root, &rep, opts.Request)
		}
	}
	st.finish(&rep, s, st.p.bom, lang)
	return rep
}

func (st *state) release() {
	// Forget the caller's text before pooling: the arenas are kept, their
	// contents are not.
	st.p.clear()
	st.rp.clear()
	clear(st.diags)
	st.diags = st.diags[:0]
	st.path = st.path[:0]
	st.rev = nil
	statePool.Put(st)
}

// full reports whether no more diagnostics will be kept, so that the work of
// explaining one can be skipped.
func (st *state) full() bool { return len(st.diags) >= maxDiags }

func (st *state) add(d diag) {
	if len(st.diags) < maxDiags {
		st.diags = append(st.diags, d)
	}
}

// message checks the envelope, then the method's parameters or the result.
func (st *state) message(root *Value, rep *Report, request []byte) {
	switch root.Kind {
	case Object:
	case Array:
		st.add(diag{code: codeBatch, off: root.Pos.Offset, layer: layerEnvelope})
		return
	default:
		st.add(diag{code: codeNotObject, off: root.Pos.Offset, layer: layerEnvelope, a: dargs{got: typeOf(root)}})
		return
	}
	var jsonrpc, id, method, params, result, errv *Value
	var idKey, resultKey, errorKey Member
	seen := 0
	for _, m := range root.Members {
		switch m.Key {
		case "jsonrpc":
			if jsonrpc == nil {
				jsonrpc = m.Value
			}
		case "id":
			if id == nil {
				id, idKey = m.Value, m
			}
		case "method":
			if method == nil {
				method = m.Value
			}
		case "params":
			if params == nil {
				params = m.Value
			}
		case "result":
			if result == nil {
				result, resultKey = m.Value, m
			}
		case "error":
			if errv == nil {
				errv, errorKey = m.Value, m
			}
		default:
			continue
		}
		seen++
	}

	switch {
	case method != nil && id != nil:
		rep.Kind = KindRequest
	case method != nil:
		rep.Kind = KindNotification
	case errv != nil:
		rep.Kind = KindError
	case result != nil:
		rep.Kind = KindResponse
	}

	var def *methodDef
	if method != nil && method.Kind == String {
		def = st.rev.methods[method.Str]
	}

	// Members that are not part of the envelope.
	envelope := envelopeNames(rep.Kind)
	accounted := map[string]bool(nil)
	if seen < len(root.Members) {
		accounted = map[string]bool{}
		for _, m := range root.Members {
			if isEnvelopeKey(m.Key) || st.full() {
				continue
			}
			sugg, wrongCase := suggestKey(m.Key, []string{"jsonrpc", "id", "method", "params", "result", "error"})
			code := codeEnvUnknown
			if wrongCase {
				code = codeEnvWrongCase
			}
			d := diag{code: code, off: m.KeyPos.Offset, ptr: "/" + escapePointer(m.Key), sugg: sugg, layer: layerEnvelope,
				a: dargs{field: clip(m.Key)}}
			if sugg != "" {
				accounted[sugg] = true
				if root.Get(sugg) == nil && (sugg == "jsonrpc" || (sugg == "id" && rep.Kind != KindNotification) || sugg == "method") {
					d.a.required = true
				}
			}
			if code == codeEnvUnknown && def != nil && def.params != nil && def.params.field(m.Key) != nil && !slices.Contains(envelope, sugg) {
				// A parameter written next to method (name, arguments…).
				d.code, d.sugg, d.a.method, d.a.required = codeOutsideParams, "params", method.Str, false
				accounted["params"] = true
			}
			st.add(d)
		}
	}

	// jsonrpc
	if jsonrpc == nil {
		if !accounted["jsonrpc"] {
			st.add(diag{code: codeVersionMissing, off: root.Pos.Offset, layer: layerEnvelope})
		}
	} else if jsonrpc.Kind != String || jsonrpc.Str != "2.0" {
		st.add(diag{code: codeVersionInvalid, off: jsonrpc.Pos.Offset, ptr: "/jsonrpc", sugg: `"2.0"`, layer: layerEnvelope,
			a: dargs{value: clip(jsonrpc.Raw)}})
	}

	// id
	if id != nil {
		st.checkID(id, rep)
	}

	// What belongs to another kind of message.
	misplaced := func(m Member, what Kind) {
		words := kindWords[what]
		st.add(diag{code: codeEnvMisplaced, off: m.KeyPos.Offset, ptr: "/" + m.Key, layer: layerEnvelope,
			a: dargs{field: m.Key, extra: words[0], extraFr: words[1]}})
	}
	switch rep.Kind {
	case KindRequest, KindNotification:
		if result != nil {
			misplaced(resultKey, rep.Kind)
		}
		if errv != nil {
			misplaced(errorKey, rep.Kind)
		}
	case KindError, KindResponse:
		if params != nil {
			for _, m := range root.Members {
				if m.Key == "params" {
					misplaced(m, KindResponse)
					break
				}
			}
		}
		if result != nil && errv != nil {
			later := resultKey
			if errorKey.KeyPos.Offset > later.KeyPos.Offset {
				later = errorKey
			}
			st.add(diag{code: codeBoth, off: later.KeyPos.Offset, ptr: "/" + later.Key, layer: layerEnvelope})
		}
		if id == nil && !accounted["id"] && (rep.Kind == KindResponse || !st.rev.errorIDOptional) {
			st.add(diag{code: codeIDMissing, off: root.Pos.Offset, layer: layerEnvelope})
		}
	case KindInvalid:
		if !accounted["method"] && !accounted["result"] && !accounted["error"] {
			st.add(diag{code: codeUnclassifiable, off: root.Pos.Offset, layer: layerEnvelope})
		}
		return
	}

	if params != nil && params.Kind != Object && (rep.Kind == KindRequest || rep.Kind == KindNotification) {
		st.add(diag{code: codeParamsType, off: params.Pos.Offset, ptr: "/params", layer: layerEnvelope, a: dargs{got: typeOf(params)}})
	}

	switch rep.Kind {
	case KindRequest, KindNotification:
		if method.Kind != String {
			st.add(diag{code: codeMethodType, off: method.Pos.Offset, ptr: "/method", layer: layerEnvelope, a: dargs{got: typeOf(method)}})
			return
		}
		rep.Method = strings.Clone(method.Str)
		st.methodCall(root, method, id, idKey, params, accounted["id"], accounted["params"])
	case KindResponse:
		st.response(result, id, rep, request)
	case KindError:
		st.errorObject(errv, id, rep, request)
	}
	if rep.Kind == KindError && result != nil {
		// Neither a valid success response nor a valid error response
		// (codeBoth says why); the error object was still checked above, so
		// that one attempt teaches what it can.
		rep.Kind = KindInvalid
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

// methodCall checks a request or a notification against its method's definition.
func (st *state) methodCall(root, method, id *Value, idKey Member, params *Value, idAccounted, paramsAccounted bool) {
	name := method.Str
	def := st.rev.methods[name]
	if def == nil {
		var in []string
		for _, r := range []string{Rev20250618, Rev20251125, Rev20260728} {
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
			a: dargs{method: name, extra: def.from, extraFr: map[string]string{fromClient: "client", fromServer: "serveur"}[def.from]}})
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

// protocolVersion warns when the handshake names another revision than the one
// the message is checked against.
func (st *state) protocolVersion(v *Value, ptr string) {
	if v == nil || v.Kind != String || v.Str == st.rev.name {
		return
	}
	st.add(diag{code: codeInitVersion, off: v.Pos.Offset, ptr: ptr, sugg: st.rev.name, layer: layerMCP,
		a: dargs{value: clip(v.Str), method: st.rev.name}})
}

// taskAugmented reports whether the request (in st.rp) asked to run as a task.
func (st *state) taskAugmented(method string) bool {
	if method != "tools/call" && method != "sampling/createMessage" && method != "elicitation/create" {
		return false
	}
	return st.reqParamsTask
}

// errorObject checks an error response.
func (st *state) errorObject(errv, id *Value, rep *Report, request []byte) {
	def, reqID, known := st.request(request, errv.Pos.Offset, true)
	if known {
		rep.Method = strings.Clone(def.name)
	}
	if id != nil && reqID != nil {
		st.matchID(id, reqID)
	}
	if errv.Kind != Object {
		st.add(diag{code: codeErrorType, off: errv.Pos.Offset, ptr: "/error", layer: layerEnvelope, a: dargs{got: typeOf(errv)}})
		return
	}
	var code, msg *Value
	for _, m := range errv.Members {
		switch m.Key {
		case "code":
			if code == nil {
				code = m.Value
			}
		case "message":
			if msg == nil {
				msg = m.Value
			}
		case "data":
		default:
			if st.full() {
				continue
			}
			sugg, wrongCase := suggestKey(m.Key, []string{"code", "message", "data"})
			c := codeErrUnknown
			if wrongCase {
				c = codeEnvWrongCase
			}
			st.add(diag{code: c, off: m.KeyPos.Offset, ptr: "/error/" + escapePointer(m.Key), sugg: sugg, layer: layerEnvelope,
				lesson: "errors", a: dargs{field: clip(m.Key)}})
		}
	}
	if code == nil {
		st.add(diag{code: codeErrCodeMissing, off: errv.Pos.Offset, ptr: "/error", layer: layerEnvelope})
	} else if code.Kind != Number || !code.isInteger() {
		got := typeOf(code)
		if code.bad {
			got = tNum
		}
		st.add(diag{code: codeErrCodeType, off: code.Pos.Offset, ptr: "/error/code", layer: layerEnvelope, a: dargs{got: got}})
	} else {
		st.errorCode(code, known && def.name == "tools/call")
	}
	if msg == nil {
		st.add(diag{code: codeErrMsgMissing, off: errv.Pos.Offset, ptr: "/error", layer: layerEnvelope})
	} else if msg.Kind != String {
		st.add(diag{code: codeErrMsgType, off: msg.Pos.Offset, ptr: "/error/message", layer: layerEnvelope, a: dargs{got: typeOf(msg)}})
	}
}

// standardCodes names the error codes of JSON-RPC and MCP.
var standardCodes = map[int64][2]string{
	-32700: {"Parse error: the text was not valid JSON", "Parse error : le texte n'était pas du JSON valide"},
	-32600: {"Invalid Request: the message is not a valid request", "Invalid Request : le message n'est pas une requête valide"},
	-32601: {"Method not found: the receiver does not know this method", "Method not found : le destinataire ne connaît pas cette méthode"},
	-32602: {"Invalid params: the parameters are wrong for this method", "Invalid params : les paramètres ne conviennent pas à cette méthode"},
	-32603: {"Internal error: the receiver failed while handling the request", "Internal error : le destinataire a échoué en traitant la requête"},
}

var revisionCodes = map[string]map[int64][2]string{
	Rev20250618: {-32002: {"Resource not found (MCP)", "Resource not found (MCP) : ressource introuvable"}},
	Rev20251125: {-32002: {"Resource not found (MCP)", "Resource not found (MCP) : ressource introuvable"},
		-32042: {"URL elicitation required (MCP)", "URL elicitation required (MCP) : l'utilisateur doit d'abord passer par une URL"}},
	Rev20260728: {-32020: {"Header mismatch (MCP): the HTTP headers do not match the message", "Header mismatch (MCP) : les en-têtes HTTP ne correspondent pas au message"},
		-32021: {"Missing required client capability (MCP)", "Missing required client capability (MCP) : il manque une capacité requise du client"},
		-32022: {"Unsupported protocol version (MCP)", "Unsupported protocol version (MCP) : version du protocole non prise en charge"}},
}

func (st *state) errorCode(code *Value, answersToolCall bool) {
	n, err := strconv.ParseInt(code.Raw, 10, 64)
	if err != nil {
		n = int64(code.float())
	}
	name, ok := standardCodes[n]
	if !ok {
		name, ok = revisionCodes[st.rev.name][n]
	}
	switch {
	case ok:
		st.add(diag{code: codeErrCodeStandard, sev: SeverityInfo, off: code.Pos.Offset, ptr: "/error/code", layer: layerEnvelope,
			a: dargs{value: code.Raw, extra: name[0], extraFr: frTypo(name[1])}})
	case n >= -32099 && n <= -32000:
		// Implementation-defined server errors: allowed.
	case n >= -32768 && n < -32000:
		st.add(diag{code: codeErrCodeReserved, off: code.Pos.Offset, ptr: "/error/code", layer: layerEnvelope, a: dargs{value: code.Raw}})
	}
	if answersToolCall && n != -32602 && n != -32601 && n != -32600 && n != -32700 {
		st.add(diag{code: codeErrCodeNotParams, off: code.Pos.Offset, ptr: "/error/code", layer: layerEnvelope})
	}
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

// matchID compares a response's id with its request's.
func (st *state) matchID(id, reqID *Value) {
	if id == nil || reqID == nil {
		return
	}
	if (id.Kind != String && id.Kind != Number) || (reqID.Kind != String && reqID.Kind != Number) {
		return
	}
	same := id.Kind == reqID.Kind
	if same && id.Kind == String {
		same = id.Str == reqID.Str
	} else if same {
		same = id.Raw == reqID.Raw || (!id.bad && !reqID.bad && id.float() == reqID.float())
	}
	if !same {
		st.add(diag{code: codeIDMismatch, off: id.Pos.Offset, ptr: "/id", sugg: clip(reqID.Raw), layer: layerEnvelope,
			a: dargs{value: clip(id.Raw), extra: clip(reqID.Raw)}})
	}
}

// Walking values against shapes.

func (st *state) push(key string, idx int) { st.path = append(st.path, pathElem{key: key, idx: idx}) }
func (st *state) pop()                     { st.path = st.path[:len(st.path)-1] }

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
	case codeFieldMissing, codeFieldType, codeFieldEnum, codeFieldNull, codeFieldUnknown, codeFieldWrongCase, codeFieldRange:
		return st.lesson
	}
	return ""
}

// value checks v against sh. optional says whether the member could be left out,
// which turns a null into "leave it out".
func (st *state) value(v *Value, sh *shape, optional bool) {
	if sh.lesson != "" {
		saved := st.lesson
		st.lesson = sh.lesson
		defer func() { st.lesson = saved }()
	}
	got := typeOf(v)
	if !sh.types.accepts(got) {
		switch {
		case got == tNull && optional:
			st.fieldDiag(codeFieldNull, v, v.Pos.Offset, dargs{want: sh.types}, omitSuggestion)
		case got == tArr && sh.arrayCode != "":
			st.fieldDiag(sh.arrayCode, v, v.Pos.Offset, dargs{}, "")
		default:
			st.fieldDiag(codeFieldType, v, v.Pos.Offset, dargs{got: got, want: sh.types}, "")
		}
		return
	}
	switch v.Kind {
	case String:
		if len(sh.enum) > 0 && !slices.Contains(sh.enum, v.Str) {
			st.enumDiag(v, sh)
		} else if sh.uri && !v.bad {
			switch {
			case strings.ContainsAny(v.Str, "{}"):
				// Checked first: "{id}" alone has no scheme either, but the
				// template is what the learner copied.
				st.fieldDiag(codeURITemplate, v, v.Pos.Offset, dargs{value: clip(v.Str)}, "")
			case !hasScheme(v.Str):
				st.fieldDiag(codeURIScheme, v, v.Pos.Offset, dargs{value: clip(v.Str)}, "")
			}
		}
	case Number:
		if v.bad {
			return
		}
		f := v.float()
		if (sh.hasMin && f < sh.min) || (sh.hasMax && f > sh.max) {
			st.fieldDiag(codeFieldRange, v, v.Pos.Offset, dargs{value: v.Raw, extra: rangeText(sh)}, "")
		}
	case Array:
		if sh.items != nil {
			for i, it := range v.Items {
				st.push(st.path[len(st.path)-1].key, i)
				st.value(it, sh.items, false)
				st.pop()
			}
		}
	case Object:
		st.object(v, sh)
	}
}

const omitSuggestion = "\x00omit"

func (st *state) enumDiag(v *Value, sh *shape) {
	if sh.enumCode != "" {
		d := diag{code: sh.enumCode, off: v.Pos.Offset, ptr: st.pointer(), layer: layerMCP, a: dargs{value: clip(v.Str), method: st.rev.name}}
		if sh.enumWarn {
			d.sev = SeverityWarning
		}
		if sh.enumCode == codeMetaVersionWrong {
			d.sugg = st.rev.name
		}
		st.add(d)
		return
	}
	if v.Str == "system" && slices.Contains(sh.enum, "assistant") {
		st.fieldDiag(codeRoleSystem, v, v.Pos.Offset, dargs{value: "system"}, "user")
		return
	}
	sugg := ""
	for _, e := range sh.enum {
		if strings.EqualFold(e, v.Str) {
			sugg = e
		}
	}
	if sugg == "" {
		sugg = nearest(v.Str, sh.enum)
	}
	st.fieldDiag(codeFieldEnum, v, v.Pos.Offset, dargs{value: clip(v.Str), extra: quoteList(sh.enum)}, sugg)
}

func rangeText(sh *shape) string {
	f := func(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }
	switch {
	case sh.hasMin && sh.hasMax:
		return "≥ " + f(sh.min) + ", ≤ " + f(sh.max)
	case sh.hasMin:
		return "≥ " + f(sh.min)
	}
	return "≤ " + f(sh.max)
}

func quoteList(vals []string) string {
	var b strings.Builder
	for i, v := range vals {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(`"` + v + `"`)
	}
	return b.String()
}

// hasScheme reports whether a URI starts with a scheme ("file:", "https:"…).
func hasScheme(s string) bool {
	i := strings.IndexByte(s, ':')
	if i <= 0 {
		return false
	}
	for j := 0; j < i; j++ {
		c := s[j]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || (j > 0 && (isDigit(c) || c == '+' || c == '-' || c == '.'))) {
			return false
		}
	}
	return true
}

// object checks the members of an object, resolving unions first.
func (st *state) object(v *Value, sh *shape) {
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
				return
			}
			st.push(sh.disc, -1)
			if d.Kind != String {
				st.fieldDiag(codeFieldType, d, d.Pos.Offset, dargs{got: typeOf(d), want: tStr}, "")
				st.pop()
				return
			}
			next := sh.cases[d.Str]
			if next == nil {
				keys := unionKeys(sh)
				st.enumDiag(d, &shape{types: tStr, enum: keys})
				st.pop()
				return
			}
			st.pop()
			sh = next
			continue
		}
		break
	}
	// Members in text order.
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
	// Required members.
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

// unknownField reports a member the shape does not define, with what it was
// probably meant to be.
func (st *state) unknownField(obj *Value, m *Member, sh *shape) {
	if st.full() {
		return
	}
	st.names = st.names[:0]
	for _, f := range sh.fields {
		st.names = append(st.names, f.name)
	}
	sugg, wrongCase := suggestKey(m.Key, st.names)
	code := codeFieldUnknown
	if wrongCase {
		code = codeFieldWrongCase
	}
	a := dargs{}
	if sugg != "" {
		if f := sh.field(sugg); f != nil && f.req && obj.Get(sugg) == nil {
			a.required = true
		}
	}
	st.fieldDiag(code, m.Value, m.KeyPos.Offset, a, sugg)
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

// clip keeps learner text short enough to quote in a message, and copies it (the
// report must not point into the caller's bytes).
func clip(s string) string {
	if len(s) > 60 {
		cut := 57
		for cut > 0 && s[cut]&0xC0 == 0x80 {
			cut--
		}
		return strings.Clone(s[:cut]) + "…"
	}
	return strings.Clone(s)
}

// finish orders the diagnostics, places them, marks the blocking one and renders
// them in the learner's language.
func (st *state) finish(rep *Report, src string, bom int, lang string) {
	if len(st.diags) == 0 {
		rep.Valid = true
		return
	}
	slices.SortStableFunc(st.diags, func(a, b diag) int { return a.off - b.off })
	// The brackets and keys messages refer to lie before the diagnostics: place
	// them all in one more pass over the text.
	var refs []int
	for _, d := range st.diags {
		if d.a.openedAt > 0 {
			refs = append(refs, d.a.openedAt-1)
		}
	}
	var refPos []Pos
	if len(refs) > 0 {
		slices.Sort(refs)
		refs = slices.Compact(refs)
		rc := newLineCursor(src, bom)
		for _, off := range refs {
			refPos = append(refPos, rc.at(off))
		}
	}
	lc := newLineCursor(src, bom)
	out := make([]Diagnostic, 0, len(st.diags))
	blockLayer := 1 << 10
	for _, d := range st.diags {
		if st.severity(d) == SeverityError && d.layer < blockLayer {
			blockLayer = d.layer
		}
	}
	blocked := false
	valid := true
	for _, d := range st.diags {
		pos := lc.at(d.off)
		if d.a.openedAt > 0 {
			i, _ := slices.BinarySearch(refs, d.a.openedAt-1)
			d.a.openPos = refPos[i]
		}
		sev := st.severity(d)
		if sev == SeverityError {
			valid = false
		}
		def := codeIndex[d.code]
		lesson := d.lesson
		if lesson == "" && def != nil {
			lesson = def.lesson
		}
		d.lesson = lesson
		out = append(out, Diagnostic{
			Code: d.code, Severity: sev, Pointer: d.ptr, Line: pos.Line, Column: pos.Column,
			Message: render(d, lang), Suggestion: suggestionText(d, lang), Lesson: lesson,
			Blocking: !blocked && sev == SeverityError && d.layer == blockLayer,
		})
		if out[len(out)-1].Blocking {
			blocked = true
		}
	}
	rep.Diagnostics = out
	rep.Valid = valid
}

func (st *state) severity(d diag) string {
	if d.sev != "" {
		return d.sev
	}
	if def := codeIndex[d.code]; def != nil {
		return def.sev
	}
	return SeverityError
}

func suggestionText(d diag, lang string) string {
	if d.sugg != omitSuggestion {
		return d.sugg
	}
	if lang == "fr" {
		return "retirez `" + d.a.field + "`"
	}
	return "leave `" + d.a.field + "` out"
}
