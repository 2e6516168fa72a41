package exercise

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mcpplayground/playground/internal/i18n"
)

// The rules that weigh a value, on one message: each row one check and one
// answer, passed or not.
func TestWeighRules(t *testing.T) {
	tests := []struct {
		name   string
		check  string
		answer string
		passed bool
	}{
		{"not_empty: a text", "not_empty: /result/content/0/text", `{"result": {"content": [{"text": "Too small"}]}}`, true},
		{"not_empty: an empty text", "not_empty: /result/content/0/text", `{"result": {"content": [{"text": ""}]}}`, false},
		{"not_empty: blanks are empty", "not_empty: /result/content/0/text", `{"result": {"content": [{"text": "  \n"}]}}`, false},
		{"not_empty: an empty array", "not_empty: /result/content", `{"result": {"content": []}}`, false},
		{"not_empty: an empty object", "not_empty: /params", `{"params": {}}`, false},
		{"not_empty: a number is not a text", "not_empty: /params/x", `{"params": {"x": 1}}`, false},
		{"not_empty: missing", "not_empty: /params/x", `{"params": {}}`, false},
		{"one_of: a member", "one_of: [claude-haiku, claude-sonnet]\n    at: /result/model", `{"result": {"model": "claude-haiku"}}`, true},
		{"one_of: another value", "one_of: [claude-haiku, claude-sonnet]\n    at: /result/model", `{"result": {"model": "gpt-4o"}}`, false},
		{"one_of: missing", "one_of: [1, 2]\n    at: /id", `{}`, false},
		{"one_of: types are not mixed", "one_of: [1, 2]\n    at: /id", `{"id": "1"}`, false},
		{"none_of: another id", "none_of: [31]\n    at: /id", `{"id": 32}`, true},
		{"none_of: the id in use", "none_of: [31]\n    at: /id", `{"id": 31}`, false},
		{"none_of: the string is another id", "none_of: [31]\n    at: /id", `{"id": "31"}`, true},
		{"none_of: missing passes", "none_of: [true]\n    at: /result/isError", `{"result": {}}`, true},
		{"none_of: false is not true", "none_of: [true]\n    at: /result/isError", `{"result": {"isError": false}}`, true},
		{"none_of: isError true", "none_of: [true]\n    at: /result/isError", `{"result": {"isError": true}}`, false},
		{"only_members: the allowed one", "only_members: [listChanged]\n    at: /result/capabilities/tools", `{"result": {"capabilities": {"tools": {"listChanged": true}}}}`, true},
		{"only_members: none of them", "only_members: [listChanged]\n    at: /result/capabilities/tools", `{"result": {"capabilities": {"tools": {}}}}`, true},
		{"only_members: one more", "only_members: [tools]\n    at: /result/capabilities", `{"result": {"capabilities": {"tools": {}, "logging": {}}}}`, false},
		{"only_members: renamed member", "only_members: [_meta]\n    at: /params", `{"params": {"message": "New tool"}}`, false},
		{"only_members: missing object passes", "only_members: [_meta]\n    at: /params", `{"method": "x"}`, true},
		{"only_members: an array is not an object", "only_members: []\n    at: /params", `{"params": []}`, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ex := mustLoad(t, file("kind: write\nchecks:\n  - valid: true\n  - "+tt.check, "\n# Solution\n\n"+jsonBlock(`{}`)+text))
			got := ex.Grade(tt.answer, i18n.EN).Checks[1]
			if got.Passed != tt.passed {
				t.Errorf("%s on %s: passed = %v, want %v (%s)", tt.check, tt.answer, got.Passed, tt.passed, got.Message)
			}
		})
	}
}

