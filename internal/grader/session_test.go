package grader

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mcpplayground/playground/internal/i18n"
)

// step is one message of a scripted session.
type step struct {
	from string
	raw  string
}

func cl(raw string) step { return step{SenderClient, raw} }
func sv(raw string) step { return step{SenderServer, raw} }

func sreq(id any, method, params string) string {
	if params == "" {
		return fmt.Sprintf(`{"jsonrpc":"2.0","id":%v,"method":%q}`, id, method)
	}
	return fmt.Sprintf(`{"jsonrpc":"2.0","id":%v,"method":%q,"params":%s}`, id, method, params)
}

func sres(id any, result string) string {
	return fmt.Sprintf(`{"jsonrpc":"2.0","id":%v,"result":%s}`, id, result)
}

func serr(id any, code int) string {
	return fmt.Sprintf(`{"jsonrpc":"2.0","id":%v,"error":{"code":%d,"message":"no"}}`, id, code)
}

func snotif(method, params string) string {
	if params == "" {
		return fmt.Sprintf(`{"jsonrpc":"2.0","method":%q}`, method)
	}
	return fmt.Sprintf(`{"jsonrpc":"2.0","method":%q,"params":%s}`, method, params)
}

// handshake is a 2025-11-25 initialize (id 0), its result and
// notifications/initialized, with the capabilities given.
func handshake(clientCaps, serverCaps string) []step {
	return []step{
		cl(sreq(0, "initialize", `{"protocolVersion":"2025-11-25","capabilities":`+clientCaps+`,"clientInfo":{"name":"t","version":"1"}}`)),
		sv(sres(0, `{"protocolVersion":"2025-11-25","capabilities":`+serverCaps+`,"serverInfo":{"name":"s","version":"1"}}`)),
		cl(snotif("notifications/initialized", "")),
	}
}

const allServerCaps = `{"tools":{"listChanged":true},"prompts":{"listChanged":true},"resources":{"subscribe":true,"listChanged":true},"logging":{},"completions":{}}`

func script(parts ...any) []step {
	var out []step
	for _, p := range parts {
		switch p := p.(type) {
		case step:
			out = append(out, p)
		case []step:
			out = append(out, p...)
		}
	}
	return out
}

const (
	toolsResult = `{"tools":[]}`
	callResult  = `{"content":[{"type":"text","text":"ok"}]}`
	meta2026    = `"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}`
)

// sessionCase is a scripted session and the session.* diagnostics it must
// raise: by message index, "code [related]"; then what End finds.
type sessionCase struct {
	name     string
	protocol string
	maxIDs   int
	partial  bool
	steps    []step
	want     map[int][]string
	end      []string
}

