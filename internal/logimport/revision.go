package logimport

import (
	"encoding/json"
	"regexp"

	"github.com/mcpplayground/playground/internal/grader"
)

// codeRevisionUnknown is a handshake that names a revision no one
// published: the nearest known one is used instead.
const codeRevisionUnknown = "log.revision-unknown"

var dateLike = regexp.MustCompile(`^\d{4}-\d\d-\d\d$`)

// negotiate finds the revision the log's (first) handshake settles on:
// the initialize result's protocolVersion, or the request's when no result
// is in the log. It is kept in Result.Revision so that a log holding only
// the result (it starts with the server's answer) is judged by it; a date
// that names no published revision is a problem, and the nearest known
// revision is used.
func (r *reader) negotiate() {
	asked, line, entry := "", 0, -1
	for i, e := range r.res.Entries {
		v, isResult := handshakeVersion(e.Raw)
		if v == "" {
			continue
		}
		if isResult {
			asked, line, entry = v, e.Line, i
			break
		}
		if asked == "" {
			asked, line, entry = v, e.Line, i
		}
	}
	switch {
	case asked == "":
	case grader.JudgedRevision(asked):
		r.res.Revision = asked
	case dateLike.MatchString(asked):
		r.res.Revision = grader.NearestRevision(asked)
		r.problem(codeRevisionUnknown, line, entry, asked+" → "+r.res.Revision)
	}
}

// handshakeVersion is the protocolVersion an initialize request proposes
// or an initialize result settles on ("" for any other message).
func handshakeVersion(raw []byte) (string, bool) {
	var m struct {
		Method string `json:"method"`
		Params struct {
			ProtocolVersion string `json:"protocolVersion"`
		} `json:"params"`
		Result *struct {
			ProtocolVersion string          `json:"protocolVersion"`
			ServerInfo      json.RawMessage `json:"serverInfo"`
		} `json:"result"`
	}
	if json.Unmarshal(raw, &m) != nil {
		return "", false
	}
	if m.Method == "initialize" {
		return m.Params.ProtocolVersion, false
	}
	if m.Result != nil && m.Result.ServerInfo != nil {
		return m.Result.ProtocolVersion, true
	}
	return "", false
}
