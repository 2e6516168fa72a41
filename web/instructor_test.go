package web

import (
	"bufio"
	"context"
	"encoding/csv"
	"encoding/json"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/mcpplayground/playground/internal/exercise"
	"github.com/mcpplayground/playground/internal/guard"
	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/web/pagevm"
)

const testToken = "s3cret-instructor-token"

// signIn posts the token to the sign-in form, as a browser on this site.
func signIn(t testing.TB, b *browser, token string) reply {
	t.Helper()
	return b.do("POST", "/instructor/login?next=%2Finstructor", "application/x-www-form-urlencoded",
		url.Values{"token": {token}}.Encode(), "Origin", b.base, "Sec-Fetch-Site", "same-origin")
}

func cookieNamed(b *browser, path, name string) *http.Cookie {
	u, _ := url.Parse(b.base + path)
	for _, c := range b.c.Jar.Cookies(u) {
		if c.Name == name {
			return c
		}
	}
	return nil
}

// Without the token nothing of the instructor's opens: pages send to the
// sign-in form, scripts get 401, and a forged or copied cookie is refused.
func TestInstructorPagesNeedTheToken(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t, Config{}, asWorkshop())
	// This test tries every wrong credential once; the sign-in guard's
	// slowing of many is TestSignInGuard's.
	e.srv.instructorGuard = guard.NewSignInGuard(guard.SignInConfig{Limit: SignInLimit{FreeFailures: 1 << 20, GlobalFreeFailures: 1 << 20}, Log: e.srv.log})
	base := e.serve(t)
	learner := newBrowser(t, base)
	ex := e.exerciseOfKind(t, exercise.KindFix)
	learner.attempt(ex.ID, ex.Starter)

	anon := newBrowser(t, base)
	checkInstructorRoutesRefused(t, anon, ex.ID)
	checkResetsRefused(t, e, anon)
	checkForgedCookiesRefused(t, e, anon)
	b := newBrowser(t, base)
	checkSignIn(t, b)
	checkSignOutRevokes(t, b, anon, base)
}

// checkInstructorRoutesRefused: without the token, pages send to the
// sign-in form and scripts get 401 without a word of the data (exID is
// the id of the exercise attempted); a wrong Bearer token is refused, the
// right one accepted.
func checkInstructorRoutesRefused(t *testing.T, anon *browser, exID string) {
	t.Helper()
	for _, p := range []string{"/instructor", "/instructor/live", "/instructor/reset", "/instructor/learners/1/reset", "/instructor?anon=1"} {
		r := anon.get(p)
		if r.status != http.StatusSeeOther || !strings.HasPrefix(r.header.Get("Location"), "/instructor/login?next=") {
			t.Errorf("GET %s without the token = %d to %q, want 303 to the sign-in page", p, r.status, r.header.Get("Location"))
		}
	}
	for _, p := range []string{"/instructor/export.csv", "/instructor/attempts.jsonl", "/instructor/dashboard.json"} {
		r := anon.get(p)
		if r.status != http.StatusUnauthorized || !strings.Contains(r.header.Get("WWW-Authenticate"), "Bearer") {
			t.Errorf("GET %s without the token = %d, want 401 with WWW-Authenticate", p, r.status)
		}
		if strings.Contains(r.body, exID) {
			t.Errorf("GET %s without the token leaks data: %s", p, r.body)
		}
		for _, tok := range []string{"wrong", testToken + "x", strings.ToUpper(testToken), ""} {
			if r := anon.do("GET", p, "", "", "Authorization", "Bearer "+tok); r.status != http.StatusUnauthorized {
				t.Errorf("GET %s with Bearer %q = %d, want 401", p, tok, r.status)
			}
		}
		if r := anon.do("GET", p, "", "", "Authorization", "Bearer "+testToken); r.status != http.StatusOK {
			t.Errorf("GET %s with the right Bearer token = %d, want 200", p, r.status)
		}
	}
}

// checkResetsRefused: state-changing routes refuse without the token and
// erase nothing.
func checkResetsRefused(t *testing.T, e *testEnv, anon *browser) {
	t.Helper()
	for _, p := range []string{"/instructor/reset", "/instructor/learners/1/reset"} {
		r := anon.do("POST", p, "application/x-www-form-urlencoded", "confirm=yes")
		if r.status != http.StatusUnauthorized {
			t.Errorf("POST %s without the token = %d, want 401", p, r.status)
		}
	}
	if n, _ := e.store.CountAttempts(context.Background()); n != 1 {
		t.Fatalf("%d attempts after unauthorised resets, want 1", n)
	}
}

