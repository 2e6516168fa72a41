package mockserver

import (
	"bytes"
	"encoding/json"
	"fmt"
	"github.com/mcpplayground/playground/internal/grader"
	"strings"
)

// Mistake modes make the gift server commit one typical server mistake, on
// purpose: they are what `playground check-server` must catch (its tests run
// every server exercise against each of them), and what a console exercise
// can show ("which rule does this server break?"). Config.Mistake selects
// one; both transports get it, because the hooks sit in the Server and the
// Session, never in a transport (the stdout banner excepted: only stdio has
// a stdout).

// Mistake names a mistake mode.
type Mistake string

// The mistake modes.
const (
	MistakeNone                 Mistake = ""
	MistakeWrongID              Mistake = "wrong-id"
	MistakeResultAndError       Mistake = "result-and-error"
	MistakeNotificationWithID   Mistake = "notification-with-id"
	MistakeJSONRPCMissing       Mistake = "jsonrpc-missing"
	MistakeStdoutBanner         Mistake = "stdout-banner"
	MistakeBusinessAsProtocol   Mistake = "business-error-as-protocol-error"
	MistakeUnknownToolSuccess   Mistake = "unknown-tool-success"
	MistakeNoInputSchema        Mistake = "no-input-schema"
	MistakeUndeclaredCapability Mistake = "undeclared-capability"
	MistakeNoPingAnswer         Mistake = "no-ping-answer"
)

// MistakeInfo describes one mistake mode.
type MistakeInfo struct {
	Name        Mistake
	Description string
	StdioOnly   bool
}

// Mistakes lists the mistake modes, each with a sentence.
func Mistakes() []MistakeInfo {
	return []MistakeInfo{
		{MistakeWrongID, "Every reply carries an id the request did not have (the request's id with \"-reply\" added).", false},
		{MistakeResultAndError, "Every success reply also carries an \"error\" member: a response has result or error, never both.", false},
		{MistakeNotificationWithID, "Notifications the server sends (progress, log messages, list changed) carry an \"id\", which makes them requests.", false},
		{MistakeJSONRPCMissing, "Replies leave out \"jsonrpc\": \"2.0\".", false},
		{MistakeStdoutBanner, "A welcome banner is printed on stdout before the first message; stdout belongs to the protocol, logs go to stderr.", true},
		{MistakeBusinessAsProtocol, "A tool that fails (nothing fits the budget, wrong arguments) answers a JSON-RPC error instead of a result with isError: true.", false},
		{MistakeUnknownToolSuccess, "A call to an unknown tool is answered as a plain success, with neither an error nor isError.", false},
		{MistakeNoInputSchema, "tools/list describes the tools without their required inputSchema.", false},
		{MistakeUndeclaredCapability, "The server sends log messages (notifications/message) on every tool call without declaring the logging capability.", false},
		{MistakeNoPingAnswer, "ping is never answered.", false},
	}
}

// LookupMistake returns the mistake mode named name ("" is no mistake).
func LookupMistake(name string) (Mistake, error) {
	if name == "" {
		return MistakeNone, nil
	}
	for _, m := range Mistakes() {
		if string(m.Name) == name {
			return m.Name, nil
		}
	}
	return "", fmt.Errorf("unknown mistake %q: run playground mockserver -mistakes for the list", name)
}

// MistakeList is the text of `playground mockserver -mistakes`.
func MistakeList() string {
	var b strings.Builder
	b.WriteString("Mistake modes of the gift server (playground mockserver -stdio|-http ADDR -mistake NAME):\n")
	for _, m := range Mistakes() {
		desc := m.Description
		if m.StdioOnly {
			desc = strings.TrimSuffix(desc, ".") + " (stdio only)."
		}
		fmt.Fprintf(&b, "  %-34s %s\n", m.Name, desc)
	}
	return b.String()
}

func (s *Server) mistake() Mistake { return s.cfg.Mistake }

