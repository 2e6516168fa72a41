package mockserver

import (
	"context"
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mcpplayground/playground/internal/i18n"
)

// askMeta is the _meta of a 2026-07-28 client that can put questions to
// the user and run a model.
const askMeta = `"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{"elicitation":{},"sampling":{}}}`

// askCall is a 2026-07-28 tools/call of tool with arguments args (JSON)
// and extra params (",…" or "").
func askCall(id, tool, args, extra string) string {
	return `{"jsonrpc":"2.0","id":` + id + `,"method":"tools/call","params":{"name":"` + tool + `","arguments":` + args + extra + `,` + askMeta + `}}`
}

// preferences is an answer to ask_gift_preferences' question.
const preferences = `"inputResponses":{"preferences":{"action":"accept","content":{"category":"kitchen","maxBudget":34}}}`

// stateShape is the gift server's requestState: the question, then 16
// bytes of HMAC in unpadded base64url.
var stateShape = regexp.MustCompile(`^[a-z]+\.[A-Za-z0-9_-]{22}$`)

// send sends one message to s and decodes the reply.
func send(t *testing.T, s *Session, msg string) map[string]any {
	t.Helper()
	raw := s.Handle(context.Background(), []byte(msg))
	var v map[string]any
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatalf("reply to %s is not JSON: %v\n%s", msg, err, raw)
	}
	return v
}

// stateOf is the requestState of an input_required reply.
func stateOf(t *testing.T, reply map[string]any) string {
	t.Helper()
	res, _ := reply["result"].(map[string]any)
	if res["resultType"] != "input_required" {
		t.Fatalf("not an input_required result: %s", show(reply))
	}
	st, ok := res["requestState"].(string)
	if !ok || !stateShape.MatchString(st) {
		t.Fatalf("requestState %v is not a gift server state: %s", res["requestState"], show(reply))
	}
	return st
}

// In 2026-07-28 each input_required result carries a requestState that
// names the question and seals the call; the retry that echoes it gets
// the final result.
func TestRequestStateSentAndEchoed(t *testing.T) {
	srv := newTestServer(Config{})
	s := srv.NewSession(SessionOptions{})
	ask := send(t, s, askCall("27", "ask_gift_preferences", `{}`, ""))
	state := stateOf(t, ask)
	if !strings.HasPrefix(state, "preferences.") {
		t.Errorf("the state %q does not name the question preferences", state)
	}
	want := `{"jsonrpc":"2.0","id":27,"result":{"_meta":{"io.modelcontextprotocol/serverInfo":{"name":"gift-server","title":"Gift ideas server","version":"1.0.0"}},"resultType":"input_required","inputRequests":{"preferences":{"method":"elicitation/create","params":{"message":"Which kind of gift do you prefer, and what is your budget?","mode":"form","requestedSchema":{"properties":{"category":{"description":"The kind of gift you prefer.","enum":["books","kitchen","games"],"title":"Category","type":"string"},"maxBudget":{"description":"The most you want to spend, in US dollars.","minimum":0,"title":"Budget","type":"number"}},"required":["category"],"type":"object"}}}},"requestState":"` + state + `"}}`
	if diff := cmp.Diff(mustJSON(t, want), any(ask)); diff != "" {
		t.Errorf("the question (-want +got):\n%s", diff)
	}
	card := stateOf(t, send(t, s, askCall("2", "write_card_message", `{"occasion":"birthday"}`, "")))
	if !strings.HasPrefix(card, "card.") {
		t.Errorf("write_card_message's state %q does not name the question card", card)
	}

	// The retry: a new id, the answers and the state, in another session
	// (the server remembers nothing: the state is enough).
	retry := send(t, srv.NewSession(SessionOptions{}), askCall("28", "ask_gift_preferences", `{}`, `,`+preferences+`,"requestState":"`+state+`"`))
	want = `{"jsonrpc":"2.0","id":28,"result":{"resultType":"complete","_meta":{"io.modelcontextprotocol/serverInfo":{"name":"gift-server","title":"Gift ideas server","version":"1.0.0"}},"content":[{"type":"text","text":"Gifts in kitchen:\n- Espresso cups, set of two ($34)\n- Spice sampler ($12)"}],"structuredContent":{"gifts":[{"name":"Espresso cups, set of two","price":34,"category":"kitchen"},{"name":"Spice sampler","price":12,"category":"kitchen"}]},"isError":false}}`
	if diff := cmp.Diff(mustJSON(t, want), any(retry)); diff != "" {
		t.Errorf("the retry (-want +got):\n%s", diff)
	}

	// A good state without the answer asks again, with the same state.
	again := send(t, s, askCall("29", "ask_gift_preferences", `{}`, `,"requestState":"`+state+`"`))
	if got := stateOf(t, again); got != state {
		t.Errorf("asked again with state %q, want %q", got, state)
	}
	// The same arguments written another way are the same call.
	written := stateOf(t, send(t, s, askCall("3", "write_card_message", `{ "occasion" : "birth\u0064ay" }`, "")))
	if written != card {
		t.Errorf("the same arguments give state %q, then %q", card, written)
	}
}

