package web

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"
	"time"
)

// The live exercise on 2026-07-28 passes in the real console: no
// handshake, the tool asks in an input_required result, and the retry, a
// new request with the answers, gets the gift ideas. Sending the same call
// again without the answers does not pass.
func TestConsoleLive2026ExercisePasses(t *testing.T) {
	e := newTestEnv(t, Config{})
	b := newBrowser(t, e.serve(t))
	const id = "stateless-2026-live-ask-and-retry"
	if _, ok := e.catalog.Exercise(id); !ok {
		t.Fatalf("no exercise %s", id)
	}
	if page := b.get("/en/console?exercise=" + id); page.status != 200 {
		t.Fatalf("GET the console with the exercise = %d", page.status)
	}
	const meta = `"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{"elicitation":{}}}`
	call := func(id int, extra string) string {
		return `{"jsonrpc":"2.0","id":` + strconv.Itoa(id) + `,"method":"tools/call","params":{` + meta + `,"name":"ask_gift_preferences","arguments":{}` + extra + `}}`
	}
	for i := 1; i <= 2; i++ {
		b.send(call(i, ""))
		if got := waitAnswer(t, b, strconv.Itoa(i)); !strings.Contains(got, `"resultType":"input_required"`) {
			t.Fatalf("call %d: %s", i, got)
		}
	}
	if res := b.checkExchange(id); res.Passed {
		t.Errorf("the same call sent twice, without the answers, passed: %+v", res.Checks)
	}
	b.send(call(3, `,"inputResponses":{"preferences":{"action":"accept","content":{"category":"games","maxBudget":40}}}`))
	if got := waitAnswer(t, b, "3"); !strings.Contains(got, `"resultType":"complete"`) || !strings.Contains(got, "Wooden dice tower") {
		t.Fatalf("the retry's answer: %s", got)
	}
	if res := b.checkExchange(id); !res.Passed {
		t.Fatalf("the right session did not pass: %+v\n%s", res.Checks, res.FeedbackHTML)
	}
}

// waitAnswer returns the gift server's response with this id (as JSON)
// once the console's exchange holds it: ask_gift_preferences runs on its
// own, and its answer comes after the POST that sent the call. Only the
// test's deadline bounds the wait.
func waitAnswer(t *testing.T, b *browser, id string) string {
	t.Helper()
	deadline := testDeadline(t)
	for {
		x, _ := b.exchange()
		for _, m := range x.Exchange {
			var v struct {
				ID     json.RawMessage `json:"id"`
				Method string          `json:"method"`
			}
			if m.From == "server" && json.Unmarshal(m.Message, &v) == nil && string(v.ID) == id && v.Method == "" {
				return string(m.Message)
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("no response with id %s in the console's exchange", id)
		}
		time.Sleep(10 * time.Millisecond)
	}
}
