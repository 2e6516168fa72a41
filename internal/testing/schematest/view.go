package schematest

import (
	"bytes"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// Senders, as the conversation checker names them; "" is either side.
const (
	senderClient = "client"
	senderServer = "server"
)

// View chooses what the official schema of rev says msg must be: the union of
// the sender's requests (or notifications) for its shape, and the result of
// the request it answers when request is known. sender is "client",
// "server", or "" when either may have sent it.
func (o *Official) View(rev, sender string, msg any, request []byte) *jsonschema.Schema {
	obj, ok := msg.(map[string]any)
	if !ok {
		return o.Get(rev, o.Ref(rev, "JSONRPCMessage"))
	}
	_, hasID := obj["id"]
	_, hasMethod := obj["method"]
	_, hasResult := obj["result"]
	_, hasError := obj["error"]
	switch {
	case hasMethod && hasID:
		return o.Get(rev, map[string]any{"allOf": []any{o.Ref(rev, "JSONRPCRequest"), o.unions(rev, sender, "Request")}})
	case hasMethod:
		return o.Get(rev, map[string]any{"allOf": []any{o.Ref(rev, "JSONRPCNotification"), o.unions(rev, sender, "Notification")}})
	case hasError:
		if rev <= rev20250618 {
			return o.Get(rev, o.Ref(rev, "JSONRPCError"))
		}
		return o.Get(rev, o.Ref(rev, "JSONRPCErrorResponse"))
	case hasResult:
		return o.resultView(rev, obj, request)
	}
	return o.Get(rev, o.Ref(rev, "JSONRPCMessage"))
}

// unions is the union of the requests or notifications (kind) that sender
// may send in rev.
func (o *Official) unions(rev, sender, kind string) map[string]any {
	switch {
	case rev == rev20260728 && kind == "Request":
		return o.AnyOf(rev, "ClientRequest") // there are no server requests
	case sender == senderClient:
		return o.AnyOf(rev, "Client"+kind)
	case sender == senderServer:
		return o.AnyOf(rev, "Server"+kind)
	}
	return o.AnyOf(rev, "Client"+kind, "Server"+kind)
}

// resultView is the view of a result: its envelope, and the result of the
// request's method when the request is known.
func (o *Official) resultView(rev string, obj map[string]any, request []byte) *jsonschema.Schema {
	env := "JSONRPCResultResponse"
	if rev <= rev20250618 {
		env = "JSONRPCResponse"
	}
	var req map[string]any
	if request != nil {
		if r, err := jsonschema.UnmarshalJSON(bytes.NewReader(request)); err == nil {
			req, _ = r.(map[string]any)
		}
	}
	method, _ := req["method"].(string)
	params, _ := req["params"].(map[string]any)
	_, task := params["task"]
	result, _ := obj["result"].(map[string]any)
	resultType, _ := result["resultType"].(string)
	if defs := ResultDefs(rev, method, task, resultType); defs != nil && req["id"] != nil {
		return o.Get(rev, map[string]any{"allOf": []any{o.Ref(rev, env),
			map[string]any{"properties": map[string]any{"result": o.AnyOf(rev, defs...)}}}})
	}
	return o.Get(rev, o.Ref(rev, env))
}

// resultDefs is the official definition of each method's result.
var resultDefs = map[string]string{
	"tools/list": "ListToolsResult", "tools/call": "CallToolResult",
	"resources/list": "ListResourcesResult", "resources/templates/list": "ListResourceTemplatesResult",
	"resources/read": "ReadResourceResult", "prompts/list": "ListPromptsResult", "prompts/get": "GetPromptResult",
	"completion/complete": "CompleteResult", "initialize": "InitializeResult",
	"ping": "EmptyResult", "logging/setLevel": "EmptyResult", "resources/subscribe": "EmptyResult", "resources/unsubscribe": "EmptyResult",
	"sampling/createMessage": "CreateMessageResult", "roots/list": "ListRootsResult", "elicitation/create": "ElicitResult",
	"tasks/get": "GetTaskResult", "tasks/result": "GetTaskPayloadResult", "tasks/cancel": "CancelTaskResult", "tasks/list": "ListTasksResult",
	"server/discover": "DiscoverResult", "subscriptions/listen": "SubscriptionsListenResult",
}

// ResultDefs names the official definitions a result of method may match.
//
// In 2026-07-28 tools/call, prompts/get and resources/read answer with
// anyOf(InputRequiredResult, the complete result). InputRequiredResult only
// requires a resultType string, so that union accepts any object with one.
// The specification says resultType tells which of the two it is; the
// checker reads it that way, and so does this view: "input_required" is
// checked as an InputRequiredResult, anything else as the complete result.
// A task-augmented tools/call in 2025-11-25 is answered with the task.
func ResultDefs(rev, method string, taskRequested bool, resultType string) []string {
	if rev == rev20260728 && resultType == "input_required" {
		switch method {
		case "tools/call", "prompts/get", "resources/read":
			return []string{"InputRequiredResult"}
		}
	}
	if method == "tools/call" && rev == rev20251125 && taskRequested {
		return []string{"CreateTaskResult"}
	}
	if d, ok := resultDefs[method]; ok {
		return []string{d}
	}
	return nil
}
