package web

import (
	"strconv"
	"strings"
	"testing"
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
	b.send(call(1, ""))
	b.send(call(2, ""))
	if res := b.checkExchange(id); res.Passed {
		t.Errorf("the same call sent twice, without the answers, passed: %+v", res.Checks)
	}
	b.send(call(3, `,"inputResponses":{"preferences":{"action":"accept","content":{"category":"games","maxBudget":40}}}`))
	x, _ := b.exchange()
	last := string(x.Exchange[len(x.Exchange)-1].Message)
	if !strings.Contains(last, `"resultType":"complete"`) || !strings.Contains(last, "Wooden dice tower") {
		t.Fatalf("the retry's answer: %s", last)
	}
	if res := b.checkExchange(id); !res.Passed {
		t.Fatalf("the right session did not pass: %+v\n%s", res.Checks, res.FeedbackHTML)
	}
}
