package web

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/mcpplayground/playground/internal/exercise"
)

func TestTokenBucket(t *testing.T) {
	l := newLimiter(RateLimit{PerSecond: 2, Burst: 3})
	t0 := time.Unix(1000, 0)
	steps := []struct {
		at   time.Duration
		key  string
		ok   bool
		wait time.Duration
	}{
		{0, "a", true, 0},
		{0, "a", true, 0},
		{0, "a", true, 0},
		{0, "a", false, 500 * time.Millisecond}, // burst spent: one token per 500 ms
		{0, "b", true, 0},                       // another key has its own bucket
		{250 * time.Millisecond, "a", false, 250 * time.Millisecond},
		{500 * time.Millisecond, "a", true, 0},
		{500 * time.Millisecond, "a", false, 500 * time.Millisecond},
		{10 * time.Second, "a", true, 0}, // refilled, but never above the burst
		{10 * time.Second, "a", true, 0},
		{10 * time.Second, "a", true, 0},
		{10 * time.Second, "a", false, 500 * time.Millisecond},
	}
	for i, st := range steps {
		ok, wait := l.take(st.key, t0.Add(st.at))
		if ok != st.ok || wait != st.wait {
			t.Errorf("step %d: take(%s) at +%v = %v, %v; want %v, %v", i, st.key, st.at, ok, wait, st.ok, st.wait)
		}
	}
	// Buckets that refilled are forgotten at the next sweep.
	if n := l.size(); n != 2 {
		t.Fatalf("%d buckets, want 2", n)
	}
	l.take("c", t0.Add(2*time.Minute))
	if n := l.size(); n != 1 {
		t.Errorf("after a sweep %d buckets are kept, want only the new one", n)
	}
	off := newLimiter(RateLimit{PerSecond: -1})
	for range 1000 {
		if ok, _ := off.take("x", t0); !ok {
			t.Fatal("a limit turned off refused a request")
		}
	}
}

func TestRateLimitDefaults(t *testing.T) {
	if got := (RateLimit{}).orDefault(DefaultAttemptLimit); got != DefaultAttemptLimit {
		t.Errorf("zero limit = %+v, want the default", got)
	}
	if got := (RateLimit{PerSecond: 1}).orDefault(DefaultAttemptLimit); got.Burst != 1 {
		t.Errorf("a limit without burst = %+v, want burst 1", got)
	}
}

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

// TestFailureLimiterBurst: failures count from the first one of a burst,
// over the window, whatever the clock's minute; a network (an IPv6 /64)
// counts as one; every network together has a ceiling.
func TestFailureLimiterBurst(t *testing.T) {
	f := newFailureLimiter(FailureLimit{Max: 3, GlobalMax: 5, Window: time.Minute})
	t0 := time.Date(2026, 1, 1, 10, 0, 50, 0, time.UTC) // ten seconds before a minute ends
	for _, d := range []time.Duration{0, 5 * time.Second, 15 * time.Second} {
		f.fail("2001:db8::1", t0.Add(d))
	}
	if f.allow("2001:db8::2", t0.Add(16*time.Second)) {
		t.Error("three failures across a clock minute's end were not counted together")
	}
	if !f.allow("2001:db8:0:1::1", t0.Add(16*time.Second)) {
		t.Error("another /64 was refused for the first one's failures")
	}
	if !f.allow("2001:db8::1", t0.Add(time.Minute)) {
		t.Error("the burst did not end a window after its first failure")
	}
	f.fail("10.0.0.1", t0.Add(20*time.Second))
	f.fail("10.0.0.2", t0.Add(20*time.Second))
	if f.allow("10.0.0.3", t0.Add(21*time.Second)) {
		t.Error("past the ceiling overall, a fresh address was allowed")
	}
	f2 := newFailureLimiter(FailureLimit{}.orDefault(DefaultJoinCodeLimit))
	if diff := cmp.Diff(DefaultJoinCodeLimit, f2.lim); diff != "" {
		t.Errorf("zero limit (-want +got):\n%s", diff)
	}
}

// TestLimiterCeiling: each key has its bucket and all of them together
// one more; a take the ceiling refuses leaves the key's token unspent.
func TestLimiterCeiling(t *testing.T) {
	l := newLimiter(RateLimit{PerSecond: 0.001, Burst: 2}).withCeiling(RateLimit{PerSecond: 0.001, Burst: 3})
	t0 := time.Unix(1000, 0)
	var got []bool
	for _, k := range []string{"a", "a", "b", "b", "c"} {
		ok, _ := l.take(k, t0)
		got = append(got, ok)
	}
	if diff := cmp.Diff([]bool{true, true, true, false, false}, got); diff != "" {
		t.Errorf("takes (-want +got):\n%s", diff)
	}
	if b := l.buckets["b"]; b == nil || b.tokens != 1 {
		t.Errorf("b's bucket after a refused take = %+v, want one token left", b)
	}
}
