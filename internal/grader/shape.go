package grader

// shape describes what a JSON value must look like. It is a small, purpose-built
// subset of JSON Schema: enough for MCP's messages, and shaped so that every
// mismatch can be explained to a beginner.
type shape struct {
	types  jtype
	fields []field // objects: known members
	open   bool    // objects: members not in fields are free (schema.ts: an index signature)
	values *shape  // objects: the shape of every member not in fields (a map)
	items  *shape  // arrays: the shape of every item

	enum     []string // strings: allowed values
	enumCode string   // code used when the value is not in enum ("" = mcp.field.enum)
	enumWarn bool     // an unknown value is only a warning

	min, max       float64
	hasMin, hasMax bool

	// disc and cases make a union of object shapes told apart by the string in
	// member disc (content blocks by "type", elicitation by "mode"…). def is used
	// when disc is absent; with def nil, disc is required.
	disc  string
	cases map[string]*shape
	def   *shape
	// pick chooses among object shapes by looking at the value (which keys it has).
	pick func(v *Value) *shape

	arrayCode string // code used when an array is given where an object is expected
	uri       bool   // strings: a URI, reported when it has no scheme or is a template not filled in
	lesson    string // lesson that teaches this part of the protocol
}

// field is one known member of an object shape.
type field struct {
	name        string
	sh          *shape
	req         bool
	missingCode string // code used when the field is missing ("" = mcp.field.missing)
}

func (s *shape) field(name string) *field {
	for i := range s.fields {
		if s.fields[i].name == name {
			return &s.fields[i]
		}
	}
	return nil
}

// Helpers to write shapes compactly.

func tstr() *shape      { return &shape{types: tStr} }
func tint() *shape      { return &shape{types: tInt} }
func tnum() *shape      { return &shape{types: tNum} }
func tbool() *shape     { return &shape{types: tBool} }
func tanything() *shape { return &shape{types: tAny, open: true} }
func turi() *shape      { return &shape{types: tStr, uri: true} }

func tenum(vals ...string) *shape { return &shape{types: tStr, enum: vals} }

func tunit() *shape { // a number between 0 and 1
	return &shape{types: tNum, min: 0, max: 1, hasMin: true, hasMax: true}
}

func tarr(items *shape) *shape { return &shape{types: tArr, items: items} }

// tobj is an object whose members the specification lists: a member not
// listed is reported, as a warning (a receiver ignores it; the specification
// closes no object), or as the required field it stands in for.
func tobj(fields ...field) *shape { return &shape{types: tObj, fields: fields} }

// topen is an object whose other members are free (_meta, arguments…): an
// index signature in schema.ts.
func topen(fields ...field) *shape { return &shape{types: tObj, fields: fields, open: true} }

// tmap is an object whose every member has the shape values.
func tmap(values *shape) *shape { return &shape{types: tObj, values: values} }

func opt(name string, sh *shape) field { return field{name: name, sh: sh} }
func req(name string, sh *shape) field { return field{name: name, sh: sh, req: true} }

func (s *shape) withLesson(l string) *shape { s.lesson = l; return s }

// plus returns a copy of s with more fields.
func (s *shape) plus(fields ...field) *shape {
	c := *s
	c.fields = append(append([]field(nil), s.fields...), fields...)
	return &c
}

// union of object shapes by discriminator.
func tunion(disc string, cases map[string]*shape) *shape {
	return &shape{types: tObj, disc: disc, cases: cases}
}
