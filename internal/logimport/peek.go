package logimport

import (
	"bytes"
	"encoding/json"
)

// What a message is, as far as reading the log needs to know.
const (
	kindUnknown = iota
	kindRequest
	kindNotification
	kindResponse
)

// peeked is the little of a message that ordering and direction need.
type peeked struct {
	kind   int
	id     string // the id as written (1 and "1" differ), "" without one
	method string
	// token is the progress token a request asks for, or the one a
	// progress notification reports on; cancels the request id a
	// notifications/cancelled names.
	token, cancels string
}

// peek reads raw far enough to tell its kind, id and method; a message
// that does not parse is kindUnknown.
func peek(raw []byte) peeked {
	var m struct {
		ID     json.RawMessage `json:"id"`
		Method *string         `json:"method"`
		Result present         `json:"result"`
		Error  present         `json:"error"`
		Params struct {
			Meta struct {
				ProgressToken json.RawMessage `json:"progressToken"`
			} `json:"_meta"`
			ProgressToken json.RawMessage `json:"progressToken"`
			RequestID     json.RawMessage `json:"requestId"`
		} `json:"params"`
	}
	if json.Unmarshal(raw, &m) != nil {
		return peeked{}
	}
	p := peeked{id: canonicalID(m.ID), cancels: canonicalID(m.Params.RequestID),
		token: canonicalID(m.Params.Meta.ProgressToken)}
	if p.token == "" {
		p.token = canonicalID(m.Params.ProgressToken)
	}
	switch {
	case m.Method != nil && p.id != "":
		p.kind, p.method = kindRequest, *m.Method
	case m.Method != nil:
		p.kind, p.method = kindNotification, *m.Method
	case bool(m.Result) || bool(m.Error):
		p.kind = kindResponse
	}
	return p
}

// canonicalID is an id as a map key: a string keeps its quotes, so the
// number 1 and the string "1" stay two ids, as JSON-RPC says; null and a
// missing id give "".
func canonicalID(id json.RawMessage) string {
	id = bytes.TrimSpace(id)
	if len(id) == 0 || string(id) == "null" {
		return ""
	}
	var buf bytes.Buffer
	if json.Compact(&buf, id) != nil {
		return string(id)
	}
	return buf.String()
}

// protocolVersionOf is the protocolVersion of an initialize result, "" for
// any other message.
func protocolVersionOf(raw []byte) string {
	var m struct {
		Result struct {
			ProtocolVersion string `json:"protocolVersion"`
		} `json:"result"`
	}
	if json.Unmarshal(raw, &m) != nil {
		return ""
	}
	return m.Result.ProtocolVersion
}

// present is a member that is there, whatever its value (null included,
// as a json.RawMessage would say): the value is not copied, a result
// being most of a log's bytes.
type present bool

func (p *present) UnmarshalJSON([]byte) error {
	*p = true
	return nil
}