// same_as in a reply exercise compares with the given request.
func TestSameAsRequest(t *testing.T) {
	req := `{"jsonrpc": "2.0", "id": 4, "method": "tools/list", "params": {"cursor": "page-2"}}`
	ex := mustLoad(t, file("kind: reply\nchecks:\n  - same_as: /params/cursor\n    at: /result/_meta/cursor",
		"\n# Request\n\n"+jsonBlock(req)+"\n# Solution\n\n"+jsonBlock(`{"jsonrpc": "2.0", "id": 4, "result": {"tools": [], "_meta": {"cursor": "page-2"}}}`)+text))
	for answer, want := range map[string]bool{
		`{"jsonrpc": "2.0", "id": 4, "result": {"tools": [], "_meta": {"cursor": "page-2"}}}`: true,
		`{"jsonrpc": "2.0", "id": 4, "result": {"tools": [], "_meta": {"cursor": "page-3"}}}`: false,
		`{"jsonrpc": "2.0", "id": 4, "result": {"tools": []}}`:                                false,
	} {
		if got := result(t, ex.Grade(answer, i18n.EN), "same_as:/result/_meta/cursor"); got.Passed != want {
			t.Errorf("%s: passed = %v, want %v", answer, got.Passed, want)
		}
	}
}

const handshake = `{"from": "client", "message": {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "c", "version": "1"}}}},
  {"from": "server", "message": {"jsonrpc": "2.0", "id": 1, "result": {"protocolVersion": "2025-11-25", "capabilities": {"tools": {}, "resources": {"subscribe": true}}, "serverInfo": {"name": "s", "version": "1"}}}},
  {"from": "client", "message": {"jsonrpc": "2.0", "method": "notifications/initialized"}},
`

func session(msgs ...string) string {
	return `{"exchange": [` + handshake + strings.Join(msgs, ",\n") + `]}`
}

const (
	slowCall    = `{"from": "client", "message": {"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "prepare_delivery", "arguments": {"steps": 10}}}}`
	slowResult  = `{"from": "server", "message": {"jsonrpc": "2.0", "id": 2, "result": {"content": [{"type": "text", "text": "Ready"}]}}}`
	cancelCall2 = `{"from": "client", "message": {"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": 2}}}`
)

// The cancellation exercise's relation: the requestId is the id of the
// tools/call still waiting, and an invalid cancellation never counts.
func TestSameAsLive(t *testing.T) {
	ex := mustLoad(t, file(`kind: live
checks:
  - method: notifications/cancelled
  - same_as: /id
    at: /params/requestId
    of: {method: tools/call, waiting: true}`, "\n# Solution\n\n"+jsonBlock(session(slowCall, cancelCall2))+text))
	stringCall := strings.Replace(slowCall, `"id": 2`, `"id": "call-a"`, 1)
	tests := []struct {
		name   string
		answer string
		failed []string
	}{
		{"the call in flight", session(slowCall, cancelCall2), nil},
		{"a string id, the same", session(stringCall, strings.Replace(cancelCall2, `"requestId": 2`, `"requestId": "call-a"`, 1)), nil},
		{"the initialize's id", session(slowCall, strings.Replace(cancelCall2, `"requestId": 2`, `"requestId": 1`, 1)),
			[]string{"valid", "same_as:/params/requestId"}},
		{"the id as a string", session(slowCall, strings.Replace(cancelCall2, `"requestId": 2`, `"requestId": "2"`, 1)),
			[]string{"valid", "same_as:/params/requestId"}},
		{"after the result", session(slowCall, slowResult, cancelCall2), []string{"same_as:/params/requestId"}},
		{"before the call", session(cancelCall2, slowCall), []string{"valid", "same_as:/params/requestId"}},
		{"sent as a request with an id", session(slowCall, strings.Replace(cancelCall2, `"method"`, `"id": 3, "method"`, 1)),
			[]string{"valid", "method", "same_as:/params/requestId"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.failed, failed(ex.Grade(tt.answer, i18n.EN))); diff != "" {
				t.Errorf("failed checks (-want +got):\n%s", diff)
			}
		})
	}
	got := result(t, ex.Grade(session(slowCall, cancelCall2), i18n.FR), "same_as:/params/requestId").Message
	want := "`params.requestId` a la même valeur que `id` dans un message `tools/call` que vous avez envoyé, encore en attente de sa réponse."
	if got != want {
		t.Errorf("message:\n got %q\nwant %q", got, want)
	}
}

