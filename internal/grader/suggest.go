package grader

import (
	"slices"
	"strings"
)

// keyConfusions are the names people write for MCP's fields, from workshops and
// from other protocols' habits. The first candidate that the object defines wins.
var keyConfusions = map[string][]string{
	"tool": {"name"}, "toolName": {"name"}, "tool_name": {"name"}, "function": {"name"},
	"functionName": {"name"}, "prompt": {"name"}, "promptName": {"name"}, "prompt_name": {"name"},
	"args": {"arguments", "params"}, "arg": {"arguments"}, "argument": {"arguments"},
	"parameters": {"arguments", "inputSchema", "params"}, "input": {"arguments"}, "inputs": {"arguments"},
	"params": {"arguments"}, "param": {"params"}, "kwargs": {"arguments"},
	"resourceId": {"uri"}, "resource_id": {"uri"}, "resourceID": {"uri"}, "resourceUri": {"uri"},
	"resource_uri": {"uri"}, "url": {"uri"}, "path": {"uri"}, "resource": {"uri"}, "id": {"uri", "taskId"},
	"schema": {"inputSchema"}, "input_schema": {"inputSchema"}, "inputs_schema": {"inputSchema"},
	"output_schema": {"outputSchema"}, "results": {"result"}, "err": {"error"}, "errors": {"error"},
	"msg": {"message"}, "errorMessage": {"message"}, "error_message": {"message"}, "description": {"message"},
	"errorCode": {"code"}, "error_code": {"code"}, "status": {"code"}, "statusCode": {"code"},
	"details": {"data"}, "detail": {"data"}, "info": {"data"},
	"version": {"jsonrpc", "protocolVersion"}, "json-rpc": {"jsonrpc"}, "json_rpc": {"jsonrpc"}, "rpc": {"jsonrpc"},
	"jsonrpcVersion": {"jsonrpc"}, "request_id": {"id", "requestId"}, "requestId": {"id"}, "reqId": {"id"},
	"contents": {"content"}, "content": {"contents"}, "is_error": {"isError"}, "error": {"isError"},
	"failed": {"isError"}, "structured_content": {"structuredContent"}, "structured": {"structuredContent"},
	"next_cursor": {"nextCursor"}, "cursor": {"nextCursor"}, "nextPage": {"nextCursor", "cursor"},
	"next": {"nextCursor", "cursor"}, "page": {"cursor"}, "offset": {"cursor"}, "pageToken": {"cursor"},
	"mime_type": {"mimeType"}, "mime": {"mimeType"}, "contentType": {"mimeType"}, "content_type": {"mimeType"},
	"client_info": {"clientInfo"}, "client": {"clientInfo"}, "server_info": {"serverInfo"}, "server": {"serverInfo"},
	"protocol_version": {"protocolVersion"}, "protocol": {"protocolVersion"}, "caps": {"capabilities"},
	"uri_template": {"uriTemplate"}, "template": {"uriTemplate"}, "token": {"progressToken"},
	"progress_token": {"progressToken"}, "logLevel": {"level"}, "severity": {"level"}, "log_level": {"level"},
	"message": {"messages"}, "prompts": {"messages"}, "list": {"tools", "resources", "prompts"},
	"text": {"content"}, "value": {"text", "values"}, "body": {"text", "content"}, "output": {"content", "structuredContent"},
	"sender": {"role"}, "author": {"role"}, "from": {"role"},
	"listchanged": {"listChanged"}, "list_changed": {"listChanged"}, "read_only_hint": {"readOnlyHint"},
	"result_type": {"resultType"}, "cache_scope": {"cacheScope"}, "ttl": {"ttlMs"},
}

// methodConfusions are method names from tutorials, other protocols or guesses.
var methodConfusions = map[string]string{
	"resources/get": "resources/read", "resource/read": "resources/read", "resources/fetch": "resources/read",
	"resource/get": "resources/read", "resources/open": "resources/read",
	"tools/list_changed":     "notifications/tools/list_changed",
	"resources/list_changed": "notifications/resources/list_changed",
	"prompts/list_changed":   "notifications/prompts/list_changed",
	"roots/list_changed":     "notifications/roots/list_changed",
	"tools/listChanged":      "notifications/tools/list_changed",
	"tools/run":              "tools/call", "tools/invoke": "tools/call", "tools/execute": "tools/call",
	"tool/call": "tools/call", "call_tool": "tools/call", "callTool": "tools/call", "tools/use": "tools/call",
	"list_tools": "tools/list", "listTools": "tools/list", "tools/get": "tools/list", "tools": "tools/list",
	"prompts/call": "prompts/get", "prompts/read": "prompts/get", "prompt/get": "prompts/get",
	"prompts/run": "prompts/get", "resources": "resources/list", "prompts": "prompts/list",
	"initialized": "notifications/initialized", "notifications/initialize": "notifications/initialized",
	"initialise": "initialize", "init": "initialize", "handshake": "initialize",
	"cancel": "notifications/cancelled", "cancelled": "notifications/cancelled",
	"notifications/cancel": "notifications/cancelled", "notifications/canceled": "notifications/cancelled",
	"$/cancelRequest": "notifications/cancelled", "progress": "notifications/progress",
	"$/progress": "notifications/progress", "log": "notifications/message", "logging/message": "notifications/message",
	"notifications/log": "notifications/message", "notifications/logging": "notifications/message",
	"logging/set_level": "logging/setLevel", "completion/completion": "completion/complete",
	"completions/complete": "completion/complete", "resources/subscribe_changes": "resources/subscribe",
}

