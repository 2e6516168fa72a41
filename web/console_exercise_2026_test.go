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
	var events *eventWatch
	for i := 1; i <= 2; i++ {
		b.send(call(i, ""))
		if events == nil {
			events = watchEvents(t, b) // the first message made the learner
		}
		if got := waitAnswer(events, strconv.Itoa(i)); !strings.Contains(got, `"resultType":"input_required"`) {
			t.Fatalf("call %d: %s", i, got)
		}
	}
	if res := b.checkExchange(id); res.Passed {
		t.Errorf("the same call sent twice, without the answers, passed: %+v", res.Checks)
	}
	b.send(call(3, `,"inputResponses":{"preferences":{"action":"accept","content":{"category":"games","maxBudget":40}}}`))
	if got := waitAnswer(events, "3"); !strings.Contains(got, `"resultType":"complete"`) || !strings.Contains(got, "Wooden dice tower") {
		t.Fatalf("the retry's answer: %s", got)
	}
	if res := b.checkExchange(id); !res.Passed {
		t.Fatalf("the right session did not pass: %+v\n%s", res.Checks, res.FeedbackHTML)
	}
}

// waitAnswer returns the gift server's response with this id (as JSON)
// once the console's exchange holds it: ask_gift_preferences runs on its
// own, and its answer comes after the POST that sent the call.
func waitAnswer(events *eventWatch, id string) string {
	events.t.Helper()
	return events.until("the response with id "+id, responseTo(id)).Raw
}
