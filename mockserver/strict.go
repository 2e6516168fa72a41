package mockserver

import (
	"strings"

	"github.com/mcpplayground/playground/internal/grader"
)

// One judge: the gift server refuses what the checker calls an error in a
// message's text and envelope, which encoding/json would let through: a
// member name in the wrong case ("JsonRpc", "ID", "METHOD": encoding/json
// matches names case-insensitively), a duplicate key (it keeps the last),
// text that is not UTF-8 (it would be echoed, making the reply invalid
// JSON), and an id that is not a string or an integer (1.5, 1e999999). The
// answer carries the checker's diagnostics in error.data, as
// /api/validate reports them, and its message is the checker's.

// judgedStrictly tells whether a code of the checker is one the server
// enforces itself: the JSON text's, a member name's case and the id's type.
func judgedStrictly(code string) bool {
	switch code {
	case "jsonrpc.field.wrong-case", "jsonrpc.id.type", "jsonrpc.id.fraction":
		return true
	}
	return strings.HasPrefix(code, "json.")
}

// judgeMessage refuses a message when the checker's report on it (rep,
// from parseMessage) has an error the server enforces. The id of a refused
// message is kept only when the checker had no objection to it.
func judgeMessage(m *message, rep grader.Report) *rpcError {
	for _, d := range rep.Diagnostics {
		if d.Severity != grader.SeverityError || !judgedStrictly(d.Code) {
			continue
		}
		e := &rpcError{Code: CodeInvalidRequest, Message: "Invalid Request: " + d.Message, explain: true, judged: d.Code}
		switch {
		case strings.HasPrefix(d.Code, "json."):
			e.Code, e.Message = CodeParseError, "Parse error: "+d.Message
			m.kind, m.id = grader.KindInvalid, nil
		case d.Code != "jsonrpc.field.wrong-case" || strings.EqualFold(d.Pointer, "/id"):
			m.id = nil
		}
		return e
	}
	return nil
}

// judgedMessage writes a refusal of the checker in the session's language,
// from the diagnostics explain found.
func judgedMessage(e *rpcError, diags []grader.Diagnostic, fr bool) string {
	for _, d := range diags {
		if d.Code != e.judged {
			continue
		}
		switch {
		case e.Code == CodeParseError && fr:
			return "Erreur d’analyse\u00a0: " + d.Message
		case e.Code == CodeParseError:
			return "Parse error: " + d.Message
		case fr:
			return "Requête invalide\u00a0: " + d.Message
		}
		return "Invalid Request: " + d.Message
	}
	return e.Message
}
