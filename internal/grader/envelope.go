package grader

import (
	"strings"
	"sync"
	"unsafe"
)

// The envelope: what a receiver reads of a message before its method's
// rules. One reading, from the checker's own parse tree, serves ReadEnvelope
// and the conversation checker, so that the kind a timeline shows, the
// message a pair links and the verdict agree.

var envelopeParsers = sync.Pool{New: func() any { return new(parser) }}

// ReadEnvelope reads raw as a receiver would: a JSON object with
// "jsonrpc": "2.0" and either a string method (a request when it has an
// id, else a notification) or a result or error (a response). Anything
// else is invalid, with its id when one can be read, so that the error
// answering it can be paired with it. A text with any JSON error (a
// trailing comma, a duplicate key) is invalid without an id: the report
// calls it invalid too. The envelope does not keep raw.
func ReadEnvelope(raw []byte) Envelope {
	if len(raw) > MaxSize || FirstByte(raw) != '{' {
		return Envelope{Kind: KindInvalid}
	}
	p := envelopeParsers.Get().(*parser)
	defer func() { p.clear(); envelopeParsers.Put(p) }()
	root := p.parse(unsafe.String(unsafe.SliceData(raw), len(raw)))
	if root == nil || len(p.diags) > 0 {
		return Envelope{Kind: KindInvalid}
	}
	return envelopeOf(root).clone()
}

// envelopeOf reads the envelope of a parsed message. It aliases the tree's
// text: clone it to keep it.
func envelopeOf(root *Value) Envelope {
	e := Envelope{Kind: KindInvalid}
	if root == nil || root.Kind != Object {
		return e
	}
	id := root.Get("id")
	if id != nil {
		if k := keyOf(id); k.kind != 0 {
			e.ID, e.Key = unsafe.Slice(unsafe.StringData(id.Raw), len(id.Raw)), k
		}
	}
	if v := root.Get("jsonrpc"); v == nil || v.Raw != `"2.0"` {
		return e
	}
	method := root.Get("method")
	errV := root.Get("error")
	hasReply := root.Get("result") != nil || errV != nil
	switch {
	case method != nil && !hasReply:
		if method.Kind != String {
			return e
		}
		e.Method = method.Str
		e.readCall(root, id != nil)
	case method == nil && errV != nil && root.Get("result") == nil && (id == nil || id.Kind == Null):
		e.Kind, e.NullID, e.ErrorCode = KindError, true, errorCode(errV)
	case method == nil && hasReply && !e.Key.IsZero():
		e.Kind = KindResponse
		if errV != nil {
			e.Kind, e.ErrorCode = KindError, errorCode(errV)
		}
	}
	return e
}

// readCall sets the kind of a request or notification, and what a
// cancellation's params name.
func (e *Envelope) readCall(root *Value, hasID bool) {
	switch {
	case hasID && e.Key.IsZero():
		return // an id that is neither a string nor a number: invalid
	case hasID:
		e.Kind = KindRequest
	default:
		e.Kind = KindNotification
	}
	if e.Method != "notifications/cancelled" {
		return
	}
	if p := root.Get("params"); p != nil && p.Kind == Object {
		if v := p.Get("requestId"); v != nil {
			e.Cancels = keyOf(v)
		}
	}
}

// errorCode is error.code as written ("" when it is not a number).
func errorCode(errV *Value) string {
	if c := errV.Get("code"); c != nil && c.Kind == Number && !c.bad {
		return c.Raw
	}
	return ""
}

// clone copies the envelope out of the message's text.
func (e Envelope) clone() Envelope {
	e.Method = strings.Clone(e.Method)
	if e.ID != nil {
		e.ID = []byte(string(e.ID))
	}
	e.Key, e.Cancels = e.Key.clone(), e.Cancels.clone()
	e.ErrorCode = strings.Clone(e.ErrorCode)
	return e
}
