package logimport

import (
	"bytes"
	"encoding/json"
	"regexp"
	"strconv"
	"unicode/utf8"
)

// The Python SDK's debug logs print a message as its pydantic object, not
// as JSON:
//
//	Sending client message: root=JSONRPCRequest(method='initialize', params={'protocolVersion': …}, jsonrpc='2.0', id=0)
//	Sending message via SSE: SessionMessage(message=JSONRPCMessage(root=JSONRPCResponse(jsonrpc='2.0', id=0, result={…})), metadata=None)
//
// The four JSON-RPC objects hold the message's members as they are on the
// wire (params and result are plain dicts of the JSON), so they are read
// back into the JSON the SDK sent: a keyword set to None is a member the
// SDK leaves out, a None inside a dict is a JSON null. Anything else (a
// typed model such as ListToolsRequest(...), whose fields are Python
// names with defaults, or Rust's Debug output, Request { id: … }) cannot
// be read back honestly: the line is named an SDK object (ContextSDKObject)
// instead of being guessed at.

// pyStart finds where a printed JSON-RPC object starts.
var pyStart = regexp.MustCompile(`\b(?:SessionMessage|JSONRPCMessage|JSONRPCRequest|JSONRPCNotification|JSONRPCResponse|JSONRPCError)\(`)

// sdkObject matches the other objects an SDK prints for a message: a
// pydantic model's repr, a Rust struct's Debug (on one line, or pretty
// over several: `JsonRpcRequest {` last on its line), and what Node's
// util.inspect prints of an object a program built from it (mcp-remote's
// "Local → Remote message { method: 'tools/list', id: 2, params:
// undefined }", which has no jsonrpc member).
var sdkObject = regexp.MustCompile(`\b(?:[A-Z][A-Za-z0-9]*)?(?:Request|Notification|Response|Result|Message|Error|Params)(?:\((?:root|method|id|jsonrpc|meta|params|name)=| ?\{ ?[a-z_]+: | \{\s*$)|\bmessage \{ (?:method|id|jsonrpc|result|error): `)

// pyMessage reads the first JSON-RPC message printed as a Python object in
// t: where it starts, and its JSON.
func pyMessage(t []byte) (int, []byte, bool) {
	loc := pyStart.FindIndex(t)
	if loc == nil {
		return -1, nil, false
	}
	p := &pyParser{src: t, at: loc[0]}
	var out bytes.Buffer
	if !p.message(&out) {
		return -1, nil, false
	}
	return loc[0], out.Bytes(), true
}

// pyParser reads Python's repr of the SDK's objects.
type pyParser struct {
	src []byte
	at  int
}

// message reads one of the JSON-RPC objects, through the wrappers the
// SDK puts around it, and writes its JSON.
func (p *pyParser) message(out *bytes.Buffer) bool {
	name := p.ident()
	if !p.eat('(') {
		return false
	}
	switch name {
	case "SessionMessage", "JSONRPCMessage":
		want := map[string]string{"SessionMessage": "message", "JSONRPCMessage": "root"}[name]
		if p.ident() != want || !p.eat('=') || !p.message(out) {
			return false
		}
		return p.skipRest()
	case "JSONRPCRequest", "JSONRPCNotification", "JSONRPCResponse", "JSONRPCError":
		return p.call(out)
	}
	return false
}

// call reads keyword arguments up to ")" as a JSON object; None is a
// member left out.
func (p *pyParser) call(out *bytes.Buffer) bool {
	out.WriteByte('{')
	first := true
	for {
		p.space()
		if p.eat(')') {
			out.WriteByte('}')
			return true
		}
		if !first && !p.eat(',') {
			return false
		}
		p.space()
		if p.eat(')') { // a trailing comma
			out.WriteByte('}')
			return true
		}
		key := p.ident()
		if key == "" || !p.eat('=') {
			return false
		}
		p.space()
		if p.word("None") {
			first = false
			continue
		}
		if !first {
			out.WriteByte(',')
		}
		first = false
		writeJSONString(out, key)
		out.WriteByte(':')
		if !p.value(out) {
			return false
		}
	}
}

// value reads a dict, list, tuple, string, number, True, False, None, or
// the SDK's ErrorData(...), as JSON.
func (p *pyParser) value(out *bytes.Buffer) bool {
	p.space()
	if p.at >= len(p.src) {
		return false
	}
	switch c := p.src[p.at]; {
	case c == '{':
		p.at++
		return p.items(out, '}', true)
	case c == '[':
		p.at++
		return p.items(out, ']', false)
	case c == '(':
		p.at++
		return p.items(out, ')', false)
	case c == '\'' || c == '"':
		s, ok := p.str()
		if ok {
			writeJSONString(out, s)
		}
		return ok
	case c == '-' || c >= '0' && c <= '9':
		return p.number(out)
	}
	for _, w := range [][2]string{{"True", "true"}, {"False", "false"}, {"None", "null"}} {
		if p.word(w[0]) {
			out.WriteString(w[1])
			return true
		}
	}
	if p.ident() == "ErrorData" && p.eat('(') {
		return p.call(out)
	}
	return false
}

