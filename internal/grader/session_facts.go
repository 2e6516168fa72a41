package grader

import (
	"strconv"
	"strings"
	"unsafe"
)

// facts are what the conversation needs from one message, read from its tree
// (which lives in Session.p until the next message), and what the rules
// decided about it, for record to apply.
type facts struct {
	idx  int
	kind Kind // KindInvalid: the message is not followed
	from int  // 0 client, 1 server, -1 unknown
	rev  string

	root     *Value
	id       *Value
	key      IDKey // of id; kind 0 when id is not a usable id
	method   string
	methodV  *Value
	params   *Value
	result   *Value
	tokenV   *Value // a request's params._meta.progressToken, or a progress notification's params.progressToken
	token    IDKey
	progV    *Value // a progress notification's params.progress
	cancelV  *Value // a cancellation's params.requestId
	cancel   IDKey
	version  string // protocol version a request names (initialize params, or 2026-07-28 _meta)
	task     bool
	newRev   string // the revision in force from this message on, "" when unchanged
	reqSide  int    // side of the request a response, progress or cancellation refers to
	target   *reqState
	ownReq   *reqState // a request of the response's own sender with that id
	newEntry bool      // a request with an id not remembered yet

	env     Envelope // what the receiver reads (aliases the tree)
	other   int      // a response: the message that was no request it answers (-1 none)
	late    int      // a request: the response that came before it (SessionOptions.LateRequests; -1 none)
	unknown bool     // a response that answers nothing yet (kept for a later request, with LateRequests)
}

const (
	metaVersionKey = "io.modelcontextprotocol/protocolVersion"
	maxKeyLen      = 64 // longer string ids and tokens are remembered by their hash
)

// read fills the facts a message gives on its own. It keeps pointers into the
// tree of s.p and strings that alias raw: record clones what it keeps.
func (s *Session) read(raw []byte, from Sender) facts {
	f := facts{idx: s.n, kind: KindInvalid, from: side(from), reqSide: -1, rev: s.rev,
		env: Envelope{Kind: KindInvalid}, other: -1, late: -1}
	if len(raw) > MaxSize {
		return f
	}
	root := s.p.parse(unsafe.String(unsafe.SliceData(raw), len(raw)))
	// A message that does not parse is not followed: a receiver answers it
	// with a parse error, whatever it would be once fixed.
	if root == nil || len(s.p.diags) > 0 || root.Kind != Object {
		return f
	}
	f.root = root
	f.env = envelopeOf(root)
	f.id = root.Get("id")
	if f.id != nil {
		f.key = keyOf(f.id)
	}
	m := root.Get("method")
	switch {
	case m != nil:
		if m.Kind != String {
			return f
		}
		f.method, f.methodV = m.Str, m
		switch {
		case f.id == nil:
			f.kind = KindNotification
		case f.key.kind != 0:
			f.kind = KindRequest
		default:
			return f
		}
		if p := root.Get("params"); p != nil && p.Kind == Object {
			f.params = p
			s.readParams(&f)
		}
		if f.from < 0 {
			f.from = s.senderOf(f.method)
		}
	case root.Get("result") != nil:
		f.kind = KindResponse
		f.result = root.Get("result")
	case root.Get("error") != nil:
		f.kind = KindError
	}
	return f
}

// readParams reads the parameters the conversation follows.
func (s *Session) readParams(f *facts) {
	p := f.params
	if meta := p.Get("_meta"); meta != nil && meta.Kind == Object && f.kind == KindRequest {
		if t := meta.Get("progressToken"); t != nil {
			f.tokenV, f.token = t, keyOf(t)
		}
		if v := meta.Get(metaVersionKey); v != nil && v.Kind == String {
			f.version = v.Str
		}
	}
	switch f.method {
	case "initialize":
		if v := p.Get("protocolVersion"); v != nil && v.Kind == String {
			f.version = v.Str
		}
	case "notifications/progress":
		if t := p.Get("progressToken"); t != nil {
			f.tokenV, f.token = t, keyOf(t)
		}
		if v := p.Get("progress"); v != nil && v.Kind == Number && !v.bad {
			f.progV = v
		}
	case "notifications/cancelled":
		if v := p.Get("requestId"); v != nil {
			f.cancelV, f.cancel = v, keyOf(v)
		}
	}
	f.task = p.Get("task") != nil
}

// senderOf infers the sender of a method when it was not given.
func (s *Session) senderOf(method string) int {
	r := revisions[s.rev]
	if r == nil {
		return -1
	}
	if def := r.methods[method]; def != nil {
		switch def.from {
		case SenderClient:
			return 0
		case SenderServer:
			return 1
		}
	}
	return -1
}

// keyOf turns an id or a token into a map key; kind 0 when it is neither a
// string nor a number. The key aliases the text; clone it to keep it.
func keyOf(v *Value) IDKey {
	switch {
	case v.Kind == String:
		return stringKey(v.Str)
	case v.Kind == Number && !v.bad && plainInteger(v.Raw):
		return IDKey{kind: 'n', s: v.Raw}
	case v.Kind == Number && !v.bad:
		return numberKey(v.float())
	}
	return IDKey{}
}

// plainInteger reports whether raw is an integer written the one way (no
// fraction, exponent, or -0), so that it can be its own key.
func plainInteger(raw string) bool {
	d := strings.TrimPrefix(raw, "-")
	if d == "" || len(d) > 15 || (d == "0" && raw != d) {
		return false
	}
	for i := 0; i < len(d); i++ {
		if d[i] < '0' || d[i] > '9' {
			return false
		}
	}
	return true
}

// clone copies a key out of the message's text.
func (k IDKey) clone() IDKey { return IDKey{kind: k.kind, s: strings.Clone(k.s)} }

// text shows a remembered key as it was probably written.
func (k IDKey) text() string {
	switch k.kind {
	case 'n':
		return k.s
	case 's':
		return clip(strconv.Quote(k.s))
	}
	return "\"…\""
}
