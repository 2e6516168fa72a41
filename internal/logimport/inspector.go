package logimport

import (
	"github.com/mcpplayground/playground/internal/i18n"

	"encoding/json"
	"github.com/mcpplayground/playground/internal/grader"
	"time"
)

// inspectorEntry is one entry of MCP Inspector's protocol export (its
// MessageEntry type): a message with its direction and, for a request the
// Inspector saw answered, the response folded in.
type inspectorEntry struct {
	Timestamp   string          `json:"timestamp"`
	Direction   string          `json:"direction"` // request, response, notification
	Origin      string          `json:"origin"`    // client or server; absent in older exports
	Message     json.RawMessage `json:"message"`
	Response    json.RawMessage `json:"response"`
	Duration    float64         `json:"duration"` // milliseconds from the request to its response
	ClientError string          `json:"clientError"`
	// Older Inspectors kept their history as {request, response} strings.
	Request json.RawMessage `json:"request"`
}

// inspector reads MCP Inspector's exported protocol history.
func (r *reader) inspector(src []byte) error {
	elems, err := arrayElements(src)
	if err != nil && len(elems) == 0 {
		return err
	}
	for _, el := range elems {
		if r.full() {
			break
		}
		n := lineAt(src, el.off)
		var ie inspectorEntry
		if json.Unmarshal(el.raw, &ie) != nil {
			r.problem(codeUnknownWrapper, n, -1, string(el.raw))
			continue
		}
		r.inspectorEntry(n, ie)
	}
	if err != nil {
		r.problem(codeTruncated, lineAt(src, len(src)), -1, "")
	}
	return nil
}

// inspectorEntry adds the message of one entry, then its folded response.
func (r *reader) inspectorEntry(n int, ie inspectorEntry) {
	msg, resp := payload(ie.Message), payload(ie.Response)
	if msg == nil {
		msg, resp = payload(ie.Request), payload(ie.Response)
	}
	if msg == nil {
		r.problem(codeUnknownWrapper, n, -1, "")
		return
	}
	at := parseTime(ie.Timestamp)
	from := senderOf(ie.Origin)
	if !r.add(Entry{Line: n, From: from, Raw: msg, Time: at}) || resp == nil {
		return
	}
	if !at.IsZero() && ie.Duration > 0 {
		at = at.Add(time.Duration(ie.Duration * float64(time.Millisecond)))
	}
	if r.add(Entry{Line: n, From: other(from), Raw: resp, Time: at}) && ie.ClientError != "" {
		r.problem(codeClientRejected, n, r.last(), ie.ClientError)
	}
}

// payload is a message given as JSON, or as a string holding JSON.
func payload(v json.RawMessage) []byte {
	if len(v) == 0 || string(v) == "null" {
		return nil
	}
	if v[0] == '"' {
		var s string
		if json.Unmarshal(v, &s) != nil || s == "" {
			return nil
		}
		return []byte(s)
	}
	return v
}

// other is the side that answers a message sent by from ("" stays "").
func other(from string) string {
	switch from {
	case grader.SenderClient:
		return grader.SenderServer
	case grader.SenderServer:
		return grader.SenderClient
	}
	return ""
}

func init() {
	register(Spec{Name: FormatInspector, rank: 20,
		Label: map[i18n.Lang]string{i18n.EN: "MCP Inspector (saved history)", i18n.FR: "MCP Inspector (historique enregistré)"},
		Sample: `[{"timestamp": "2025-06-01T10:00:00.000Z", "direction": "request", "origin": "client",
  "message": {"jsonrpc": "2.0", "id": 1, "method": "tools/list"}, "response": {…}}]`,
		detect: func(s *sniff) bool { return len(s.text) > 0 && s.text[0] == '[' && isInspector(s.text) },
		read:   (*reader).inspector})
}

// isInspector reports whether t is an array of Inspector history entries.
func isInspector(t []byte) bool {
	var entries []map[string]json.RawMessage
	if json.Unmarshal(t, &entries) != nil || len(entries) == 0 {
		return false
	}
	_, dir := entries[0]["direction"]
	_, msg := entries[0]["message"]
	_, req := entries[0]["request"]
	return (dir && msg) || req
}
