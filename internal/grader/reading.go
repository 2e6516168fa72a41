package grader

import (
	"encoding/json"
	"strings"
	"unsafe"
)

// Reading is a message as the judge read it, handed over by CheckRead to
// the receiver that dispatches it, so that the text is read once: the
// envelope's members raw as written, the method's text, the id's key, and
// the members of the objects a receiver looks into (params, the objects
// params holds and the objects they hold), the way go-sdk's
// jsonrpc2.DecodeMessage hands over a Request (method, id, params) or a
// Response (id, result, error).
//
// Only a text without any JSON diagnostic has a reading (OK): a receiver
// refuses the others by its own rules. A reading is then exactly what
// encoding/json reads of the text: Members is what ReadMembers decodes
// (member names matched in any case, the last one winning), and each
// object's fields are what json.Unmarshal decodes into a
// map[string]json.RawMessage, in text order (reading_test.go compares
// both on the judge's corpus and on fuzzed texts).
//
// A reading aliases the text it was read from: its raw values, method,
// names, strings and key point into it (a string written with escapes is
// a decoded copy), so the text must not change while any of them is in
// use.
type Reading struct {
	// OK is true when the text is JSON without any diagnostic of its
	// text (the judge may still refuse its envelope or its method).
	OK bool
	// Members are the envelope's members, raw (nil when absent, and for a
	// text that is not an object).
	Members
	// Method is Members.Method decoded, when it is a JSON string.
	Method string
	// Key is the key of Members.ID, as IDKeyOf gives it.
	Key IDKey

	objects objectList // params and the objects under it
}

// Field is one member of an object as the judge read it: its name decoded,
// its value raw as written and, when the value is a string, its text.
type Field struct {
	Name  string
	Value json.RawMessage
	Str   string // the decoded text of a string value; "" for another kind
}

// IsString tells whether the field's value is a JSON string.
func (f Field) IsString() bool { return len(f.Value) > 0 && f.Value[0] == '"' }

type readObject struct {
	raw    json.RawMessage
	fields []Field
}

// objectList holds a reading's objects, the first few in place: a
// common message (a tools/call's params and arguments) costs no
// allocation for them.
type objectList struct {
	n      int
	inline [4]readObject
	more   []readObject
}

func (l *objectList) add(o readObject) {
	if l.n < len(l.inline) {
		l.inline[l.n] = o
	} else {
		l.more = append(l.more, o)
	}
	l.n++
}

// at is the i-th object.
func (l *objectList) at(i int) *readObject {
	if i < len(l.inline) {
		return &l.inline[i]
	}
	return &l.more[i-len(l.inline)]
}

// readingDepth is how many levels of objects under params a reading keeps:
// the objects params holds (arguments, _meta…) and the objects they hold
// (a 2026-07-28 request's client capabilities, in _meta).
const readingDepth = 2

// Object returns the members, in text order, of an object the reading
// holds: v is Members.Params or a Field's Value taken from this reading.
// It is false for any other value (deeper than the reading goes, not an
// object, or not taken from it) and on a nil reading: the caller reads
// that one itself.
func (r *Reading) Object(v []byte) ([]Field, bool) {
	if r == nil || len(v) == 0 {
		return nil, false
	}
	for i := range r.objects.n {
		o := r.objects.at(i)
		if len(o.raw) == len(v) && &o.raw[0] == &v[0] {
			return o.fields, true
		}
	}
	return nil, false
}

// CheckRead is Check, and hands over what it read: it sets *rd to its
// reading of src, which aliases src. A receiver that must judge each
// message anyway dispatches it from that, without reading it again. The
// verdict is Check's.
func CheckRead(src []byte, opts Options, rd *Reading) Report {
	*rd = Reading{}
	return check(src, opts, rd)
}

// read fills the reading from the tree of a text that parsed without any
// diagnostic.
func (rd *Reading) read(root *Value) {
	rd.OK = true
	if root.Kind != Object {
		return
	}
	var params, id *Value
	for _, m := range root.Members {
		name, ok := envelopeName(m.Key)
		if !ok {
			continue
		}
		raw := rawOf(m.Value)
		switch name {
		case "jsonrpc":
			rd.JSONRPC = raw
		case "id":
			rd.ID, id = raw, m.Value
		case "method":
			rd.Members.Method, rd.Method = raw, ""
			if m.Value.Kind == String {
				rd.Method = m.Value.Str
			}
		case "params":
			rd.Params, params = raw, m.Value
		case "result":
			rd.Result = raw
		case "error":
			rd.Error = raw
		}
	}
	rd.Key = idKeyOf(id)
	nobj, nfields := countObjects(params, readingDepth)
	if nobj == 0 {
		return
	}
	if nobj > len(rd.objects.inline) {
		rd.objects.more = make([]readObject, 0, nobj-len(rd.objects.inline))
	}
	rd.keep(make([]Field, 0, nfields), params, readingDepth)
}

// idKeyOf is IDKeyOf of v's text, without copying a string's or a plain
// integer's.
func idKeyOf(v *Value) IDKey {
	switch {
	case v == nil:
		return IDKey{}
	case v.Kind == String:
		return stringKey(v.Str)
	case v.Kind == Number && plainInteger(v.Raw):
		return IDKey{kind: 'n', s: v.Raw}
	}
	return IDKeyOf(rawOf(v))
}

// envelopeName is the envelope member that encoding/json decodes a member
// named key into (it matches names in any case), if any.
func envelopeName(key string) (string, bool) {
	for _, n := range [...]string{"jsonrpc", "id", "method", "params", "result", "error"} {
		if key == n || strings.EqualFold(key, n) {
			return n, true
		}
	}
	return "", false
}

// countObjects counts the objects from v down depth levels, and their
// members.
func countObjects(v *Value, depth int) (objects, fields int) {
	if v == nil || v.Kind != Object || depth < 0 {
		return 0, 0
	}
	objects, fields = 1, len(v.Members)
	for _, m := range v.Members {
		o, f := countObjects(m.Value, depth-1)
		objects, fields = objects+o, fields+f
	}
	return objects, fields
}

// keep records the object v and those under it, depth levels down, with
// their fields taken from buf.
func (rd *Reading) keep(buf []Field, v *Value, depth int) []Field {
	if v.Kind != Object || depth < 0 {
		return buf
	}
	buf, fields := appendFields(buf, v)
	rd.objects.add(readObject{raw: rawOf(v), fields: fields})
	for _, m := range v.Members {
		buf = rd.keep(buf, m.Value, depth-1)
	}
	return buf
}

// appendFields appends the members of the object v to buf, and returns
// buf and the part it appended.
func appendFields(buf []Field, v *Value) ([]Field, []Field) {
	start := len(buf)
	for _, m := range v.Members {
		f := Field{Name: m.Key, Value: rawOf(m.Value)}
		if m.Value.Kind == String {
			f.Str = m.Value.Str
		}
		buf = append(buf, f)
	}
	return buf, buf[start:len(buf):len(buf)]
}

// rawOf is a value's text as raw JSON, aliasing the checked text (never
// an append away from the rest of it).
func rawOf(v *Value) json.RawMessage {
	if v == nil || v.Raw == "" {
		return nil
	}
	return unsafe.Slice(unsafe.StringData(v.Raw), len(v.Raw))
}
