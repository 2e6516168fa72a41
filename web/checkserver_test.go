package web

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/mcpplayground/playground/internal/exercise"
	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/internal/netguard"
	"github.com/mcpplayground/playground/internal/testing/gifttest"
	"github.com/mcpplayground/playground/mockserver"
)

// exerciseStatus is the learner's status on an exercise, from the
// progress API.
func exerciseStatus(b *browser, id string) (string, int) {
	for _, l := range b.progress().Lessons {
		for _, ex := range l.Exercises {
			if ex.ID == id {
				return ex.Status, ex.Attempts
			}
		}
	}
	b.t.Fatalf("exercise %s is not in the progress", id)
	return "", 0
}

// The page, through the real router, checks the bundled gift server in
// both languages: every step passed, the messages in the exchange's
// timeline and diagram, and the pass recorded in the learner's progress.
func TestCheckServerPassesAndRecords(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t, Config{})
	gift := gifttest.URL(t, mockserver.Config{})
	const id = "tools-server-gift-server"
	for _, l := range i18n.All {
		t.Run(string(l), func(t *testing.T) {
			b := newBrowser(t, e.serve(t))
			page := b.get("/" + string(l) + "/check-server")
			if page.status != 200 {
				t.Fatalf("GET = %d", page.status)
			}
			x := i18n.CheckServerFor(l)
			mustContain(t, "form", page.body, escapeText(x.Title), `name="url"`, `value="`+id+`"`)
			r := b.postForm("/"+string(l)+"/check-server", url.Values{"url": {gift}, "exercise": {id}, "protocol": {"2025-11-25"}})
			if r.status != 200 {
				t.Fatalf("POST = %d\n%s", r.status, r.body)
			}
			mustContain(t, "verdict", r.body,
				escapeText(x.Passed), escapeText(x.Recorded),
				`data-step="handshake" data-status="passed"`,
				`id="timeline"`, `id="msg-1"`, `data-method="initialize"`, `data-method="tools/call"`,
				`<svg`, // the sequence diagram
			)
			if strings.Contains(r.body, `data-status="failed"`) {
				t.Errorf("a step failed:\n%s", r.body)
			}
			if status, n := exerciseStatus(b, id); status != "passed" || n != 1 {
				t.Errorf("progress: %s after %d attempts, want passed after 1", status, n)
			}
		})
	}
}

// A server that answers a business failure as a JSON-RPC error fails the
// step that catches it, with the check's feedback in the learner's
// language, and the failure is recorded as an attempt.
func TestCheckServerExplainsFailure(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t, Config{})
	gift := gifttest.URL(t, mockserver.Config{Mistake: mockserver.MistakeBusinessAsProtocol})
	const id = "tools-server-gift-server"
	for _, l := range i18n.All {
		t.Run(string(l), func(t *testing.T) {
			b := newBrowser(t, e.serve(t))
			r := b.postForm("/"+string(l)+"/check-server", url.Values{"url": {gift}, "exercise": {id}})
			if r.status != 200 {
				t.Fatalf("POST = %d\n%s", r.status, r.body)
			}
			x := i18n.CheckServerFor(l)
			mustContain(t, "verdict", r.body, escapeText(x.Failed), `data-status="failed"`, `class="fb fb-fail"`, escapeText(i18n.ExerciseFor(l).NotYet))
			ex, _ := e.catalog.Exercise(id)
			feedbackSeen := false
			for _, st := range ex.Steps {
				for _, a := range st.Answers {
					for _, c := range a.Checks {
						if fb := c.Feedback(l); fb != "" && strings.Contains(r.body, string(exercise.InlineHTML(fb))) {
							feedbackSeen = true
						}
					}
				}
			}
			if !feedbackSeen {
				t.Errorf("no check's feedback in %s on the page", l)
			}
			if status, _ := exerciseStatus(b, id); status != "failed" {
				t.Errorf("progress: %s, want failed", status)
			}
		})
	}
}

