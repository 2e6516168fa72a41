package mockserver

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/mcpplayground/playground/internal/grader"
	"strconv"
	"sync"
)

// JSON-RPC and MCP error codes the server answers with.
const (
	CodeParseError                 = -32700
	CodeInvalidRequest             = -32600
	CodeMethodNotFound             = -32601
	CodeInvalidParams              = -32602
	CodeInternalError              = -32603
	CodeResourceNotFound           = -32002 // 2025-06-18 and 2025-11-25
	CodeHeaderMismatch             = -32020 // 2026-07-28, HTTP only
	CodeMissingClientCapability    = -32021 // 2026-07-28
	CodeUnsupportedProtocolVersion = -32022 // 2026-07-28
)

// message is one decoded JSON-RPC message. Raw values are kept as written so
// that an id is echoed byte for byte.
type message struct {
	kind   grader.Kind     // an error response is a response here
	id     json.RawMessage // requests and responses
	method string          // requests and notifications
	params json.RawMessage // nil when absent
	result json.RawMessage // responses
	errObj json.RawMessage // error responses
	raw    []byte
	// rep and rd are the judge's report on raw (by the default revision,
	// in English) and its reading (parseMessage): the members above and
	// the params' objects come from rd.
	rep grader.Report
	rd  grader.Reading

	// The params, decoded once for every reader of them (decodedParams).
	decoded  bool
	p        params
	paramErr *rpcError
}

// decodedParams is decodeParams(m.params), decoded on first use.
func (m *message) decodedParams() (params, *rpcError) {
	if !m.decoded {
		m.p, m.paramErr = decodeParams(m.params, &m.rd)
		m.decoded = true
	}
	return m.p, m.paramErr
}

// idKey is the map key of a request id, as the judge keys ids: 1 and "1"
// differ, "a" and "\u0061" do not. The judge's reading has it.
func (m *message) idKey() string {
	if len(m.id) > 0 && len(m.rd.ID) == len(m.id) && &m.rd.ID[0] == &m.id[0] {
		return m.rd.Key.String()
	}
	return grader.IDKeyOf(m.id).String()
}

type envelope = grader.Members

// rpcError is a JSON-RPC error object. Data is marshalled as given.
type rpcError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
	Data    any    `json:"data,omitempty"`
	// explain asks the session to add the checker's diagnostics to Data.
	explain bool
	// format and args are what newError built Message from, so a session
	// can write it in its language (french.go).
	format string
	args   []any
	// judged is the checker's code that refused the message (strict.go):
	// the session says that diagnostic's message, in its language.
	judged string
}

func (e *rpcError) Error() string { return fmt.Sprintf("%d %s", e.Code, e.Message) }

func newError(code int, format string, args ...any) *rpcError {
	return &rpcError{Code: code, Message: fmt.Sprintf(format, args...), explain: true, format: format, args: args}
}

var nullID = json.RawMessage("null")

// parseMessage judges one message and decodes it from what the judge read
// (grader.CheckRead), so that it is read once. On failure it returns the
// error to answer and, when the id could be read, the message with that id
// set. It is as strict as the judge (strict.go): what encoding/json would
// let through but the checker calls an error is refused. The message's
// members alias raw: the caller hands raw over and never writes to it
// again (Handle and the console pass a copy).
func parseMessage(raw []byte) (*message, *rpcError) {
	m := &message{raw: raw, kind: grader.KindInvalid}
	m.rep = grader.CheckRead(raw, grader.Options{Sender: grader.SenderClient}, &m.rd)
	if rpcErr := m.decode(); rpcErr != nil {
		return m, rpcErr
	}
	return m, judgeMessage(m, m.rep)
}

