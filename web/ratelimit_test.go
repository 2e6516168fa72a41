package web

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/mcpplayground/playground/internal/exercise"
)

// One learner who sends too fast gets 429 with Retry-After and a kind
// message in their language; another learner is not slowed down.
func TestAttemptsAreRateLimitedPerLearner(t *testing.T) {
	clock := &manualClock{t: time.Unix(1_000_000, 0)}
	e := newTestEnv(t, Config{AttemptLimit: RateLimit{PerSecond: 0.5, Burst: 3}, Clock: clock}, asWorkshop())
	base := e.serve(t)
	ex := e.exerciseOfKind(t, exercise.KindFix)
	fast := newBrowser(t, base)
	// The first attempt, before the learner exists, counts against the
	// address's anonymous bucket; the next three spend the learner's burst.
	for i := range 4 {
		if r := fast.postJSON("/api/exercises/"+ex.ID+"/attempts?lang=fr", map[string]string{"answer": ex.Starter}); r.status != 200 {
			t.Fatalf("attempt %d = %d", i, r.status)
		}
	}
	r := fast.postJSON("/api/exercises/"+ex.ID+"/attempts?lang=fr", map[string]string{"answer": ex.Starter})
	if r.status != http.StatusTooManyRequests {
		t.Fatalf("5th attempt (burst of 3 after the first) = %d, want 429", r.status)
	}
	if ra := r.header.Get("Retry-After"); ra != "2" {
		t.Errorf("Retry-After = %q, want 2 seconds (one token per 2 s, the clock stopped)", ra)
	}
	var body struct {
		Error      string `json:"error"`
		RetryAfter int    `json:"retry_after"`
	}
	if err := json.Unmarshal([]byte(r.body), &body); err != nil || !strings.Contains(body.Error, "Prenez le temps") || body.RetryAfter != 2 {
		t.Errorf("429 body = %s (%v)", r.body, err)
	}
	// The form path gets a page, in the page's language.
	form := fast.do("POST", "/en/exercises/"+ex.ID, "application/x-www-form-urlencoded", "answer=x", "Origin", base, "Sec-Fetch-Site", "same-origin")
	if form.status != http.StatusTooManyRequests || !strings.Contains(form.body, "A little slower, please") || form.header.Get("Retry-After") == "" {
		t.Errorf("form attempt over the limit = %d", form.status)
	}
	if n, _ := e.store.CountAttempts(t.Context()); n != 4 {
		t.Errorf("%d attempts stored, want 4 (refused ones are not graded)", n)
	}
	// Two seconds later the learner has one token again, and only one.
	clock.advance(2 * time.Second)
	for i, want := range []int{http.StatusOK, http.StatusTooManyRequests} {
		if r := fast.postJSON("/api/exercises/"+ex.ID+"/attempts", map[string]string{"answer": ex.Starter}); r.status != want {
			t.Errorf("attempt %d after 2 s = %d, want %d", i+1, r.status, want)
		}
	}
	calm := newBrowser(t, base)
	if r := calm.postJSON("/api/exercises/"+ex.ID+"/attempts", map[string]string{"answer": ex.Starter}); r.status != 200 {
		t.Errorf("another learner's first attempt = %d", r.status)
	}
}

// Without trusted proxies, X-Forwarded-For is not believed: a client cannot
// buy a fresh anonymous bucket by forging it. Behind a trusted proxy, the
// forwarded address is the client's.
func TestAnonymousLimitIgnoresForgedForwardedFor(t *testing.T) {
	ex := func(e *testEnv) *exercise.Exercise { return e.exerciseOfKind(t, exercise.KindFix) }
	send := func(e *testEnv, forwarded string) int {
		x := ex(e)
		req := httptest.NewRequest("POST", "/api/exercises/"+x.ID+"/attempts", strings.NewReader(`{"answer": `+jsonString(x.Starter)+`}`))
		req.RemoteAddr = "10.0.0.1:1234"
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Sec-Fetch-Site", "same-origin")
		req.Header.Set("X-Forwarded-For", forwarded)
		rec := httptest.NewRecorder()
		e.h.ServeHTTP(rec, req)
		return rec.Code
	}
	limit := RateLimit{PerSecond: 0.01, Burst: 2}
	clock := &manualClock{t: time.Unix(1_000_000, 0)}
	e := newTestEnv(t, Config{AnonymousLimit: limit, Clock: clock}, asWorkshop())
	codes := []int{send(e, "1.1.1.1"), send(e, "2.2.2.2"), send(e, "3.3.3.3")}
	if codes[2] != http.StatusTooManyRequests {
		t.Errorf("without trusted proxies, forged addresses got %v; want the third refused", codes)
	}
	behind := newTestEnv(t, Config{AnonymousLimit: limit, TrustedProxies: []string{"10.0.0.0/8"}, Clock: clock}, asWorkshop())
	codes = []int{send(behind, "1.1.1.1"), send(behind, "2.2.2.2"), send(behind, "3.3.3.3")}
	for i, c := range codes {
		if c != http.StatusOK {
			t.Errorf("behind a trusted proxy, client %d got %d; want 200 (one bucket per client)", i+1, c)
		}
	}
}