var sessionCases = []sessionCase{
	{name: "a clean session", steps: script(handshake(`{}`, allServerCaps),
		cl(sreq(1, "tools/list", "")), sv(sres(1, toolsResult)),
		cl(sreq(2, "tools/call", `{"name":"x","_meta":{"progressToken":"p"}}`)),
		sv(snotif("notifications/progress", `{"progressToken":"p","progress":1}`)),
		sv(snotif("notifications/progress", `{"progressToken":"p","progress":2,"total":2}`)),
		sv(sres(2, callResult)),
		cl(sreq(3, "ping", "")), sv(sres(3, `{}`)),
		sv(snotif("notifications/message", `{"level":"info","data":"hi"}`)),
		sv(snotif("notifications/tools/list_changed", ""))),
	},
	{name: "id reused after its response", steps: script(handshake(`{}`, allServerCaps),
		cl(sreq(1, "tools/list", "")), sv(sres(1, toolsResult)), cl(sreq(1, "tools/list", "")), sv(sres(1, toolsResult))),
		want: map[int][]string{5: {"session.id.reused [3]"}}},
	{name: "1 and 1.0 are one id, 1 and \"1\" are two", steps: script(handshake(`{}`, allServerCaps),
		cl(sreq(1, "tools/list", "")), sv(sres(1, toolsResult)), cl(sreq(`1.0`, "tools/list", "")), cl(sreq(`"1"`, "tools/list", "")),
		sv(sres(`"1"`, toolsResult))),
		want: map[int][]string{5: {"session.id.reused [3]"}}, end: []string{"session.request.unanswered [5]"}},
	{name: "a long string id is remembered by its hash", steps: script(handshake(`{}`, allServerCaps),
		cl(sreq(`"`+strings.Repeat("x", 200)+`"`, "tools/list", "")), sv(sres(`"`+strings.Repeat("x", 200)+`"`, toolsResult)),
		cl(sreq(`"`+strings.Repeat("x", 200)+`"`, "tools/list", "")), cl(sreq(`"`+strings.Repeat("x", 199)+`y"`, "tools/list", ""))),
		want: map[int][]string{5: {"session.id.reused [3]"}},
		end:  []string{"session.request.unanswered [5]", "session.request.unanswered [6]"}},
	{name: "an unknown revision is reported on each message, and nothing is followed", protocol: "2024-01-01", steps: script(
		cl(sreq(1, "tools/list", "")), cl(sreq(1, "tools/list", "")), sv(sres(1, toolsResult)))},
	{name: "an error without an id answers the notification before it", steps: script(handshake(`{}`, allServerCaps),
		sv(`{"jsonrpc":"2.0","id":null,"error":{"code":-32601,"message":"Method not found"}}`)),
		want: map[int][]string{3: {"session.response.to-notification [2]"}}},
	{name: "an error without an id after a request that did not parse answers it", steps: script(handshake(`{}`, allServerCaps),
		cl(`{"jsonrpc":"2.0","id":1,"method":`), sv(`{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error"}}`))},
	{name: "each side numbers its own requests", steps: script(handshake(`{"roots":{}}`, allServerCaps),
		cl(sreq(1, "tools/list", "")), sv(sreq(1, "roots/list", "")), sv(sres(1, toolsResult)), cl(sres(1, `{"roots":[]}`)))},
	{name: "2026-07-28: an id comes back once answered, not while waiting", protocol: Rev20260728, steps: script(
		cl(sreq(1, "tools/list", `{`+meta2026+`}`)), cl(sreq(1, "tools/list", `{`+meta2026+`}`)),
		sv(sres(1, `{"tools":[],"cacheScope":"private","ttlMs":0,"resultType":"complete"}`)), cl(sreq(1, "tools/list", `{`+meta2026+`}`)),
		sv(sres(1, `{"tools":[],"cacheScope":"private","ttlMs":0,"resultType":"complete"}`))),
		want: map[int][]string{1: {"session.id.pending [0]"}}},
	{name: "a 2026-07-28 request makes the session a 2026-07-28 one", steps: script(
		cl(sreq(1, "tools/list", `{`+meta2026+`}`)), sv(sres(1, `{"tools":[],"cacheScope":"private","ttlMs":0,"resultType":"complete"}`)))},
	{name: "a request before initialize; ping is allowed", steps: script(
		cl(sreq(1, "ping", "")), sv(sres(1, `{}`)), cl(sreq(2, "tools/list", "")), handshake(`{}`, allServerCaps)),
		want: map[int][]string{2: {"session.lifecycle.before-initialize []"}}, end: []string{"session.request.unanswered [2]"}},
	{name: "a piece of a session: no handshake asked, an answer to a request before the piece", partial: true, steps: script(
		sv(sres(7, toolsResult)), cl(sreq(8, "tools/list", "")), sv(sres(8, toolsResult)),
		cl(snotif("notifications/cancelled", `{"requestId":6}`)), cl(sreq(8, "tools/list", ""))),
		want: map[int][]string{4: {"session.id.reused [1]"}}, end: []string{"session.request.unanswered [4]"}},
	{name: "the same piece, read as a whole session", steps: script(
		sv(sres(7, toolsResult)), cl(sreq(8, "tools/list", "")), sv(sres(8, toolsResult))),
		want: map[int][]string{0: {"session.response.unknown-id []"}, 1: {"session.lifecycle.before-initialize []"}}},
	{name: "a request before the initialize response", steps: script(
		handshake(`{}`, allServerCaps)[0], cl(sreq(1, "tools/list", "")), cl(sreq(2, "ping", "")), handshake(`{}`, allServerCaps)[1:]),
		want: map[int][]string{1: {"session.lifecycle.before-initialize-result [0]"}}, end: []string{"session.request.unanswered [1]", "session.request.unanswered [2]"}},
	{name: "the server asks before notifications/initialized", steps: script(
		handshake(`{"roots":{}}`, allServerCaps)[:2], sv(sreq(1, "roots/list", "")), cl(sres(1, `{"roots":[]}`))),
		want: map[int][]string{2: {"session.lifecycle.before-initialized []"}}, end: []string{"session.lifecycle.initialized-missing [1]"}},
	{name: "a second initialize", steps: script(handshake(`{}`, allServerCaps),
		cl(sreq(1, "initialize", `{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}`)),
		sv(serr(1, -32600))),
		want: map[int][]string{3: {"session.lifecycle.initialize-again [0]"}}},
	{name: "a failed initialize may be tried again", steps: script(
		cl(sreq(9, "initialize", `{"protocolVersion":"1999-01-01","capabilities":{},"clientInfo":{"name":"t","version":"1"}}`)),
		sv(serr(9, -32602)), handshake(`{}`, allServerCaps))},
	{name: "initialized before the initialize response", steps: script(
		handshake(`{}`, allServerCaps)[0], handshake(`{}`, allServerCaps)[2], handshake(`{}`, allServerCaps)[1]),
		want: map[int][]string{1: {"session.lifecycle.initialized-early [0]"}}},
	{name: "responses to nothing, twice, from the wrong side", steps: script(handshake(`{}`, allServerCaps),
		sv(sres(999, `{}`)), cl(sreq(1, "tools/list", "")), sv(sres(1, toolsResult)), sv(sres(1, toolsResult)),
		cl(sreq(2, "tools/list", "")), cl(sres(2, toolsResult)), sv(sres(2, toolsResult))),
		want: map[int][]string{3: {"session.response.unknown-id []"}, 6: {"session.response.already-answered [4 5]"},
			8: {"session.response.wrong-side [7]"}}},
	{name: "cancellations", steps: script(handshake(`{}`, allServerCaps),
		cl(sreq(1, "tools/call", `{"name":"x"}`)), cl(snotif("notifications/cancelled", `{"requestId":1}`)), sv(sres(1, callResult)),
		cl(snotif("notifications/cancelled", `{"requestId":1}`)), cl(snotif("notifications/cancelled", `{"requestId":42}`)),
		cl(snotif("notifications/cancelled", `{"requestId":0}`)),
		cl(sreq(2, "tools/call", `{"name":"x"}`)), cl(snotif("notifications/cancelled", `{"requestId":2,"reason":"timeout"}`))),
		want: map[int][]string{5: {"session.response.after-cancel [3 4]"}, 6: {"session.cancel.finished [3 5]"},
			7: {"session.cancel.unknown []"}, 8: {"session.cancel.initialize [0]"}},
		end: []string{"session.request.cancelled-unanswered [9 10]"}},
	{name: "progress", steps: script(handshake(`{}`, allServerCaps),
		cl(sreq(1, "tools/call", `{"name":"x","_meta":{"progressToken":7}}`)),
		sv(snotif("notifications/progress", `{"progressToken":7,"progress":5}`)),
		sv(snotif("notifications/progress", `{"progressToken":7,"progress":5}`)),
		sv(snotif("notifications/progress", `{"progressToken":"7","progress":6}`)),
		cl(sreq(2, "tools/call", `{"name":"y","_meta":{"progressToken":7}}`)),
		sv(sres(1, callResult)),
		sv(snotif("notifications/progress", `{"progressToken":7,"progress":9}`)),
		sv(sres(2, callResult)),
		sv(snotif("notifications/progress", `{"progressToken":7,"progress":10}`))),
		want: map[int][]string{5: {"session.progress.not-increasing [4]"}, 6: {"session.progress.unknown-token []"},
			7: {"session.progress.token-reused [3]"}, 11: {"session.progress.after-response [7 10]"}}},
	{name: "the server's capabilities", steps: script(handshake(`{}`, `{"tools":{}}`),
		cl(sreq(1, "tools/list", "")), sv(sres(1, toolsResult)),
		cl(sreq(2, "prompts/list", "")), cl(sreq(3, "resources/subscribe", `{"uri":"file:///a"}`)),
		cl(sreq(4, "logging/setLevel", `{"level":"info"}`)),
		cl(sreq(5, "completion/complete", `{"ref":{"type":"ref/prompt","name":"p"},"argument":{"name":"a","value":"b"}}`)),
		sv(snotif("notifications/tools/list_changed", "")), sv(snotif("notifications/message", `{"level":"info","data":"x"}`)),
		sv(serr(2, -32601)), sv(serr(3, -32601)), sv(serr(4, -32601)), sv(serr(5, -32601))),
		want: map[int][]string{
			5: {"session.capability.server-undeclared [1]"}, 6: {"session.capability.server-undeclared [1]"},
			7: {"session.capability.server-undeclared [1]"}, 8: {"session.capability.server-undeclared [1]"},
			9: {"session.capability.notification-undeclared [1]"}, 10: {"session.capability.notification-undeclared [1]"}}},
	{name: "the client's capabilities", steps: script(handshake(`{"roots":{}}`, allServerCaps),
		sv(sreq(1, "sampling/createMessage", `{"messages":[],"maxTokens":5}`)),
		sv(sreq(2, "elicitation/create", `{"message":"?","requestedSchema":{"type":"object","properties":{}}}`)),
		sv(sreq(3, "roots/list", "")), cl(snotif("notifications/roots/list_changed", "")),
		cl(serr(1, -32601)), cl(serr(2, -32601)), cl(sres(3, `{"roots":[]}`))),
		want: map[int][]string{3: {"session.capability.client-undeclared [0]"}, 4: {"session.capability.client-undeclared [0]"},
			6: {"session.capability.notification-undeclared [0]"}}},
	{name: "past the id limit, the oldest answered ids are forgotten", maxIDs: 2, steps: script(
		handshake(`{}`, allServerCaps), cl(sreq(1, "tools/list", "")), sv(sres(1, toolsResult)),
		cl(sreq(2, "tools/list", "")), sv(sres(2, toolsResult)), cl(sreq(0, "tools/list", "")), sv(sres(0, toolsResult)),
		sv(sres(77, `{}`))),
		want: map[int][]string{5: {"session.limit []"}}},
	{name: "past the id limit with every request waiting, new ones are not remembered", maxIDs: 2, steps: script(
		handshake(`{}`, allServerCaps)[0], sv(sreq(1, "ping", "")), cl(sreq(2, "ping", "")), sv(sres(2, `{}`)), sv(sres(77, `{}`))),
		want: map[int][]string{2: {"session.limit []"}}, end: []string{"session.request.unanswered [0]", "session.request.unanswered [1]"}},
	{name: "an unknown sender is inferred from the method and the requests", steps: script(
		step{"", handshake(`{}`, allServerCaps)[0].raw}, step{"", handshake(`{}`, allServerCaps)[1].raw},
		step{"", handshake(`{}`, allServerCaps)[2].raw}, step{"", sreq(1, "tools/list", "")}, step{"", sreq(1, "tools/list", "")},
		step{"", sres(1, toolsResult)}, step{"", sres(1, toolsResult)}),
		want: map[int][]string{4: {"session.id.reused [3]"}, 6: {"session.response.already-answered [4 5]"}}},
}