// checkForgedCookiesRefused: cookies that are not a session: the token
// itself, garbage, a session signed for another token, an expired session.
func checkForgedCookiesRefused(t *testing.T, e *testEnv, anon *browser) {
	t.Helper()
	secret, err := e.store.Secret(context.Background(), cookieSecret, 32)
	if err != nil {
		t.Fatal(err)
	}
	other := newInstructorAuth("another token", secret, e.store, false)
	now := time.Now()
	session := func(a *instructorAuth, at time.Time) string {
		v, err := a.newSession(context.Background(), at)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	for name, v := range map[string]string{
		"the token":       testToken,
		"garbage":         "123.abc",
		"other token":     session(other, now),
		"expired":         session(e.srv.instructor, now.Add(-13*time.Hour)),
		"far future":      strings.Replace(session(e.srv.instructor, now), "1", "9", 1),
		"no signature":    "99999999999.",
		"bearer as value": "Bearer " + testToken,
	} {
		r := anon.do("GET", "/instructor/dashboard.json", "", "", "Cookie", instructorCookie+"="+url.QueryEscape(v))
		if r.status != http.StatusUnauthorized {
			t.Errorf("cookie %s: GET /instructor/dashboard.json = %d, want 401", name, r.status)
		}
	}
}

// checkSignIn: the sign-in form refuses a wrong token kindly, and the
// right one opens a session whose cookie is not the token.
func checkSignIn(t *testing.T, b *browser) {
	t.Helper()
	if r := signIn(t, b, "nope"); r.status != http.StatusUnauthorized || !strings.Contains(r.body, "This is not the instructor token") {
		t.Errorf("wrong token: %d\n%s", r.status, r.body)
	}
	if cookieNamed(b, "/instructor", instructorCookie) != nil {
		t.Fatal("a wrong token got a session cookie")
	}
	r := signIn(t, b, testToken)
	if r.status != http.StatusSeeOther || r.header.Get("Location") != "/instructor" {
		t.Fatalf("right token: %d to %q", r.status, r.header.Get("Location"))
	}
	var sc string
	for _, h := range r.header.Values("Set-Cookie") {
		if strings.HasPrefix(h, instructorCookie+"=") {
			sc = h
		}
	}
	for _, want := range []string{"Path=/instructor", "HttpOnly", "SameSite=Strict", "Max-Age="} {
		if !strings.Contains(sc, want) {
			t.Errorf("session cookie %q lacks %s", sc, want)
		}
	}
	if strings.Contains(sc, testToken) || strings.Contains(sc, url.QueryEscape(testToken)) {
		t.Errorf("the session cookie holds the token: %q", sc)
	}
	if c := cookieNamed(b, "/", learnerCookie); c != nil {
		t.Errorf("signing in as instructor set a learner cookie")
	}
	if r := b.get("/instructor"); r.status != http.StatusOK || !strings.Contains(r.body, "Workshop dashboard") {
		t.Errorf("dashboard after sign-in = %d", r.status)
	} else if r.header.Get("Cache-Control") != "no-store" {
		t.Errorf("dashboard Cache-Control = %q, want no-store", r.header.Get("Cache-Control"))
	}
}

// checkSignOutRevokes: signing out forgets the session in this browser
// and revokes it on the server: a copy of the cookie taken before stops
// working too.
func checkSignOutRevokes(t *testing.T, b, anon *browser, base string) {
	t.Helper()
	copied := cookieNamed(b, "/instructor", instructorCookie)
	if copied == nil {
		t.Fatal("no session cookie after sign-in")
	}
	if r := anon.do("GET", "/instructor/dashboard.json", "", "", "Cookie", instructorCookie+"="+copied.Value); r.status != http.StatusOK {
		t.Fatalf("copied cookie before sign-out = %d, want 200", r.status)
	}
	b.do("POST", "/instructor/logout", "application/x-www-form-urlencoded", "", "Origin", base, "Sec-Fetch-Site", "same-origin")
	if r := b.get("/instructor"); r.status != http.StatusSeeOther {
		t.Errorf("dashboard after sign-out = %d, want 303", r.status)
	}
	if r := anon.do("GET", "/instructor/dashboard.json", "", "", "Cookie", instructorCookie+"="+copied.Value); r.status != http.StatusUnauthorized {
		t.Errorf("copied cookie after sign-out = %d, want 401", r.status)
	}
}

// TestSignInGuard: past the free failures, every guess of the network —
// right or wrong, by form or Bearer — is answered at its turn, one pace
// after the previous one; past the guesses allowed to wait, a guess is
// refused untried. Another network is answered at once, and a signed-in
// instructor is never slowed.
func TestSignInGuard(t *testing.T) {
	t.Parallel()
	clock := &manualClock{t: time.Unix(1_000_000, 0)}
	e := newTestEnv(t, Config{Clock: clock, TrustedProxies: []string{"127.0.0.1"}}, asWorkshop())
	var waits []time.Duration
	e.srv.instructorGuard = guard.NewSignInGuard(guard.SignInConfig{Limit: e.srv.cfg.SignInLimit, Log: e.srv.log,
		Wait: func(_ context.Context, d time.Duration) error { waits = append(waits, d); return nil }})
	pace := e.srv.instructorGuard.Pace()
	b := newBrowser(t, e.serve(t))
	signedIn := newBrowser(t, b.base)
	if r := signIn(t, signedIn, testToken); r.status != http.StatusSeeOther {
		t.Fatalf("signing in before the guessing = %d", r.status)
	}
	from := func(addr string) []string { return []string{"X-Forwarded-For", addr} }
	bearer := func(tok, addr string) int {
		return b.do("GET", "/instructor/export.csv", "", "", append(from(addr), "Authorization", "Bearer "+tok)...).status
	}
	var codes []int
	for range 5 {
		codes = append(codes, signIn(t, b, "guess").status, bearer("guess", "127.0.0.1"))
	}
	// The turns of a burst: now, then one pace later, two paces later;
	// a third waiting guess is one too many, right or wrong.
	codes = append(codes, bearer("guess", "127.0.0.1"), bearer(testToken, "127.0.0.1"), signIn(t, b, "guess").status, bearer(testToken, "127.0.0.1"))
	want := []int{401, 401, 401, 401, 401, 401, 401, 401, 401, 401, 401, 200, 401, 429}
	if diff := cmp.Diff(want, codes); diff != "" {
		t.Errorf("answers (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]time.Duration{pace, 2 * pace}, waits); diff != "" {
		t.Errorf("waits for their turn (-want +got):\n%s", diff)
	}
	if c := bearer(testToken, "198.51.100.7"); c != http.StatusOK {
		t.Errorf("the right token from another network during the guessing = %d, want 200", c)
	}
	if r := signedIn.get("/instructor/export.csv"); r.status != http.StatusOK {
		t.Errorf("a signed-in instructor during the guessing = %d, want 200", r.status)
	}
	if len(waits) != 2 {
		t.Errorf("%d waits, want none beyond the network's two", len(waits))
	}
	clock.advance(3 * pace)
	if c := bearer(testToken, "127.0.0.1"); c != http.StatusOK {
		t.Errorf("the right token once the network's turns are past = %d, want 200", c)
	}
}

// TestSignInGuardDeviceLane: a browser that signed in before and signed
// out keeps a device cookie, and its guesses count in a lane of its own:
// while its network's turns are all taken by a guesser, the right token
// from it signs in at once, and its wrong guesses take none of the
// network's turns. A forged device cookie counts for the network.
func TestSignInGuardDeviceLane(t *testing.T) {
	t.Parallel()
	clock := &manualClock{t: time.Unix(1_000_000, 0)}
	e := newTestEnv(t, Config{Clock: clock}, asWorkshop())
	var waits []time.Duration
	e.srv.instructorGuard = guard.NewSignInGuard(guard.SignInConfig{Limit: e.srv.cfg.SignInLimit, Log: e.srv.log,
		Wait: func(_ context.Context, d time.Duration) error { waits = append(waits, d); return nil }})
	base := e.serve(t)
	known := newBrowser(t, base)
	if r := signIn(t, known, testToken); r.status != http.StatusSeeOther {
		t.Fatalf("first sign-in = %d", r.status)
	}
	known.do("POST", "/instructor/logout", "application/x-www-form-urlencoded", "", "Origin", base, "Sec-Fetch-Site", "same-origin")
	device := cookieNamed(known, "/instructor", instructorDeviceCookie)
	if device == nil || cookieNamed(known, "/instructor", instructorCookie) != nil {
		t.Fatalf("after signing out: device cookie %v, session cookie %v; want the device's only", device, cookieNamed(known, "/instructor", instructorCookie))
	}
	guesser := newBrowser(t, base)
	for range 13 { // ten free, then the three turns the network may take
		signIn(t, guesser, "guess")
	}
	forged := newBrowser(t, base)
	codes := []int{
		signIn(t, guesser, testToken).status,
		forged.do("POST", "/instructor/login", "application/x-www-form-urlencoded", url.Values{"token": {testToken}}.Encode(),
			"Origin", base, "Sec-Fetch-Site", "same-origin", "Cookie", instructorDeviceCookie+"=AAAA."+strings.Repeat("A", 43)).status,
		signIn(t, known, "guess").status,
		signIn(t, known, testToken).status,
	}
	want := []int{http.StatusTooManyRequests, http.StatusTooManyRequests, http.StatusUnauthorized, http.StatusSeeOther}
	if diff := cmp.Diff(want, codes); diff != "" {
		t.Errorf("answers while the network's turns are taken: the guesser's right token, a forged device's, the known browser's wrong then right (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]time.Duration{e.srv.instructorGuard.Pace(), 2 * e.srv.instructorGuard.Pace()}, waits); diff != "" {
		t.Errorf("waits: the network's two only (-want +got):\n%s", diff)
	}
	if r := known.get("/instructor/export.csv"); r.status != http.StatusOK {
		t.Errorf("the known browser after signing in again = %d, want 200", r.status)
	}
}

func TestSafeNext(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"/instructor":                "/instructor",
		"/instructor?anon=1":         "/instructor?anon=1",
		"/instructor/reset":          "/instructor/reset",
		"//evil.example/instructor":  "/instructor",
		"https://evil.example/":      "/instructor",
		"/instructor/login?next=x":   "/instructor",
		"/instructorX":               "/instructor",
		"/instructor/\\evil.example": "/instructor",
		"":                           "/instructor",
	} {
		if got := safeNext(in, "/instructor"); got != want {
			t.Errorf("safeNext(%q) = %q, want %q", in, got, want)
		}
	}
	for in, want := range map[string]string{
		"/en/lessons/x": "/en/lessons/x", "//evil": "/", "/\\evil": "/", "http://x": "/", "": "/",
	} {
		if got := localPath(in, "/"); got != want {
			t.Errorf("localPath(%q) = %q, want %q", in, got, want)
		}
	}
}

// A small room: the dashboard shows who did what, the pass rate, the
// median attempts, the most frequent problems and who is stuck; the JSON
// agrees; the anonymous mode shows no name anywhere.
func TestDashboardShowsTheRoom(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t, Config{}, asWorkshop())
	base := e.serve(t)
	ex := e.exerciseOfKind(t, exercise.KindFix)
	ctx := context.Background()
	learn := func(name string, answers ...string) {
		b := newBrowser(t, base)
		for _, a := range answers {
			b.attempt(ex.ID, a)
		}
		l, err := e.store.LearnerByToken(ctx, learnerToken(t, b))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := e.store.SetDisplayName(ctx, l.ID, name); err != nil {
			t.Fatal(err)
		}
	}
	sol := ex.Solutions[0]
	learn("Ada", sol)
	learn("Grace", ex.Starter, sol)
	learn("Linus", ex.Starter, ex.Starter, ex.Starter, ex.Starter)

	b := newBrowser(t, base)
	signIn(t, b, testToken)
	page := b.get("/instructor")
	if page.status != 200 {
		t.Fatalf("GET /instructor = %d", page.status)
	}
	mustContain(t, "/instructor", page.body, "Ada", "Grace", "Linus", "3 learners · 7 attempts",
		`data-pass-rate>67%`, `data-median>2</td>`, `data-stuck`, `href="/instructor/export.csv"`, `data-live-url="/instructor/live?lang=en"`,
		`<td class="cell cell-passed"><span aria-hidden="true">✓1<span class="hints"></span></span><span class="visually-hidden">passed, attempts: 1</span></td>`,
		`<td class="cell cell-failed"><span aria-hidden="true">✗4`)
	if strings.Contains(page.body, "<script>") || strings.Contains(page.body, ` style="`) {
		t.Error("the dashboard has inline script or style, which the CSP forbids")
	}

	var dash pagevm.DashJSON
	r := b.do("GET", "/instructor/dashboard.json", "", "", "Authorization", "Bearer "+testToken)
	if err := json.Unmarshal([]byte(r.body), &dash); err != nil {
		t.Fatalf("dashboard.json: %v\n%s", err, r.body)
	}
	var exj pagevm.DashExerciseJSON
	for _, x := range dash.Exercises {
		if x.ID == ex.ID {
			exj = x
		}
	}
	if exj.Tried != 3 || exj.Passed != 2 || exj.MedianAttempts != 2 || exj.PassRate == nil || len(exj.Problems) == 0 {
		t.Errorf("exercise in dashboard.json = %+v", exj)
	}
	if len(dash.Stuck) != 1 || dash.Stuck[0].Name != "Linus" || dash.Stuck[0].Failures != 4 {
		t.Errorf("stuck = %+v, want Linus with 4 failures", dash.Stuck)
	}
	// The first problem of the starter is the same for Grace and Linus.
	if p := exj.Problems[0]; p.Learners != 2 || p.Attempts != 5 || !strings.Contains(page.body, `data-problem="`+p.Code+`"`) {
		t.Errorf("most frequent problem = %+v (on the page: %v)", p, strings.Contains(page.body, p.Code))
	}

	for _, p := range []string{"/instructor?anon=1", "/instructor/live?anon=1", "/instructor/dashboard.json?anon=1"} {
		r := b.get(p)
		if r.status != 200 {
			t.Fatalf("GET %s = %d", p, r.status)
		}
		for _, name := range []string{"Ada", "Grace", "Linus"} {
			if strings.Contains(r.body, name) {
				t.Errorf("%s shows %q in anonymous mode", p, name)
			}
		}
		if !strings.Contains(r.body, "Learner 3") {
			t.Errorf("%s lacks the anonymous names", p)
		}
		if strings.Contains(r.body, "/reset") {
			t.Errorf("%s offers resets in anonymous mode", p)
		}
	}
	fr := b.get("/instructor?lang=fr")
	mustContain(t, "/instructor?lang=fr", fr.body, `<html lang="fr"`, "Tableau de bord de l’atelier", "67\u00a0%")
}

// The exports carry exactly what was stored: answers with markup or SQL
// come back byte for byte, and a name that looks like a formula cannot run
// in the instructor's spreadsheet.
func TestExports(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t, Config{}, asWorkshop())
	base := e.serve(t)
	ex := e.exerciseOfKind(t, exercise.KindFix)
	ctx := context.Background()
	b := newBrowser(t, base)
	answers := []string{ex.Starter, `{"x": "<script>alert(1)</script>"}` + "\n' OR 1=1; DROP TABLE attempts; --", ex.Solutions[0]}
	for _, a := range answers {
		b.attempt(ex.ID, a)
	}
	l, err := e.store.LearnerByToken(ctx, learnerToken(t, b))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.store.SetDisplayName(ctx, l.ID, `=HYPERLINK("http://evil.example","x")`); err != nil {
		t.Fatal(err)
	}

	bearer := []string{"Authorization", "Bearer " + testToken}
	r := b.do("GET", "/instructor/attempts.jsonl", "", "", bearer...)
	if r.status != 200 || !strings.HasPrefix(r.header.Get("Content-Type"), "application/jsonl") {
		t.Fatalf("attempts.jsonl = %d %q", r.status, r.header.Get("Content-Type"))
	}
	if !strings.Contains(r.header.Get("Content-Disposition"), "attachment") {
		t.Errorf("attempts.jsonl is not an attachment: %q", r.header.Get("Content-Disposition"))
	}
	var got []string
	sc := bufio.NewScanner(strings.NewReader(r.body))
	for sc.Scan() {
		var a attemptJSON
		if err := json.Unmarshal(sc.Bytes(), &a); err != nil {
			t.Fatalf("line %q: %v", sc.Text(), err)
		}
		if a.LearnerID != l.ID || a.ExerciseID != ex.ID || a.CreatedAt.IsZero() {
			t.Errorf("line %+v", a)
		}
		got = append(got, a.Answer)
	}
	if diff := cmp.Diff(answers, got); diff != "" {
		t.Errorf("exported answers (-stored +exported):\n%s", diff)
	}

	r = b.do("GET", "/instructor/export.csv", "", "", bearer...)
	if r.status != 200 || !strings.HasPrefix(r.header.Get("Content-Type"), "text/csv") {
		t.Fatalf("export.csv = %d %q", r.status, r.header.Get("Content-Type"))
	}
	rows, err := csv.NewReader(strings.NewReader(r.body)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 2 || rows[0][0] != "learner_id" {
		t.Fatalf("CSV rows = %q", rows)
	}
	want := []string{"display_name", `'=HYPERLINK("http://evil.example","x")`, "status", "passed", "attempts", "3", "failed_attempts", "2"}
	col := map[string]int{}
	for i, h := range rows[0] {
		col[h] = i
	}
	for i := 0; i < len(want); i += 2 {
		if got := rows[1][col[want[i]]]; got != want[i+1] {
			t.Errorf("CSV %s = %q, want %q", want[i], got, want[i+1])
		}
	}
}

func TestCSVCell(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{"": "", "Ada": "Ada", "=1+1": "'=1+1", "+33": "'+33", "-x": "'-x", "@SUM": "'@SUM", "\tx": "'\tx", "a=b": "a=b"} {
		if got := csvCell(in); got != want {
			t.Errorf("csvCell(%q) = %q, want %q", in, got, want)
		}
	}
}

// A reset asks first: without the box ticked nothing is erased.
func TestResetsNeedConfirmation(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t, Config{}, asWorkshop())
	base := e.serve(t)
	ex := e.exerciseOfKind(t, exercise.KindFix)
	ctx := context.Background()
	var ids []int64
	for range 2 {
		lb := newBrowser(t, base)
		lb.attempt(ex.ID, ex.Starter)
		l, err := e.store.LearnerByToken(ctx, learnerToken(t, lb))
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, l.ID)
	}
	b := newBrowser(t, base)
	signIn(t, b, testToken)
	same := []string{"Origin", base, "Sec-Fetch-Site", "same-origin"}
	post := func(path, body string) reply {
		return b.do("POST", path, "application/x-www-form-urlencoded", body, same...)
	}
	one := "/instructor/learners/" + strconv.FormatInt(ids[0], 10) + "/reset"
	if r := b.get(one); r.status != 200 || !strings.Contains(r.body, `name="confirm"`) {
		t.Errorf("GET %s = %d", one, r.status)
	}
	if r := post(one, ""); r.status != http.StatusUnprocessableEntity || !strings.Contains(r.body, "Tick the box") {
		t.Errorf("unconfirmed learner reset = %d", r.status)
	}
	if r := post("/instructor/reset", "confirm=no"); r.status != http.StatusUnprocessableEntity {
		t.Errorf("unconfirmed workshop reset = %d", r.status)
	}
	if n, _ := e.store.CountAttempts(ctx); n != 2 {
		t.Fatalf("%d attempts after unconfirmed resets, want 2", n)
	}
	if r := post("/instructor/learners/999/reset", "confirm=yes"); r.status != http.StatusNotFound {
		t.Errorf("reset of a missing learner = %d, want 404", r.status)
	}
	r := post(one, "confirm=yes")
	if r.status != http.StatusSeeOther {
		t.Fatalf("confirmed learner reset = %d", r.status)
	}
	if n, _ := e.store.CountAttempts(ctx); n != 1 {
		t.Errorf("%d attempts after resetting one learner, want 1", n)
	}
	if page := b.get(r.header.Get("Location")); !strings.Contains(page.body, "was erased") {
		t.Errorf("no notice after the reset")
	}
	if r := b.get("/instructor/reset"); r.status != 200 || !strings.Contains(r.body, "2 learners, 1 attempt)") {
		t.Errorf("workshop reset page = %d", r.status)
	}
	r = post("/instructor/reset", "confirm=yes")
	if r.status != http.StatusSeeOther || r.header.Get("Location") != "/instructor?done=workshop&n=2" {
		t.Fatalf("confirmed workshop reset = %d to %q", r.status, r.header.Get("Location"))
	}
	if n := countLearners(t, e.store); n != 0 {
		t.Errorf("%d learners after the workshop reset", n)
	}
}

// Every instructor string used by the pages is reachable in both
// languages (the i18n package checks they are written).
func TestInstructorPagesInBothLanguages(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t, Config{JoinCode: "ROOM-42"}, asWorkshop())
	b := newBrowser(t, e.serve(t))
	signIn(t, b, testToken)
	for _, l := range i18n.All {
		t.Run(string(l), func(t *testing.T) {
			tt := i18n.InstructorFor(l)
			r := b.get("/instructor?lang=" + string(l))
			mustContain(t, "/instructor", r.body, escapeText(tt.Title), escapeText(tt.MatrixEmpty), "ROOM-42", escapeText(tt.StuckNone))
			r = newBrowser(t, b.base).get("/instructor/login?lang=" + string(l))
			mustContain(t, "/instructor/login", r.body, `type="password"`, escapeText(tt.LoginTitle))
		})
	}
}
