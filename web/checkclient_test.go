package web

import (
	"bufio"
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mcpplayground/playground/internal/clientcheck"
	"github.com/mcpplayground/playground/internal/i18n"
)

var clientURLRE = regexp.MustCompile(`value="(http://[^"]+/mcp/check/([0-9a-f]{32}))"`)

// personalURL asks for the learner's personal URL of an exercise and
// reads it from the page.
func personalURL(t *testing.T, b *browser, l i18n.Lang, id string) string {
	t.Helper()
	r := b.postForm("/"+string(l)+"/check-client", url.Values{"exercise": {id}})
	if r.status != http.StatusSeeOther {
		t.Fatalf("POST check-client = %d\n%s", r.status, r.body)
	}
	page := b.get("/" + string(l) + "/check-client?exercise=" + id)
	m := clientURLRE.FindStringSubmatch(page.body)
	if page.status != 200 || m == nil {
		t.Fatalf("GET check-client = %d, no personal URL in\n%s", page.status, page.body)
	}
	return m[1]
}

// watchUntilDone reads the learner's event stream until the run ends and
// returns the last steps' HTML and the state.
func watchUntilDone(t *testing.T, b *browser, l i18n.Lang, id string) (html, state string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, b.base+"/"+string(l)+"/check-client/events?exercise="+id, nil)
	resp, err := b.c.Do(req)
	if err != nil {
		t.Fatalf("events: %v", err)
	}
	defer resp.Body.Close()
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		data, ok := strings.CutPrefix(sc.Text(), "data: ")
		if !ok {
			continue
		}
		var v struct{ HTML, State string }
		if json.Unmarshal([]byte(data), &v) != nil {
			t.Fatalf("not JSON: %s", data)
		}
		html, state = v.HTML, v.State
		if state == "passed" || state == "failed" {
			return html, state
		}
	}
	t.Fatalf("the stream ended in state %q", state)
	return "", ""
}

// Two learners check their clients at once, each at a personal URL on the
// playground's own /mcp: each page shows that learner's run only, with
// the CLI's verdicts, and a URL nobody was given answers 404.
func TestCheckClientTwoLearners(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t, Config{})
	base := e.serve(t)
	const id = "lifecycle-client-first-call"
	ada, bob := newBrowser(t, base), newBrowser(t, base)
	adaURL, bobURL := personalURL(t, ada, i18n.EN, id), personalURL(t, bob, i18n.FR, id)
	if adaURL == bobURL {
		t.Fatal("two learners got the same URL")
	}
	ex, _ := e.catalog.Exercise(id)
	plan := clientcheck.PlanOf(ex, i18n.EN)
	var wg sync.WaitGroup
	for _, c := range []struct{ url, mistake string }{{adaURL, ""}, {bobURL, "tool-for-name"}} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			defer cancel()
			clientcheck.PlayReference(ctx, c.url, plan, plan.Protocol, c.mistake)
		}()
	}
	adaHTML, adaState := watchUntilDone(t, ada, i18n.EN, id)
	bobHTML, bobState := watchUntilDone(t, bob, i18n.FR, id)
	wg.Wait()
	if adaState != "passed" || bobState != "failed" {
		t.Errorf("states: ada %s, bob %s\nada: %s\nbob: %s", adaState, bobState, adaHTML, bobHTML)
	}
	mustContain(t, "ada's steps", adaHTML, `data-step="first-call" data-status="passed"`)
	mustContain(t, "bob's steps", bobHTML, `data-step="initialize" data-status="passed"`, `data-step="first-call" data-status="failed"`,
		"Le nom de l’outil est dans", "suggest_gifts")
	if strings.Contains(adaHTML, "tool-for-name") || strings.Contains(adaHTML, `"tool":`) {
		t.Errorf("ada's page shows bob's messages:\n%s", adaHTML)
	}
	// A URL nobody was given is not a check; a learner with no URL reads nothing.
	stranger := newBrowser(t, base)
	r := stranger.do("POST", "/mcp/check/"+strings.Repeat("0", 32), "application/json", `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}`)
	if r.status != http.StatusNotFound {
		t.Errorf("an unknown key: %d", r.status)
	}
	if _, state := waitFirst(t, stranger, id); state != "waiting" {
		t.Errorf("a learner with no URL sees state %q", state)
	}
	// A new URL ends the old one.
	newURL := personalURL(t, ada, i18n.EN, id)
	key := clientURLRE.FindStringSubmatch(`value="` + adaURL + `"`)[2]
	if newURL == adaURL || e.srv.clientChecks.ofKey(key) != nil {
		t.Error("the old URL still works after a new one")
	}
}

// waitFirst reads the first event of a learner's stream.
func waitFirst(t *testing.T, b *browser, id string) (string, string) {
	t.Helper()
	r := b.get("/en/check-client/events?exercise=" + id)
	for _, line := range strings.Split(r.body, "\n") {
		if data, ok := strings.CutPrefix(line, "data: "); ok {
			var v struct{ HTML, State string }
			_ = json.Unmarshal([]byte(data), &v)
			return v.HTML, v.State
		}
	}
	t.Fatalf("no event in %q", r.body)
	return "", ""
}