// differs_from: the MRTR retry of 2026-07-28 is a new request, with an id
// of its own (a string "1" is another id than the number 1); in a reply,
// the next page's cursor is not the one asked for.
func TestDiffersFrom(t *testing.T) {
	const (
		meta  = `"_meta": {"io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {"elicitation": {}}}`
		call1 = `{"from": "client", "message": {"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {` + meta + `, "name": "ask_gift_preferences", "arguments": {}}}}`
		asked = `{"from": "server", "message": {"jsonrpc": "2.0", "id": 1, "result": {"resultType": "input_required", "inputRequests": {"preferences": {"method": "elicitation/create", "params": {"message": "Which kind?", "requestedSchema": {"type": "object", "properties": {}}}}}}}}`
		retry = `{"from": "client", "message": {"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {` + meta + `, "name": "ask_gift_preferences", "arguments": {}, "inputResponses": {"preferences": {"action": "decline"}}}}}`
	)
	live := func(msgs ...string) string { return `{"exchange": [` + strings.Join(msgs, ",\n") + `]}` }
	ex := mustLoad(t, file(`kind: live
protocol: 2026-07-28
checks:
  - differs_from: /id
    at: /id
    message: {method: tools/call}
    of: {method: tools/call}
    after: {answers: tools/call}`, "\n# Solution\n\n"+jsonBlock(live(call1, asked, retry))+text))
	tests := []struct {
		name   string
		answer string
		failed []string
	}{
		{"a new id", live(call1, asked, retry), nil},
		{"the first call's id again", live(call1, asked, strings.Replace(retry, `"id": 2`, `"id": 1`, 1)), []string{"differs_from:/id"}},
		{"the string \"1\" is another id", live(call1, asked, strings.Replace(retry, `"id": 2`, `"id": "1"`, 1)), nil},
		{"no retry at all", live(call1, asked), []string{"differs_from:/id"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.failed, failed(ex.Grade(tt.answer, i18n.EN))); diff != "" {
				t.Errorf("failed checks (-want +got):\n%s", diff)
			}
		})
	}
	for l, want := range map[i18n.Lang]string{
		i18n.EN: "A `tools/call` message you sent: `id` differs from `id` in every earlier message of this kind: a `tools/call` message you sent. It comes after a response to a `tools/call` request.",
		i18n.FR: "Un message `tools/call` que vous avez envoyé\u00a0: `id` diffère de `id` dans chaque message antérieur de ce type\u00a0: un message `tools/call` que vous avez envoyé. Il vient après une réponse à une requête `tools/call`.",
	} {
		if got := result(t, ex.Grade(live(call1, asked, retry), l), "differs_from:/id").Message; got != want {
			t.Errorf("%s message:\n got %q\nwant %q", l, got, want)
		}
	}

	req := `{"jsonrpc": "2.0", "id": 4, "method": "tools/list", "params": {"cursor": "page-2"}}`
	reply := mustLoad(t, file("kind: reply\nchecks:\n  - differs_from: /params/cursor\n    at: /result/nextCursor",
		"\n# Request\n\n"+jsonBlock(req)+"\n# Solution\n\n"+jsonBlock(`{"jsonrpc": "2.0", "id": 4, "result": {"tools": [], "nextCursor": "page-3"}}`)+text))
	for answer, want := range map[string]bool{
		`{"jsonrpc": "2.0", "id": 4, "result": {"tools": [], "nextCursor": "page-3"}}`: true,
		`{"jsonrpc": "2.0", "id": 4, "result": {"tools": [], "nextCursor": "page-2"}}`: false,
		`{"jsonrpc": "2.0", "id": 4, "result": {"tools": []}}`:                         false,
	} {
		if got := result(t, reply.Grade(answer, i18n.EN), "differs_from:/result/nextCursor"); got.Passed != want {
			t.Errorf("reply %s: passed = %v, want %v", answer, got.Passed, want)
		}
	}
}

