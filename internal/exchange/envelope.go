package exchange

import (
	"bytes"
	"encoding/json"
	"math"
	"strconv"
)

// Kinds of message, as a receiver reads them (grader.Kind's words).
const (
	KindRequest      = "request"
	KindNotification = "notification"
	KindResponse     = "response"
	KindError        = "error" // an error response
	KindInvalid      = "invalid"
)

// envelope is what the exchange reads of a message to place it: its kind,
// method and id, and the params field that pairs a cancellation. The
// checker reads the rest.
type envelope struct {
	kind   string
	method string
	id     json.RawMessage // compact, as written; nil when none is readable
	key    string          // the id's pairing key ("" when none)
	// nullID is an error response with id null: it answers a message
	// whose id its sender could not read.
	nullID bool
	// cancelKey is the pairing key of params.requestId on
	// notifications/cancelled.
	cancelKey string
	errCode   string // error.code as written
}

type rawEnvelope struct {
	JSONRPC json.RawMessage `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Method  json.RawMessage `json:"method"`
	Params  json.RawMessage `json:"params"`
	Result  json.RawMessage `json:"result"`
	Error   json.RawMessage `json:"error"`
}

// readEnvelope reads raw as a receiver would: a JSON object with
// "jsonrpc": "2.0" and either a string method (a request when it has an
// id, else a notification) or a result or error (a response). Anything
// else is invalid, with its id when one can be read, so that the error
// answering it pairs with it.
func readEnvelope(raw []byte) envelope {
	var env rawEnvelope
	var e envelope
	e.kind = KindInvalid
	if firstByte(raw) != '{' || json.Unmarshal(raw, &env) != nil {
		return e
	}
	if k, ok := idKey(env.ID); ok {
		e.id, e.key = compact(env.ID), k
	}
	if !bytes.Equal(bytes.TrimSpace(env.JSONRPC), []byte(`"2.0"`)) {
		return e
	}
	hasMethod := len(env.Method) > 0
	hasReply := len(env.Result) > 0 || len(env.Error) > 0
	switch {
	case hasMethod && !hasReply:
		if json.Unmarshal(env.Method, &e.method) != nil {
			return e
		}
		e.readParams(env.Params, len(env.ID) > 0)
	case !hasMethod && hasReply && len(env.Error) > 0 && len(env.Result) == 0 && (len(env.ID) == 0 || isNull(env.ID)):
		e.kind, e.nullID = KindError, true
		e.errCode = errorCode(env.Error)
	case !hasMethod && hasReply && e.key != "":
		e.kind = KindResponse
		if len(env.Error) > 0 {
			e.kind = KindError
			e.errCode = errorCode(env.Error)
		}
	}
	return e
}

// readParams sets the kind of a request or notification, and what a
// cancellation's params name.
func (e *envelope) readParams(params json.RawMessage, hasID bool) {
	switch {
	case hasID && e.key == "":
		return // an id that is neither a string nor a number: invalid
	case hasID:
		e.kind = KindRequest
	default:
		e.kind = KindNotification
	}
	if e.method != "notifications/cancelled" || firstByte(params) != '{' {
		return
	}
	var p struct {
		RequestID json.RawMessage `json:"requestId"`
	}
	if json.Unmarshal(params, &p) == nil {
		e.cancelKey, _ = idKey(p.RequestID)
	}
}

func errorCode(raw json.RawMessage) string {
	var v struct {
		Code json.Number `json:"code"`
	}
	if json.Unmarshal(raw, &v) != nil {
		return ""
	}
	return v.Code.String()
}

// idKey is the pairing key of a JSON-RPC id: a string and a number never
// pair ("1" is not 1), and two spellings of one value do (1, 1.0 and 1e0;
// "a" and "\u0061"). ok is false for anything else (null, objects, …).
func idKey(raw json.RawMessage) (string, bool) {
	switch firstByte(raw) {
	case '"':
		var s string
		if json.Unmarshal(raw, &s) != nil {
			return "", false
		}
		return "s" + s, true
	case '-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
		t := string(bytes.TrimSpace(raw))
		if n, err := strconv.ParseInt(t, 10, 64); err == nil {
			return "n" + strconv.FormatInt(n, 10), true
		}
		f, err := strconv.ParseFloat(t, 64)
		if err != nil && !json.Valid(raw) {
			return "", false
		}
		if f == math.Trunc(f) && math.Abs(f) < 1<<53 {
			return "n" + strconv.FormatInt(int64(f), 10), true
		}
		return "n" + t, true
	}
	return "", false
}

func isNull(raw json.RawMessage) bool { return bytes.Equal(bytes.TrimSpace(raw), []byte("null")) }

func firstByte(b []byte) byte {
	for _, c := range b {
		switch c {
		case ' ', '\t', '\n', '\r':
			continue
		}
		return c
	}
	return 0
}

// compact is raw without insignificant space (raw itself when it is not
// JSON).
func compact(raw []byte) []byte {
	var b bytes.Buffer
	if json.Compact(&b, raw) != nil {
		return raw
	}
	return b.Bytes()
}