// URLs outside the policy are refused before anything is sent, with a
// message that says why, in the learner's language.
func TestCheckServerRefusesURLs(t *testing.T) {
	t.Parallel()
	gift := gifttest.URL(t, mockserver.Config{})
	redirect := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "http://169.254.169.254/latest/meta-data/", http.StatusTemporaryRedirect)
	}))
	t.Cleanup(redirect.Close)
	dns := func(_ context.Context, host string) ([]netip.Addr, error) {
		switch host {
		case "metadata.test":
			return []netip.Addr{netip.MustParseAddr("169.254.169.254")}, nil
		case "lan.test":
			return []netip.Addr{netip.MustParseAddr("192.168.1.20")}, nil
		}
		return []netip.Addr{netip.MustParseAddr("127.0.0.1")}, nil
	}
	e := newTestEnv(t, Config{ServerChecks: netguard.NewPolicy(nil).WithLookup(dns)})
	for _, l := range i18n.All {
		x := i18n.CheckServerFor(l)
		cases := []struct {
			url, want string
			status    int
		}{
			{"http://93.184.216.34/mcp", fmtText(x.RefusedNotAllowed, "93.184.216.34"), 422},
			{"http://169.254.169.254/latest/meta-data/", fmtText(x.RefusedNever, "169.254.169.254"), 422},
			{"http://metadata.test/mcp", fmtText(x.RefusedNever, "169.254.169.254"), 422},
			{"http://lan.test:3000/mcp", fmtText(x.RefusedNotAllowed, "192.168.1.20"), 422},
			{redirect.URL + "/mcp", fmtText(x.RefusedNever, "169.254.169.254"), 502},
			{"file:///etc/passwd", x.RefusedScheme, 422},
			{"ftp://127.0.0.1/mcp", x.RefusedScheme, 422},
			{"127.0.0.1:3000", x.RefusedURL, 422},
		}
		for _, c := range cases {
			t.Run(string(l)+" "+c.url, func(t *testing.T) {
				b := newBrowser(t, e.serve(t))
				r := b.postForm("/"+string(l)+"/check-server", url.Values{"url": {c.url}})
				if r.status != c.status {
					t.Errorf("POST %s = %d, want %d", c.url, r.status, c.status)
				}
				mustContain(t, c.url, r.body, escapeText(c.want), `role="alert"`)
				if strings.Contains(r.body, `id="timeline"`) {
					t.Errorf("%s: a check ran", c.url)
				}
			})
		}
	}
	// The policy lets the gift server on loopback through.
	b := newBrowser(t, e.serve(t))
	if r := b.postForm("/en/check-server", url.Values{"url": {gift}}); r.status != 200 {
		t.Errorf("loopback gift server = %d", r.status)
	}
}

// A learner runs one check at a time: while the first waits on their
// server, a second is refused with 409 and a message; once the first ends,
// the next one runs.
func TestCheckServerOneRunAtATime(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t, Config{})
	gift := mockserver.NewHTTPHandler(mockserver.New(mockserver.Config{}), mockserver.HTTPConfig{})
	t.Cleanup(gift.Close)
	arrived, release := make(chan struct{}), make(chan struct{})
	var first atomic.Bool
	first.Store(true)
	slow := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if first.CompareAndSwap(true, false) {
			close(arrived)
			<-release
		}
		gift.ServeHTTP(w, r)
	}))
	t.Cleanup(slow.Close)
	b := newBrowser(t, e.serve(t))
	b.get("/en/check-server")
	// Create the learner first, so both posts are the same learner's.
	b.postForm("/en/progress/name", url.Values{"name": {"Ada"}})
	done := make(chan reply, 1)
	go func() { done <- b.postForm("/en/check-server", url.Values{"url": {slow.URL}}) }()
	<-arrived
	second := b.postForm("/en/check-server", url.Values{"url": {slow.URL}})
	close(release)
	if second.status != http.StatusConflict {
		t.Errorf("second run = %d, want 409", second.status)
	}
	mustContain(t, "second run", second.body, escapeText(i18n.CheckServerFor(i18n.EN).Busy))
	if r := <-done; r.status != 200 {
		t.Errorf("first run = %d\n%s", r.status, r.body)
	}
	if third := b.postForm("/en/check-server", url.Values{"url": {slow.URL}}); third.status != 200 {
		t.Errorf("run after the first = %d", third.status)
	}
}