// after, before and nothing_after order a live session; kind in a selector
// asks for a success.
func TestOrder(t *testing.T) {
	const (
		subscribe  = `{"from": "client", "message": {"jsonrpc": "2.0", "id": 3, "method": "resources/subscribe", "params": {"uri": "gift://catalog"}}}`
		subOK      = `{"from": "server", "message": {"jsonrpc": "2.0", "id": 3, "result": {}}}`
		subRefused = `{"from": "server", "message": {"jsonrpc": "2.0", "id": 3, "error": {"code": -32002, "message": "Resource not found"}}}`
		updated    = `{"from": "server", "message": {"jsonrpc": "2.0", "method": "notifications/resources/updated", "params": {"uri": "gift://catalog"}}}`
		read       = `{"from": "client", "message": {"jsonrpc": "2.0", "id": 5, "method": "resources/read", "params": {"uri": "gift://catalog"}}}`
		unsub      = `{"from": "client", "message": {"jsonrpc": "2.0", "id": 6, "method": "resources/unsubscribe", "params": {"uri": "gift://catalog"}}}`
	)
	ex := mustLoad(t, file(`kind: live
checks:
  - equals: gift://catalog
    at: /params/uri
    message: {method: resources/read}
    after: {from: server, method: notifications/resources/updated}
  - present: /params/uri
    message: {method: resources/subscribe}
    before: {method: resources/read}
    nothing_after: {method: resources/unsubscribe}
  - present: /result
    message: {answers: resources/subscribe, kind: response}`, "\n# Solution\n\n"+jsonBlock(session(subscribe, subOK, updated, read))+text))
	tests := []struct {
		name   string
		answer string
		failed []string
	}{
		{"subscribe, update, read", session(subscribe, subOK, updated, read), nil},
		{"read before the update", session(subscribe, subOK, read, updated), []string{"equals:/params/uri"}},
		{"read before subscribing", session(read, subscribe, subOK, updated), []string{"equals:/params/uri", "present:/params/uri"}},
		{"unsubscribed afterwards", session(subscribe, subOK, updated, read, unsub), []string{"present:/params/uri"}},
		{"the subscription refused", session(subscribe, subRefused, updated, read), []string{"present:/result"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.failed, failed(ex.Grade(tt.answer, i18n.EN))); diff != "" {
				t.Errorf("failed checks (-want +got):\n%s", diff)
			}
		})
	}
	res := ex.Grade(session(subscribe, subOK, updated, read), i18n.EN)
	want := "A `resources/read` message you sent: `params.uri` equals `\"gift://catalog\"`. It comes after a `notifications/resources/updated` message from the server."
	if got := res.Checks[1].Message; got != want {
		t.Errorf("message:\n got %q\nwant %q", got, want)
	}
	want = "A success response to a `resources/subscribe` request: the message has `result`."
	if got := result(t, res, "present:/result").Message; got != want {
		t.Errorf("message:\n got %q\nwant %q", got, want)
	}
}

// The conversation judge: the learner's first error, in the session, fails
// the implicit valid check with the checker's explanation; the server's
// mistakes are not the learner's.
func TestConversationJudge(t *testing.T) {
	ex := mustLoad(t, file("kind: live\nchecks:\n  - method: tools/call", "\n# Solution\n\n"+jsonBlock(session(slowCall))+text))
	reused := strings.Replace(slowCall, `"id": 2`, `"id": 1`, 1)
	res := ex.Grade(session(reused), i18n.EN)
	got := result(t, res, "valid")
	if got.Passed || !strings.HasPrefix(got.Feedback, "Your message 4 (`tools/call`): ") || got.Pointer != "/exchange/3/message/id" {
		t.Errorf("a reused id: %+v", got)
	}
	if got.Message != "Every message you sent is valid for MCP revision 2025-11-25, on its own and at its place in the session." {
		t.Errorf("message: %q", got.Message)
	}
	fr := result(t, ex.Grade(session(reused), i18n.FR), "valid")
	if !strings.HasPrefix(fr.Feedback, "Votre message 4 (`tools/call`)\u00a0: ") {
		t.Errorf("French feedback: %q", fr.Feedback)
	}
	badServer := `{"from": "server", "message": {"jsonrpc": "2.0", "id": 9, "result": {}}}`
	if res := ex.Grade(session(slowCall, badServer), i18n.EN); !res.Passed {
		t.Errorf("a server's unknown id fails the learner: %+v", res.Checks)
	}
	// A session that starts mid-way (the console left its start out) is
	// not read as one that skipped the handshake.
	if res := ex.Grade(`{"exchange": [`+slowCall+`]}`, i18n.EN); !res.Passed {
		t.Errorf("a piece of a session: %+v", res.Checks)
	}
}