// items reads the items of a dict (key: value) or a list up to end.
func (p *pyParser) items(out *bytes.Buffer, end byte, dict bool) bool {
	open, close := byte('['), byte(']')
	if dict {
		open, close = '{', '}'
	}
	out.WriteByte(open)
	for i := 0; ; i++ {
		p.space()
		if p.eat(end) {
			out.WriteByte(close)
			return true
		}
		if i > 0 {
			if !p.eat(',') {
				return false
			}
			p.space()
			if p.eat(end) {
				out.WriteByte(close)
				return true
			}
			out.WriteByte(',')
		}
		if dict {
			k, ok := p.str()
			if !ok {
				return false // a key that is no string has no JSON
			}
			writeJSONString(out, k)
			p.space()
			if !p.eat(':') {
				return false
			}
			out.WriteByte(':')
		}
		if !p.value(out) {
			return false
		}
	}
}

// str reads a Python string literal: quotes, and the escapes repr writes.
func (p *pyParser) str() (string, bool) {
	if p.at >= len(p.src) || p.src[p.at] != '\'' && p.src[p.at] != '"' {
		return "", false
	}
	q := p.src[p.at]
	p.at++
	var b []byte
	for p.at < len(p.src) {
		c := p.src[p.at]
		switch {
		case c == q:
			p.at++
			return string(b), utf8.Valid(b)
		case c == '\\' && p.at+1 < len(p.src):
			r, n, ok := pyEscape(p.src[p.at+1:])
			if !ok {
				return "", false
			}
			b = utf8.AppendRune(b, r)
			p.at += 1 + n
		default:
			b = append(b, c)
			p.at++
		}
	}
	return "", false
}

var pySimple = map[byte]rune{'\\': '\\', '\'': '\'', '"': '"', 'n': '\n', 'r': '\r', 't': '\t', 'b': '\b', 'f': '\f', '0': 0}

// pyEscape reads the escape after a backslash: the rune and its length.
func pyEscape(t []byte) (rune, int, bool) {
	if r, ok := pySimple[t[0]]; ok {
		return r, 1, true
	}
	digits := map[byte]int{'x': 2, 'u': 4, 'U': 8}[t[0]]
	if digits == 0 || len(t) < 1+digits {
		return 0, 0, false
	}
	v, err := strconv.ParseUint(string(t[1:1+digits]), 16, 32)
	if err != nil || !utf8.ValidRune(rune(v)) {
		return 0, 0, false
	}
	return rune(v), 1 + digits, true
}

// number reads an int or a float as JSON writes it.
func (p *pyParser) number(out *bytes.Buffer) bool {
	start := p.at
	for p.at < len(p.src) && bytes.IndexByte([]byte("+-.0123456789eE"), p.src[p.at]) >= 0 {
		p.at++
	}
	n := p.src[start:p.at]
	if !json.Valid(n) {
		return false
	}
	out.Write(n)
	return true
}

// skipRest passes the wrapper's other arguments (metadata=None) up to its
// ")".
func (p *pyParser) skipRest() bool {
	for depth := 0; p.at < len(p.src); p.at++ {
		switch p.src[p.at] {
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			if depth == 0 {
				p.at++
				return true
			}
			depth--
		case '\'', '"':
			if _, ok := p.str(); !ok {
				return false
			}
			p.at--
		}
	}
	return false
}

func (p *pyParser) ident() string {
	start := p.at
	for p.at < len(p.src) {
		c := p.src[p.at]
		if c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || p.at > start && c >= '0' && c <= '9' {
			p.at++
			continue
		}
		break
	}
	return string(p.src[start:p.at])
}

// word reads w when it is there as a whole word.
func (p *pyParser) word(w string) bool {
	if !bytes.HasPrefix(p.src[p.at:], []byte(w)) {
		return false
	}
	if end := p.at + len(w); end < len(p.src) && (p.src[end] == '_' || p.src[end] >= 'a' && p.src[end] <= 'z' || p.src[end] >= 'A' && p.src[end] <= 'Z') {
		return false
	}
	p.at += len(w)
	return true
}

func (p *pyParser) eat(c byte) bool {
	if p.at < len(p.src) && p.src[p.at] == c {
		p.at++
		return true
	}
	return false
}

func (p *pyParser) space() {
	for p.at < len(p.src) && (p.src[p.at] == ' ' || p.src[p.at] == '\t') {
		p.at++
	}
}

// writeJSONString writes s as a JSON string, HTML characters as they are.
func writeJSONString(out *bytes.Buffer, s string) {
	enc := json.NewEncoder(out)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s)           // a string always encodes
	out.Truncate(out.Len() - 1) // the newline Encode adds
}