// decode reads the envelope of m.raw as encoding/json sees it, from the
// judge's reading m.rd when it has one.
func (m *message) decode() *rpcError {
	env, rpcErr := decodeEnvelope(m.raw, &m.rd)
	if rpcErr != nil {
		return rpcErr
	}
	m.id = readableID(env.ID)
	if rpcErr := checkVersion(env.JSONRPC); rpcErr != nil {
		return rpcErr
	}
	hasID := len(env.ID) > 0
	if len(env.Method) == 0 && (len(env.Result) > 0 || len(env.Error) > 0) {
		// A response, even a malformed one, is never answered: replies
		// to replies would loop. The console shows the checker's report.
		m.kind = grader.KindResponse
		if len(env.Error) > 0 && len(env.Result) == 0 && m.id == nil && (!hasID || bytes.Equal(bytes.TrimSpace(env.ID), nullID)) {
			// An error about a message whose id the client could not read.
			m.errObj = env.Error
			return nil
		}
	}
	if hasID && m.id == nil {
		if bytes.Equal(bytes.TrimSpace(env.ID), nullID) {
			return newError(CodeInvalidRequest, `Invalid Request: "id" must not be null in MCP; use a string or an integer`)
		}
		return newError(CodeInvalidRequest, `Invalid Request: "id" must be a string or an integer`)
	}
	if len(env.Method) > 0 {
		return parseCall(m, &env, hasID)
	}
	if len(env.Result) > 0 || len(env.Error) > 0 {
		return parseResponse(m, &env, hasID)
	}
	return newError(CodeInvalidRequest, `Invalid Request: the message has no "method" (request or notification) and no "result" or "error" (response)`)
}

// decodeEnvelope reads the message's members, refusing batches and what
// is not a JSON object. They are the judge's reading of an object; what the
// judge has no reading of (a text it calls broken, refused whatever its
// envelope) or is no object is read by encoding/json, so that the error
// answering it is the one encoding/json's reading leads to.
func decodeEnvelope(raw []byte, rd *grader.Reading) (envelope, *rpcError) {
	switch first := grader.FirstByte(raw); {
	case first == '[':
		if !rd.OK && !json.Valid(raw) {
			return envelope{}, newError(CodeParseError, "Parse error: the message is not valid JSON")
		}
		return envelope{}, newError(CodeInvalidRequest, "Invalid Request: JSON-RPC batches are not supported since MCP 2025-06-18; send one message at a time")
	case first == '{' && rd.OK:
		return rd.Members, nil
	}
	env, err := grader.ReadMembers(raw)
	if err != nil {
		var typeErr *json.UnmarshalTypeError
		if errors.As(err, &typeErr) {
			return env, newError(CodeInvalidRequest, "Invalid Request: a JSON-RPC message must be a JSON object")
		}
		return env, newError(CodeParseError, "Parse error: the message is not valid JSON")
	}
	return env, nil
}

// readableID returns the id when it is a string or a number, nil
// otherwise.
func readableID(id json.RawMessage) json.RawMessage {
	if len(id) == 0 {
		return nil
	}
	switch grader.FirstByte(id) {
	case '"', '-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
		return id
	}
	return nil
}

// checkVersion requires "jsonrpc": "2.0".
func checkVersion(v json.RawMessage) *rpcError {
	if bytes.Equal(bytes.TrimSpace(v), []byte(`"2.0"`)) {
		return nil
	}
	if len(v) == 0 {
		return newError(CodeInvalidRequest, `Invalid Request: "jsonrpc" is missing; it must be "2.0"`)
	}
	return newError(CodeInvalidRequest, `Invalid Request: "jsonrpc" must be the string "2.0"`)
}

// parseCall reads a request or a notification.
func parseCall(m *message, env *envelope, hasID bool) *rpcError {
	method, ok := methodOf(env, &m.rd)
	if !ok {
		return newError(CodeInvalidRequest, `Invalid Request: "method" must be a string`)
	}
	if len(env.Result) > 0 || len(env.Error) > 0 {
		return newError(CodeInvalidRequest, `Invalid Request: a message with "method" must not carry "result" or "error"`)
	}
	m.method = method
	if p := bytes.TrimSpace(env.Params); len(p) > 0 {
		// params: null is not an object; keep it so the method sees it.
		m.params = p
	}
	if hasID {
		m.kind = grader.KindRequest
	} else {
		m.kind = grader.KindNotification
	}
	return nil
}