// The key is the Server's: drawn by New, so another server refuses the
// state, unless Config.StateKey gives both the same key (instances
// behind one proxy).
func TestRequestStateKey(t *testing.T) {
	ask := askCall("1", "ask_gift_preferences", `{}`, "")
	stateFrom := func(srv *Server) string {
		return stateOf(t, send(t, srv.NewSession(SessionOptions{}), ask))
	}
	a, b := newTestServer(Config{}), newTestServer(Config{})
	if stateFrom(a) == stateFrom(b) {
		t.Error("two servers without Config.StateKey seal with the same key")
	}
	retry := askCall("2", "ask_gift_preferences", `{}`, `,`+preferences+`,"requestState":"`+stateFrom(a)+`"`)
	if reply := send(t, b.NewSession(SessionOptions{}), retry); errorCode(reply) != CodeInvalidParams {
		t.Errorf("another server's state: %s", show(reply))
	}
	key := []byte("one key for every instance behind the proxy")
	c, d := newTestServer(Config{StateKey: key}), newTestServer(Config{StateKey: key})
	if stateFrom(c) != stateFrom(d) {
		t.Error("two servers with the same Config.StateKey seal differently")
	}
	retry = askCall("2", "ask_gift_preferences", `{}`, `,`+preferences+`,"requestState":"`+stateFrom(c)+`"`)
	if reply := send(t, d.NewSession(SessionOptions{}), retry); reply["result"] == nil {
		t.Errorf("a state of an instance with the same key: %s", show(reply))
	}
}

func errorCode(reply map[string]any) int {
	e, _ := reply["error"].(map[string]any)
	c, _ := e["code"].(float64)
	return int(c)
}

// A retry without its state, with a state altered, invented, or taken
// from another call is refused with -32602 and a message that says what
// to send, in the session's language; error.data holds the checker's
// report by 2026-07-28, not by the session's revision.
func TestRequestStateRefused(t *testing.T) {
	srv := newTestServer(Config{})
	s := srv.NewSession(SessionOptions{})
	prefs := stateOf(t, send(t, s, askCall("1", "ask_gift_preferences", `{}`, "")))
	birthday := stateOf(t, send(t, s, askCall("2", "write_card_message", `{"occasion":"birthday"}`, "")))
	// One letter changed in the seal.
	last := prefs[len(prefs)-1]
	swap := map[bool]string{true: "B", false: "A"}[last == 'A']
	altered := prefs[:len(prefs)-1] + swap
	card := `,"inputResponses":{"card":{"role":"assistant","content":{"type":"text","text":"Happy birthday!"},"model":"m"}}`
	tests := []struct {
		name, send string
		en, fr     string
	}{
		{"without requestState", askCall("3", "ask_gift_preferences", `{}`, `,`+preferences), stateMissing, french[stateMissing]},
		{"empty inputResponses without requestState", askCall("3", "ask_gift_preferences", `{}`, `,"inputResponses":{}`), stateMissing, french[stateMissing]},
		{"altered", askCall("3", "ask_gift_preferences", `{}`, `,`+preferences+`,"requestState":"`+altered+`"`), stateMismatch, french[stateMismatch]},
		{"invented", askCall("3", "ask_gift_preferences", `{}`, `,`+preferences+`,"requestState":"preferences-1"`), stateMismatch, french[stateMismatch]},
		{"from another tool", askCall("3", "ask_gift_preferences", `{}`, `,`+preferences+`,"requestState":"`+birthday+`"`), stateMismatch, french[stateMismatch]},
		{"from other arguments", askCall("3", "write_card_message", `{"occasion":"wedding"}`, card+`,"requestState":"`+birthday+`"`), stateMismatch, french[stateMismatch]},
		{"from other arguments, without answers", askCall("3", "write_card_message", `{"occasion":"wedding"}`, `,"requestState":"`+birthday+`"`), stateMismatch, french[stateMismatch]},
		{"not a string", askCall("3", "ask_gift_preferences", `{}`, `,`+preferences+`,"requestState":7`), stateNotText, french[stateNotText]},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.fr == "" || !strings.Contains(tt.fr, "\u00a0:") {
				t.Fatalf("no French for %q", tt.en)
			}
			for lang, want := range map[i18n.Lang]string{i18n.EN: tt.en, i18n.FR: tt.fr} {
				reply := send(t, srv.NewSession(SessionOptions{Lang: lang}), tt.send)
				e, _ := reply["error"].(map[string]any)
				if errorCode(reply) != CodeInvalidParams || e["message"] != want {
					t.Errorf("%s: got %s\nwant -32602 %q", lang, show(reply), want)
				}
				if strings.Contains(show(e["data"]), "other-revision") {
					t.Errorf("%s: error.data judges the request by another revision: %s", lang, show(e["data"]))
				}
			}
		})
	}
	// The right state for the other arguments is accepted.
	good := send(t, s, askCall("4", "write_card_message", `{"occasion":"birthday"}`, card+`,"requestState":"`+birthday+`"`))
	if res, _ := good["result"].(map[string]any); res["resultType"] != "complete" {
		t.Errorf("the card's own state: %s", show(good))
	}
}

// Older revisions have no requestState: a legacy tools/call ignores one,
// as it ignores inputResponses.
func TestRequestStateNotBefore2026(t *testing.T) {
	for _, rev := range []string{Rev20250618, Rev20251125} {
		s := newTestServer(Config{}).NewSession(SessionOptions{})
		send(t, s, `{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"`+rev+`","capabilities":{},"clientInfo":{"name":"test","version":"1"}}}`)
		s.Handle(context.Background(), []byte(initialized))
		reply := send(t, s, `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"ask_gift_preferences",`+preferences+`,"requestState":"forged"}}`)
		res, _ := reply["result"].(map[string]any)
		if res == nil || res["isError"] != true || res["requestState"] != nil || res["resultType"] != nil {
			t.Errorf("%s: %s", rev, show(reply))
		}
	}
}
