package web

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// The live exercise on 2026-07-28 passes in the real console: no
// handshake, the tool asks in an input_required result, and the retry, a
// new request with the answers and the result's requestState, gets the
// gift ideas. Sending the same call again without the answers does not
// pass, nor does a retry without the requestState (the server refuses it).
func TestConsoleLive2026ExercisePasses(t *testing.T) {
	t.Parallel()
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
	state := ""
	for i := 1; i <= 2; i++ {
		b.send(call(i, ""))
		if events == nil {
			events = watchEvents(t, b) // the first message made the learner
		}
		got := waitAnswer(events, strconv.Itoa(i))
		m := requestStateIn.FindStringSubmatch(got)
		if !strings.Contains(got, `"resultType":"input_required"`) || m == nil {
			t.Fatalf("call %d: %s", i, got)
		}
		state = m[1]
	}
	if res := b.checkExchange(id); res.Passed {
		t.Errorf("the same call sent twice, without the answers, passed: %+v", res.Checks)
	}
	const answers = `,"inputResponses":{"preferences":{"action":"accept","content":{"category":"games","maxBudget":40}}}`
	b.send(call(3, answers))
	if got := waitAnswer(events, "3"); !strings.Contains(got, `"code":-32602`) || !strings.Contains(got, "requestState") {
		t.Fatalf("the retry without requestState: %s", got)
	}
	if res := b.checkExchange(id); res.Passed {
		t.Errorf("a retry without requestState passed: %+v", res.Checks)
	}
	b.send(call(4, answers+`,"requestState":"`+state+`"`))
	if got := waitAnswer(events, "4"); !strings.Contains(got, `"resultType":"complete"`) || !strings.Contains(got, "Wooden dice tower") {
		t.Fatalf("the retry's answer: %s", got)
	}
	if res := b.checkExchange(id); !res.Passed {
		t.Fatalf("the right session did not pass: %+v\n%s", res.Checks, res.FeedbackHTML)
	}
}

// requestStateIn finds the requestState of an input_required result.
var requestStateIn = regexp.MustCompile(`"requestState":"([^"]+)"`)

// waitAnswer returns the gift server's response with this id (as JSON)
// once the console's exchange holds it: ask_gift_preferences runs on its
// own, and its answer comes after the POST that sent the call.
func waitAnswer(events *eventWatch, id string) string {
	events.t.Helper()
	return events.until("the response with id "+id, responseTo(id)).Raw
}
