package mockserver

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"

	"github.com/mcpplayground/playground/internal/grader"
)

// params is a decoded params object, or an object inside it (arguments,
// _meta…): its members as the judge read them (grader.Reading), the
// value of each raw and, for a string, its text. The judge reads params
// and the objects two levels under it; an object deeper down is read by
// encoding/json. A message the server dispatches is one the judge read
// without a JSON error, so every value here is valid JSON, and an object
// has each name once.
type params struct {
	fields []grader.Field
	rd     *grader.Reading // the message's reading, for the objects inside
}

// decodeParams decodes a params object; absent params are an empty object.
func decodeParams(raw json.RawMessage, rd *grader.Reading) (params, *rpcError) {
	if len(raw) == 0 {
		return params{}, nil
	}
	if grader.FirstByte(raw) != '{' {
		return params{}, newError(CodeInvalidParams, `Invalid params: "params" must be an object`)
	}
	if fields, ok := rd.Object(raw); ok {
		return params{fields: fields, rd: rd}, nil
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(raw, &m); err != nil {
		return params{}, newError(CodeInvalidParams, `Invalid params: "params" must be an object`)
	}
	p := params{fields: make([]grader.Field, 0, len(m))}
	for name, v := range m {
		f := grader.Field{Name: name, Value: v}
		if f.IsString() {
			_ = json.Unmarshal(v, &f.Str)
		}
		p.fields = append(p.fields, f)
	}
	slices.SortFunc(p.fields, func(a, b grader.Field) int { return strings.Compare(a.Name, b.Name) })
	return p, nil
}

// field is the member named key.
func (p params) field(key string) (grader.Field, bool) {
	for _, f := range p.fields {
		if f.Name == key {
			return f, true
		}
	}
	return grader.Field{}, false
}

// get is the raw value of the member named key.
func (p params) get(key string) (json.RawMessage, bool) {
	f, ok := p.field(key)
	return f.Value, ok
}

// has tells whether the object has a member named key.
func (p params) has(key string) bool {
	_, ok := p.field(key)
	return ok
}

// asMap is the object as encoding/json decodes it into a map: nil for an
// absent one (object's zero params).
func (p params) asMap() map[string]json.RawMessage {
	if p.fields == nil {
		return nil
	}
	m := make(map[string]json.RawMessage, len(p.fields))
	for _, f := range p.fields {
		m[f.Name] = f.Value
	}
	return m
}

// str reads a string member. A missing member is "", false, nil unless
// required; a null member counts as a wrong type (the spec says omit it).
func (p params) str(key string, required bool) (string, bool, *rpcError) {
	f, ok := p.field(key)
	if !ok {
		if required {
			return "", false, newError(CodeInvalidParams, "Invalid params: %q is required", key)
		}
		return "", false, nil
	}
	if !f.IsString() {
		return "", false, newError(CodeInvalidParams, "Invalid params: %q must be a string", key)
	}
	return f.Str, true, nil
}

// object reads an object member as its own params.
func (p params) object(key string, required bool) (params, bool, *rpcError) {
	raw, ok := p.get(key)
	if !ok {
		if required {
			return params{}, false, newError(CodeInvalidParams, "Invalid params: %q is required", key)
		}
		return params{}, false, nil
	}
	if grader.FirstByte(raw) != '{' {
		return params{}, false, newError(CodeInvalidParams, "Invalid params: %q must be an object", key)
	}
	o, perr := decodeParams(raw, p.rd)
	if perr != nil {
		return params{}, false, newError(CodeInvalidParams, "Invalid params: %q must be an object", key)
	}
	return o, true, nil
}

// meta returns params._meta (empty when absent or not an object).
func (p params) meta() params {
	m, _, err := p.object("_meta", false)
	if err != nil {
		return params{}
	}
	return m
}

// progressToken returns params._meta.progressToken when it is a string or a
// number, as raw JSON.
func (p params) progressToken() json.RawMessage {
	raw, ok := p.meta().get("progressToken")
	if !ok {
		return nil
	}
	switch c := grader.FirstByte(raw); {
	case c == '"', c == '-', c >= '0' && c <= '9':
		return raw
	}
	return nil
}

// number reads a value of params as json.Unmarshal into a zero float64
// does: null leaves it zero, a number is read (false out of range), any
// other value is an error. Values of params are valid JSON, so one that
// starts like a number is one.
func number(raw json.RawMessage) (float64, bool) {
	switch c := grader.FirstByte(raw); {
	case c == 'n':
		return 0, true
	case c == '-' || (c >= '0' && c <= '9'):
		f, err := strconv.ParseFloat(string(raw), 64)
		return f, err == nil
	}
	return 0, false
}