// The script's post gets the steps as server-sent events, one per step,
// then the verdict.
func TestCheckServerStreamsSteps(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t, Config{})
	gift := gifttest.URL(t, mockserver.Config{})
	b := newBrowser(t, e.serve(t))
	r := b.do("POST", "/fr/check-server", "application/x-www-form-urlencoded",
		url.Values{"url": {gift}, "exercise": {"lifecycle-server-handshake-tools"}}.Encode(),
		"Accept", "text/event-stream, application/json")
	if r.status != 200 || !strings.HasPrefix(r.header.Get("Content-Type"), "text/event-stream") {
		t.Fatalf("POST = %d %s", r.status, r.header.Get("Content-Type"))
	}
	ex, _ := e.catalog.Exercise("lifecycle-server-handshake-tools")
	if got, want := strings.Count(r.body, "event: step\n"), len(ex.Steps); got != want {
		t.Errorf("%d step events, want %d", got, want)
	}
	if strings.Count(r.body, "event: done\n") != 1 || !strings.Contains(r.body, `"passed":true`) {
		t.Errorf("no passing done event:\n%s", r.body)
	}
	refused := b.do("POST", "/fr/check-server", "application/x-www-form-urlencoded",
		url.Values{"url": {"http://169.254.169.254/"}}.Encode(), "Accept", "text/event-stream, application/json")
	if refused.status != 422 || !strings.Contains(refused.body, `"error"`) {
		t.Errorf("refused stream = %d %s", refused.status, refused.body)
	}
}

// fmtText is a formatted message as the page escapes it.
func fmtText(format string, args ...any) string { return escapeText(fmt.Sprintf(format, args...)) }

// The instructor's dashboard shows a server check's pass like any
// exercise's.
func TestCheckServerOnTheDashboard(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t, Config{}, asWorkshop())
	gift := gifttest.URL(t, mockserver.Config{})
	base := e.serve(t)
	b := newBrowser(t, base)
	const id = "lifecycle-server-handshake-tools"
	if r := b.postForm("/en/check-server", url.Values{"url": {gift}, "exercise": {id}}); r.status != 200 {
		t.Fatalf("POST = %d", r.status)
	}
	r := newBrowser(t, base).do("GET", "/instructor/dashboard.json", "", "", "Authorization", "Bearer "+testToken)
	var dash struct {
		Learners []struct {
			Exercises map[string]struct {
				Status string `json:"status"`
			} `json:"exercises"`
		} `json:"learners"`
	}
	if err := json.Unmarshal([]byte(r.body), &dash); err != nil || len(dash.Learners) != 1 {
		t.Fatalf("dashboard = %d %s (%v)", r.status, r.body, err)
	}
	if got := dash.Learners[0].Exercises[id].Status; got != "passed" {
		t.Errorf("dashboard status of %s = %q, want passed", id, got)
	}
}

// A check run again as soon as the last one's verdict arrives is run, not
// refused as if the last one were still going (its slot is freed before
// the verdict is written).
func TestCheckServerAgainAtOnce(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t, Config{ServerCheckLimit: RateLimit{PerSecond: -1}})
	gift := gifttest.URL(t, mockserver.Config{})
	b := newBrowser(t, e.serve(t))
	b.postForm("/en/progress/name", url.Values{"name": {"Ada"}})
	for i := range 3 {
		req, _ := http.NewRequest("POST", b.base+"/en/check-server", strings.NewReader(url.Values{"url": {gift}}.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("Sec-Fetch-Site", "same-origin")
		req.Header.Set("Accept", "text/event-stream")
		resp, err := b.c.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("check %d = %d, want 200", i+1, resp.StatusCode)
		}
		// Read up to the verdict only: the next check starts while this
		// response is still open.
		sc := bufio.NewScanner(resp.Body)
		for sc.Scan() && sc.Text() != "event: done" {
		}
		t.Cleanup(func() { resp.Body.Close() })
	}
}