// replacedIn2026 names, for methods that revision 2026-07-28 dropped, what replaced them.
var replacedIn2026 = map[string]string{
	"initialize": "server/discover", "resources/subscribe": "subscriptions/listen",
	"resources/unsubscribe": "subscriptions/listen",
}

// suggestKey finds what an unknown key was probably meant to be among the fields
// of sh. wrongCase is true when only the capitalization differs.
func suggestKey(key string, names []string) (sugg string, wrongCase bool) {
	for _, n := range names {
		if strings.EqualFold(n, key) {
			return n, true
		}
	}
	for _, cand := range keyConfusions[key] {
		if slices.Contains(names, cand) {
			return cand, false
		}
	}
	return nearest(key, names), false
}

// nearest returns the candidate closest to s, if it is close enough to be a typo.
func nearest(s string, candidates []string) string {
	best, bestD := "", 1<<30
	ls := strings.ToLower(s)
	for _, c := range candidates {
		d := editDistance(ls, strings.ToLower(c))
		if d < bestD {
			best, bestD = c, d
		}
	}
	limit := max(1, min(3, len([]rune(s))/3))
	if bestD <= limit {
		return best
	}
	return ""
}

// editDistance is the optimal string alignment distance (Levenshtein with
// transpositions), on runes.
func editDistance(a, b string) int {
	// Only small distances matter (a typo), so very different lengths, or long
	// words, need no table.
	if d := len(a) - len(b); d > 4 || d < -4 || len(a) > 64 || len(b) > 64 {
		if a == b {
			return 0
		}
		return 1 << 20
	}
	ra, rb := []rune(a), []rune(b)
	prev2 := make([]int, len(rb)+1)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(rb)]
}

// suggestMethod finds the method a name was probably meant to be, preferring the
// methods of the revision being checked.
func suggestMethod(name string, rev *revision) string {
	if m, ok := methodConfusions[name]; ok {
		return m
	}
	if genericListChanged(name) {
		// One of several: the tools one is the most common, and the message
		// names them all (listChangedNote).
		return "notifications/tools/list_changed"
	}
	var own []string
	for n := range rev.methods {
		own = append(own, n)
	}
	sortStrings(own)
	for _, n := range own {
		if strings.EqualFold(n, name) {
			return n
		}
	}
	// "tools.call", "tools_call", "Tools-Call": the separator is the mistake.
	norm := strings.NewReplacer(".", "/", "_", "/", "-", "/", ":", "/").Replace(strings.ToLower(name))
	for _, n := range own {
		if strings.ToLower(n) == norm {
			return n
		}
	}
	if s := nearest(name, own); s != "" {
		return s
	}
	return nearest(name, allMethodNames)
}

func sortStrings(s []string) { slices.Sort(s) }

// genericListChanged reports whether a method name is a list-changed
// notification that does not say which list ("notifications/list_changed").
func genericListChanged(name string) bool {
	n := strings.ReplaceAll(strings.ToLower(name), "-", "_")
	n = strings.TrimPrefix(strings.TrimPrefix(n, "notifications/"), "notification/")
	return n == "list_changed" || n == "listchanged"
}

// listChangedNote says, in English and French, that there is one list-changed
// notification per list, naming those of the revision.
func listChangedNote(rev *revision) (en, fr string) {
	var names []string
	for _, list := range []string{"tools", "resources", "prompts", "roots"} {
		if n := "notifications/" + list + "/list_changed"; rev.methods[n] != nil {
			names = append(names, "`"+n+"`")
		}
	}
	join := func(and string) string {
		if len(names) < 2 {
			return strings.Join(names, "")
		}
		return strings.Join(names[:len(names)-1], ", ") + and + names[len(names)-1]
	}
	return " There is one such notification per list: " + join(" and ") + ".", frTypo(" Il existe une notification de ce type par liste : " + join(" et ") + ".")
}
