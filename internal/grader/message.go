package grader

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"strconv"
)

// The JSON-RPC words every package of the playground uses for a message: who
// sent it (Sender), what a receiver reads it as (Kind, in grader.go), the
// key of its id (IDKey), and its envelope (ReadEnvelope). They are defined
// here once; a test (vocabulary_test.go) fails when another package defines
// its own.

// Sender is who sent a message: SenderClient, SenderServer, or SenderUnknown
// when the source cannot tell. It is a string so that the records of every
// source (the console, a log, a server check) carry it as written.
type Sender = string

// Senders.
const (
	SenderClient  Sender = "client"
	SenderServer  Sender = "server"
	SenderUnknown Sender = ""
)

// IDKey is a message's id (or a progress token) as a map key: two spellings
// of one value are one key ("a" and "\u0061"; 1, 1.0 and 1e0), a string and
// a number never are ("1" is not 1). The zero IDKey is no id (absent, null,
// or neither a string nor a number). Long strings are keyed by their hash.
type IDKey struct {
	kind byte // 'n' number, 's' string, 'h' hash of a long string; 0 none
	s    string
}

// IsZero reports whether k is no id.
func (k IDKey) IsZero() bool { return k.kind == 0 }

// String is the key as one text: a number as a number, a string quoted, a
// long string as its hash; "" for no id. Two keys are equal exactly when
// their texts are.
func (k IDKey) String() string {
	switch k.kind {
	case 'n':
		return k.s
	case 's':
		return strconv.Quote(k.s)
	case 'h':
		return "#" + hex.EncodeToString([]byte(k.s))
	}
	return ""
}

// IDKeyOf is the key of an id as written in a message (raw JSON); the zero
// IDKey when raw is not a string or a number.
func IDKeyOf(raw []byte) IDKey {
	raw = bytes.TrimSpace(raw)
	switch FirstByte(raw) {
	case '"':
		if i := bytes.IndexByte(raw[1:], '"'); i == len(raw)-2 && bytes.IndexByte(raw, '\\') < 0 && json.Valid(raw) {
			return stringKey(string(raw[1 : len(raw)-1]))
		}
		var s string
		if json.Unmarshal(raw, &s) != nil {
			return IDKey{}
		}
		return stringKey(s)
	case '-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
		if !json.Valid(raw) {
			return IDKey{}
		}
		if plainInteger(string(raw)) {
			return IDKey{kind: 'n', s: string(raw)}
		}
		f, err := strconv.ParseFloat(string(raw), 64)
		if err != nil {
			return IDKey{}
		}
		return numberKey(f)
	}
	return IDKey{}
}

func stringKey(s string) IDKey {
	if len(s) > maxKeyLen {
		h := sha256.Sum256([]byte(s))
		return IDKey{kind: 'h', s: string(h[:])}
	}
	return IDKey{kind: 's', s: s}
}

func numberKey(f float64) IDKey {
	if f == float64(int64(f)) {
		return IDKey{kind: 'n', s: strconv.FormatInt(int64(f), 10)}
	}
	return IDKey{kind: 'n', s: strconv.FormatFloat(f, 'g', -1, 64)}
}

// Members are the JSON-RPC members of a message, raw as written (nil when
// absent).
type Members struct {
	JSONRPC json.RawMessage `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Method  json.RawMessage `json:"method"`
	Params  json.RawMessage `json:"params"`
	Result  json.RawMessage `json:"result"`
	Error   json.RawMessage `json:"error"`
}

// ReadMembers decodes the members of a JSON object (the error is
// json.Unmarshal's: a syntax error, or a *json.UnmarshalTypeError for
// JSON that is not an object).
func ReadMembers(raw []byte) (Members, error) {
	var m Members
	err := json.Unmarshal(raw, &m)
	return m, err
}

// Envelope is what a receiver reads of a message before its method's
// rules: its kind, method and id, and the id a cancellation names.
type Envelope struct {
	Kind   Kind
	Method string
	ID     json.RawMessage // compact, as written; nil when none is readable
	Key    IDKey           // the id's key; zero when none
	// NullID is an error response with id null (or none): it answers a
	// message whose id its sender could not read.
	NullID bool
	// Cancels is the key of params.requestId on notifications/cancelled.
	Cancels   IDKey
	ErrorCode string // error.code as written, on an error response
}

// FirstByte is the first byte of b that is not JSON white space (0 when
// there is none): what kind of JSON value b holds, read without parsing it.
func FirstByte(b []byte) byte {
	for _, c := range b {
		switch c {
		case ' ', '\t', '\n', '\r':
			continue
		}
		return c
	}
	return 0
}