// methodOf is the method's text, when it is a JSON string: the judge's
// reading of it, or encoding/json's of a text the judge has no reading of.
func methodOf(env *envelope, rd *grader.Reading) (string, bool) {
	if rd.OK {
		return rd.Method, grader.FirstByte(env.Method) == '"'
	}
	var method string
	err := json.Unmarshal(env.Method, &method)
	return method, err == nil
}

// parseResponse reads a response: an id, and result or error.
func parseResponse(m *message, env *envelope, hasID bool) *rpcError {
	if !hasID {
		return newError(CodeInvalidRequest, `Invalid Request: a response must carry the "id" of the request it answers`)
	}
	if len(env.Result) > 0 && len(env.Error) > 0 {
		return newError(CodeInvalidRequest, `Invalid Request: a response carries "result" or "error", never both`)
	}
	m.kind = grader.KindResponse
	m.result = env.Result
	m.errObj = env.Error
	return nil
}

// encPool reuses buffers for marshalling replies without HTML escaping, so
// learners read "<" and "&" as they wrote them.
var encPool = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// marshal encodes v as compact JSON without HTML escaping.
func marshal(v any) []byte {
	buf := encPool.Get().(*bytes.Buffer)
	buf.Reset()
	enc := json.NewEncoder(buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		encPool.Put(buf)
		// Every value the server builds is encodable; this is a bug.
		panic(fmt.Sprintf("mockserver: encoding a reply: %v", err))
	}
	out := bytes.Clone(bytes.TrimSuffix(buf.Bytes(), []byte("\n")))
	encPool.Put(buf)
	return out
}

// resultReply builds {"jsonrpc":"2.0","id":…,"result":…}.
func resultReply(id json.RawMessage, result any) []byte {
	res, ok := result.(json.RawMessage)
	if !ok {
		res = marshal(result)
	}
	out := make([]byte, 0, len(id)+len(res)+32)
	out = append(out, `{"jsonrpc":"2.0","id":`...)
	out = append(out, id...)
	out = append(out, `,"result":`...)
	out = append(out, res...)
	return append(out, '}')
}

// errorReply builds {"jsonrpc":"2.0","id":…,"error":…}. A nil id, for a
// message whose id could not be read, is left out, as the 2025-11-25 and
// 2026-07-28 schemas have it (id optional, never null); 2025-06-18 sessions
// pass nullID (JSON-RPC 2.0's null, which its schema cannot express).
func errorReply(id json.RawMessage, e *rpcError) []byte {
	body := marshal(e)
	if id == nil {
		out := make([]byte, 0, len(body)+32)
		out = append(out, `{"jsonrpc":"2.0","error":`...)
		out = append(out, body...)
		return append(out, '}')
	}
	out := make([]byte, 0, len(id)+len(body)+32)
	out = append(out, `{"jsonrpc":"2.0","id":`...)
	out = append(out, id...)
	out = append(out, `,"error":`...)
	out = append(out, body...)
	return append(out, '}')
}

// notification builds {"jsonrpc":"2.0","method":…,"params":…}.
func notification(method string, params any) []byte {
	p := marshal(params)
	out := make([]byte, 0, len(method)+len(p)+40)
	out = append(out, `{"jsonrpc":"2.0","method":`...)
	out = strconv.AppendQuote(out, method)
	out = append(out, `,"params":`...)
	out = append(out, p...)
	return append(out, '}')
}

// request builds {"jsonrpc":"2.0","id":…,"method":…,"params":…}.
func request(id json.RawMessage, method string, params any) []byte {
	p := marshal(params)
	out := make([]byte, 0, len(method)+len(p)+48)
	out = append(out, `{"jsonrpc":"2.0","id":`...)
	out = append(out, id...)
	out = append(out, `,"method":`...)
	out = strconv.AppendQuote(out, method)
	out = append(out, `,"params":`...)
	out = append(out, p...)
	return append(out, '}')
}