func TestRelationErrors(t *testing.T) {
	_, errs := load(map[string]string{"x.md": file(`kind: live
checks:
  - same_as: /id
    at: /params/requestId
  - one_of: 3
    at: /id
  - only_members: listChanged
    at: /x
  - method: ping
    of: {method: tools/call}
  - method: ping
    after: {method: tools/call, waiting: true}
  - valid: true
    after: {method: ping}`, "\n# Solution\n\n"+jsonBlock(session(slowCall))+text)})
	want := []string{
		`x.md:6: same_as needs of: the messages to compare with, such as "of: {method: tools/call, waiting: true}"`,
		`x.md:8: one_of takes a list of values, such as "one_of: [tools, prompts]"`,
		`x.md:10: only_members takes a list of member names, such as "only_members: [listChanged]" ([] for none)`,
		`x.md:13: of goes with same_as and differs_from only`,
		`x.md:15: after: waiting goes with of only`,
		`x.md:17: after orders the messages of a live session: only a live exercise's checks (not valid) take it`,
	}
	if diff := cmp.Diff(want, errs); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

// tool in a selector picks the calls of one tool: a progress token on a
// quick call beside the slow one does not stand for the slow call's token,
// and a progress notification of that quick call is not the slow call's.
func TestToolSelector(t *testing.T) {
	call := func(id int, tool, token string) string {
		meta := ""
		if token != "" {
			meta = `"_meta": {"progressToken": "` + token + `"}, `
		}
		return fmt.Sprintf(`{"from": "client", "message": {"jsonrpc": "2.0", "id": %d, "method": "tools/call", "params": {%s"name": %q, "arguments": {}}}}`, id, meta, tool)
	}
	progress := func(token string) string {
		return `{"from": "server", "message": {"jsonrpc": "2.0", "method": "notifications/progress", "params": {"progressToken": "` + token + `", "progress": 1, "total": 2}}}`
	}
	result := func(id int) string {
		return fmt.Sprintf(`{"from": "server", "message": {"jsonrpc": "2.0", "id": %d, "result": {"content": [], "isError": false}}}`, id)
	}
	live := func(msgs ...string) string { return `{"exchange": [` + strings.Join(msgs, ",\n") + `]}` }
	right := live(call(2, "prepare_delivery", "p"), progress("p"), result(2))
	ex := mustLoad(t, file(`kind: live
protocol: 2025-11-25
checks:
  - present: /params/_meta/progressToken
    message: {tool: prepare_delivery}
  - same_as: /params/_meta/progressToken
    at: /params/progressToken
    message: {from: server, method: notifications/progress}
    of: {tool: prepare_delivery, waiting: true}
  - kind: response
    message: {answers: tools/call, tool: prepare_delivery}`, "\n# Solution\n\n"+jsonBlock(right)+text))
	tests := []struct {
		name   string
		answer string
		failed []string
	}{
		{"the slow call with its token", right, nil},
		{"a quick call with a token first, then the slow one with its own", live(call(2, "suggest_gifts", "q"), progress("q"), result(2), call(3, "prepare_delivery", "p"), progress("p"), result(3)), nil},
		{"the token on the quick call, the slow one without", live(call(2, "suggest_gifts", "q"), progress("q"), result(2), call(3, "prepare_delivery", ""), result(3)),
			[]string{"present:/params/_meta/progressToken", "same_as:/params/progressToken"}},
		{"the slow call never answered", live(call(2, "suggest_gifts", "q"), result(2), call(3, "prepare_delivery", "p"), progress("p")),
			[]string{"kind:response"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.failed, failed(ex.Grade(tt.answer, i18n.EN))); diff != "" {
				t.Errorf("failed checks (-want +got):\n%s", diff)
			}
		})
	}
	sel, err := parseSelector("message", map[string]any{"tool": "prepare_delivery"})
	if err != nil {
		t.Fatal(err)
	}
	for l, want := range map[i18n.Lang]string{
		i18n.EN: "A `tools/call` message you sent to call `prepare_delivery`",
		i18n.FR: "Un message `tools/call` que vous avez envoyé pour appeler `prepare_delivery`",
	} {
		if got := sel.describe(l); got != want {
			t.Errorf("%s: %q, want %q", l, got, want)
		}
	}
	if _, err := parseSelector("message", map[string]any{"method": "tools/list", "tool": "x"}); err == nil {
		t.Error("tool beside method: tools/list is accepted")
	}
}