// runSession plays a case and returns its session.* diagnostics by message,
// and its end findings.
func runSession(t testing.TB, c sessionCase, lang i18n.Lang) (map[int][]string, []string, *Session) {
	s := NewSession(SessionOptions{Protocol: c.protocol, Lang: lang, Partial: c.partial})
	if c.maxIDs > 0 {
		s.maxIDs = c.maxIDs
	}
	got := map[int][]string{}
	for i, st := range c.steps {
		rep := s.Add([]byte(st.raw), st.from)
		for _, d := range rep.Diagnostics {
			if strings.HasPrefix(d.Code, "session.") {
				got[i] = append(got[i], fmt.Sprintf("%s %v", d.Code, d.Related))
			}
		}
	}
	var end []string
	for _, f := range s.End() {
		end = append(end, fmt.Sprintf("%s %v", f.Code, f.Messages))
	}
	return got, end, s
}

func TestSession(t *testing.T) {
	for _, c := range sessionCases {
		t.Run(c.name, func(t *testing.T) {
			got, end, _ := runSession(t, c, i18n.EN)
			want := c.want
			if want == nil {
				want = map[int][]string{}
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("session diagnostics (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(c.end, end); diff != "" {
				t.Errorf("End (-want +got):\n%s", diff)
			}
		})
	}
}