// misreply applies the mistake mode to the reply of a request.
func (s *Server) misreply(reply []byte) []byte {
	if reply == nil {
		return nil
	}
	switch s.mistake() {
	case MistakeWrongID:
		return wrongID(reply)
	case MistakeResultAndError:
		if !bytes.Contains(reply, []byte(`"result":`)) || !bytes.HasSuffix(reply, []byte("}")) {
			return reply
		}
		out := bytes.Clone(reply[:len(reply)-1])
		out = append(out, `,"error":{"code":-32603,"message":"Internal error"}`...)
		return append(out, '}')
	case MistakeJSONRPCMissing:
		return bytes.Replace(reply, []byte(`"jsonrpc":"2.0",`), nil, 1)
	}
	return reply
}

// wrongID rewrites the id of a reply built by resultReply or errorReply.
func wrongID(reply []byte) []byte {
	var env struct {
		ID json.RawMessage `json:"id"`
	}
	if json.Unmarshal(reply, &env) != nil || len(env.ID) == 0 || string(env.ID) == "null" {
		return reply
	}
	var wrong []byte
	if env.ID[0] == '"' {
		var s string
		_ = json.Unmarshal(env.ID, &s)
		wrong = marshal(s + "-reply")
	} else {
		wrong = marshal(string(env.ID) + "-reply")
	}
	old := append([]byte(`"id":`), env.ID...)
	return bytes.Replace(reply, old, append([]byte(`"id":`), wrong...), 1)
}

// misnotify applies the mistake mode to what the server sends on its own.
func (s *Server) misnotify(o Outbound) Outbound {
	if s.mistake() == MistakeNotificationWithID && o.Kind == grader.KindNotification && bytes.HasPrefix(o.Raw, []byte(`{"jsonrpc":"2.0","method":`)) {
		o.Raw = append([]byte(`{"jsonrpc":"2.0","id":1,"method":`), o.Raw[len(`{"jsonrpc":"2.0","method":`):]...)
	}
	return o
}

// mistoolResult applies the tool mistakes to a tools/call outcome.
func (s *Server) mistoolResult(res any, rerr *rpcError) (any, *rpcError) {
	if s.mistake() != MistakeBusinessAsProtocol || rerr != nil {
		return res, rerr
	}
	if cr, ok := res.(callResult); ok && cr.IsError {
		msg := "Internal error"
		if len(cr.Content) > 0 {
			if tb, ok := cr.Content[0].(textBlock); ok {
				msg = "Tool failed: " + tb.Text
			}
		}
		return nil, &rpcError{Code: CodeInternalError, Message: msg}
	}
	return res, rerr
}

// misunknownTool is the reply to an unknown tool under the mistake mode,
// or nil to answer as the specification says.
func (s *Server) misunknownTool() any {
	if s.mistake() == MistakeUnknownToolSuccess {
		return textResult("There is no tool by that name.")
	}
	return nil
}

// undeclaredLog sends the log message the undeclared-capability mode sends
// on every tool call, whatever the log level.
func (c *call) undeclaredLog() {
	if c.s.srv.mistake() != MistakeUndeclaredCapability {
		return
	}
	p := map[string]any{"level": "info", "logger": "gift-server", "data": "suggest_gifts called"}
	c.s.emit(Outbound{Raw: notification("notifications/message", p), Kind: grader.KindNotification, Method: "notifications/message", Related: c.related()})
}

// applyDefinitionMistakes changes the tool definitions and the capabilities
// for the modes that concern them; New calls it once.
func (s *Server) applyDefinitionMistakes() {
	switch s.mistake() {
	case MistakeNoInputSchema:
		for name, def := range s.toolJSON {
			var m map[string]json.RawMessage
			if json.Unmarshal(def, &m) == nil {
				delete(m, "inputSchema")
				s.toolJSON[name] = marshal(m)
			}
		}
	case MistakeUndeclaredCapability:
		s.capabilitiesRaw = json.RawMessage(`{"tools":{"listChanged":true},"resources":{"subscribe":true},"prompts":{},"completions":{}}`)
	}
}

// banner is what the stdout-banner mode prints before serving ("" otherwise).
func (s *Server) banner() string {
	if s.mistake() == MistakeStdoutBanner {
		return "Gift server 1.0.0 ready, waiting for a client on stdin...\n"
	}
	return ""
}
