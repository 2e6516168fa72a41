package web

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/mcpplayground/playground/internal/i18n"
)

// exchangeReply is the answer of GET /api/console/exchange.
type exchangeReply struct {
	Exchange []struct {
		From    string          `json:"from"`
		Message json.RawMessage `json:"message"`
	} `json:"exchange"`
	LeftOut int `json:"left_out"`
}

func (b *browser) exchange() (exchangeReply, string) {
	b.t.Helper()
	r := b.get("/api/console/exchange")
	if r.status != 200 {
		b.t.Fatalf("GET /api/console/exchange = %d %s", r.status, r.body)
	}
	var x exchangeReply
	if err := json.Unmarshal([]byte(r.body), &x); err != nil {
		b.t.Fatal(err)
	}
	var whole struct {
		Exchange json.RawMessage `json:"exchange"`
	}
	json.Unmarshal([]byte(r.body), &whole)
	return x, string(whole.Exchange)
}

// checkExchange posts the session as the live exercise's answer, as the
// page's script does.
func (b *browser) checkExchange(id string) attemptResponse {
	b.t.Helper()
	_, raw := b.exchange()
	r := b.do("POST", "/api/exercises/"+id+"/attempts?lang=en", "application/json", `{"answer": {"exchange": `+raw+`}}`)
	if r.status != 200 {
		b.t.Fatalf("attempt = %d %s", r.status, r.body)
	}
	var out attemptResponse
	if err := json.Unmarshal([]byte(r.body), &out); err != nil {
		b.t.Fatal(err)
	}
	return out
}

// A live exercise passes end to end: the learner talks to the gift server
// in the console, and the session, sent as the answer, meets the checks.
func TestConsoleLiveExercisePasses(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t, Config{}, withMock(quickSlowTool))
	b := newBrowser(t, e.serve(t))
	const id = "tools-live-suggest-gifts"
	ex, _ := e.catalog.Exercise(id)

	page := b.get("/en/console?exercise=" + id)
	if page.status != 200 {
		t.Fatalf("GET the console with an exercise = %d", page.status)
	}
	mustContain(t, "exercise console", page.body, escapeText(ex.TextIn(i18n.EN).Title), "Live exercise", "Check my exchange",
		`data-attempts-api="/api/exercises/`+id+`/attempts?lang=en"`, `action="/en/console/hints?exercise=`+id+`"`,
		`action="/en/console/check?exercise=`+id+`"`)

	if res := b.checkExchange(id); res.Passed {
		t.Error("an empty session passed")
	}
	b.send(msgInitialize)
	b.send(msgInitialized)
	b.send(`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"suggest_gifts","arguments":{"occasion":"birthday","budget":"50"}}}`)
	res := b.checkExchange(id)
	if res.Passed || !strings.Contains(res.FeedbackHTML, "as a number") {
		t.Errorf("a budget given as text: passed %v, feedback %s", res.Passed, res.FeedbackHTML)
	}
	// The corrected call is a new request, so it takes a new id: the
	// conversation checker refuses a reused one.
	b.send(strings.Replace(msgSuggest, `"id":2`, `"id":3`, 1))
	x, _ := b.exchange()
	if len(x.Exchange) != 7 || x.Exchange[0].From != "client" || x.Exchange[1].From != "server" || x.LeftOut != 0 {
		t.Errorf("exchange: %d messages (left out %d), first from %s", len(x.Exchange), x.LeftOut, x.Exchange[0].From)
	}
	res = b.checkExchange(id)
	if !res.Passed || res.Status != "passed" {
		t.Fatalf("the right session did not pass: %+v", res.Checks)
	}
	status := ""
	for _, lp := range b.progress().Lessons {
		for _, ep := range lp.Exercises {
			if ep.ID == id {
				status = ep.Status
			}
		}
	}
	if status != "passed" {
		t.Errorf("progress after the live exercise: %q, want passed", status)
	}
	page = b.get("/en/console?exercise=" + id)
	mustContain(t, "console after passing", page.body, `class="fb fb-pass"`, `badge-passed`)
	if strings.Contains(page.body, `data-goto`) && strings.Contains(page.body[strings.Index(page.body, `id="ex-result"`):], `href="#answer" data-goto`) {
		t.Error("the verdict points at lines of the exchange as if they were in the editor")
	}
}

// Without JavaScript: the console's own form checks the session, and the
// hints open on the console.
func TestConsoleLiveExerciseWithoutJavaScript(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t, Config{}, withMock(quickSlowTool))
	b := newBrowser(t, e.serve(t))
	const id = "notifications-live-progress"
	target := "/en/console/check?exercise=" + id

	if r := b.postForm(target, nil); r.status != http.StatusUnprocessableEntity || !strings.Contains(r.body, "Your session is empty") {
		t.Errorf("check of no session = %d", r.status)
	}
	b.send(msgInitialize)
	events := watchEvents(t, b)
	b.send(msgInitialized)
	b.send(`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"prepare_delivery","arguments":{"steps":1}}}`)
	events.until("the answer to the call without a token", responseTo("2"))
	if r := b.postForm(target, nil); r.status != 200 || !strings.Contains(r.body, `class="fb fb-fail"`) || !strings.Contains(r.body, "progressToken") {
		t.Errorf("a call without a token: %d, want the verdict that asks for a token", r.status)
	}
	b.send(msgSlowCall)
	events.until("the slow call's result", responseTo("3"))
	if r := b.postForm(target, nil); r.status != 200 || !strings.Contains(r.body, `class="fb fb-pass"`) {
		t.Fatalf("the session with progress: %d, want a pass\n%s", r.status, r.body)
	}

	r := b.postForm("/en/console/hints?exercise="+id, url.Values{"hint": {"1"}})
	if r.status != http.StatusSeeOther || r.header.Get("Location") != "/en/console?exercise="+id+"#hint-1" {
		t.Fatalf("hint = %d to %q", r.status, r.header.Get("Location"))
	}
	page := b.get("/en/console?exercise=" + id)
	mustContain(t, "hint opened", page.body, `id="hint-1"`, "Show hint 2 of 3")

	if r := b.postForm("/en/console/check?exercise=requests-classify-ids", nil); r.status != http.StatusBadRequest {
		t.Errorf("check for an exercise that is not live = %d, want 400", r.status)
	}
}
