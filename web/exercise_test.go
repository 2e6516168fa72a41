package web

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mcpplayground/playground/internal/exercise"
	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/internal/markdown"
	"github.com/mcpplayground/playground/internal/store"
	"github.com/mcpplayground/playground/internal/testing/clienttest"
	"github.com/mcpplayground/playground/web/pagevm"
)

// browser is a learner's browser against the real router: it keeps
// cookies, and does not follow redirects so tests see them.
type browser struct {
	t    testing.TB
	base string
	c    *http.Client
}

func (e *testEnv) serve(t testing.TB) string {
	t.Helper()
	ts := httptest.NewServer(e.h)
	t.Cleanup(ts.Close)
	return ts.URL
}

func newBrowser(t testing.TB, base string) *browser {
	t.Helper()
	jar, err := cookiejar.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	c := clienttest.Own(t)
	c.Jar = jar
	c.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	return &browser{t: t, base: base, c: c}
}

type reply struct {
	status int
	header http.Header
	body   string
}

func (b *browser) do(method, path, contentType, body string, hdr ...string) reply {
	b.t.Helper()
	req, err := http.NewRequest(method, b.base+path, strings.NewReader(body))
	if err != nil {
		b.t.Fatal(err)
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	if method != http.MethodGet && method != http.MethodHead {
		// A browser names its own pages' requests; a test playing a
		// script clears it with "Sec-Fetch-Site", "".
		req.Header.Set("Sec-Fetch-Site", "same-origin")
	}
	for i := 0; i+1 < len(hdr); i += 2 {
		req.Header.Set(hdr[i], hdr[i+1])
	}
	resp, err := b.c.Do(req)
	if err != nil {
		b.t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	return reply{status: resp.StatusCode, header: resp.Header, body: string(data)}
}

func (b *browser) get(path string) reply { return b.do("GET", path, "", "") }

func (b *browser) postForm(path string, form url.Values) reply {
	return b.do("POST", path, "application/x-www-form-urlencoded", form.Encode())
}

func (b *browser) postJSON(path string, v any) reply {
	body, err := json.Marshal(v)
	if err != nil {
		b.t.Fatal(err)
	}
	return b.do("POST", path, "application/json", string(body))
}

func (b *browser) attempt(id, answer string) attemptResponse {
	b.t.Helper()
	r := b.postJSON("/api/exercises/"+id+"/attempts", map[string]string{"answer": answer})
	if r.status != 200 {
		b.t.Fatalf("attempt on %s = %d %s", id, r.status, r.body)
	}
	var out attemptResponse
	if err := json.Unmarshal([]byte(r.body), &out); err != nil {
		b.t.Fatalf("attempt answer is not JSON: %v\n%s", err, r.body)
	}
	return out
}

func (b *browser) progress() progressJSON {
	b.t.Helper()
	r := b.get("/api/progress")
	if r.status != 200 {
		b.t.Fatalf("GET /api/progress = %d %s", r.status, r.body)
	}
	var p progressJSON
	if err := json.Unmarshal([]byte(r.body), &p); err != nil {
		b.t.Fatal(err)
	}
	return p
}

func countLearners(t testing.TB, st *store.Store) int {
	t.Helper()
	ls, err := st.Learners(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return len(ls)
}

// exerciseOfKind returns an exercise of kind k with hints and a solution
// shown after some attempts. A course without one fails the test: the
// tests that need it would otherwise stop testing anything, silently.
func (e *testEnv) exerciseOfKind(t testing.TB, k exercise.Kind) *exercise.Exercise {
	t.Helper()
	for _, ex := range e.catalog.Exercises() {
		if ex.Kind == k && len(ex.TextIn(i18n.EN).Hints) > 0 && ex.SolutionAfter > 0 {
			return ex
		}
	}
	t.Fatalf("the bundled course has no %s exercise with hints and solution_after", k)
	return nil
}

// Every exercise has a page in both languages, listed on the exercises
// page, and looking at them creates no learner.
func TestExercisePagesRenderWithoutCreatingLearners(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t, Config{})
	b := newBrowser(t, e.serve(t))
	exs := e.catalog.Exercises()
	if len(exs) == 0 {
		t.Fatal("the bundled course has no exercises")
	}
	for _, l := range i18n.All {
		list := b.get("/" + string(l) + "/exercises")
		if list.status != 200 {
			t.Fatalf("GET /%s/exercises = %d", l, list.status)
		}
		for _, ex := range exs {
			url := "/" + string(l) + "/exercises/" + ex.ID
			mustContain(t, "/"+string(l)+"/exercises", list.body, `href="`+url+`"`, `data-exercise="`+ex.ID+`" data-status="new"`)
			r := b.get(url)
			if r.status != 200 {
				t.Errorf("GET %s = %d", url, r.status)
				continue
			}
			mustContain(t, url, r.body, escapeText(ex.TextIn(l).Title), `id="solution"`, `id="hints"`)
			switch ex.Kind {
			case exercise.KindLive:
				mustContain(t, url, r.body, `href="/`+string(l)+`/console?exercise=`+ex.ID+`"`)
			case exercise.KindServer:
				// Nothing is answered on the page: the server is checked there.
				mustContain(t, url, r.body, `href="/`+string(l)+`/check-server?exercise=`+ex.ID+`"`)
				if strings.Contains(r.body, `<form id="answer-form"`) {
					t.Errorf("%s shows an answer form for a server exercise", url)
				}
			case exercise.KindClient:
				// Nothing is answered on the page: the client is checked by its messages.
				mustContain(t, url, r.body, `href="/`+string(l)+`/check-client?exercise=`+ex.ID+`"`)
				if strings.Contains(r.body, `<form id="answer-form"`) {
					t.Errorf("%s shows an answer form for a client exercise", url)
				}
			default:
				mustContain(t, url, r.body, `<form id="answer-form"`, `method="post"`, `action="`+url+`"`)
			}
			if ex.Kind.IsMessage() {
				mustContain(t, url, r.body, `<textarea id="answer" name="answer"`)
			}
			if strings.Contains(r.body, "<script>") || strings.Contains(r.body, ` style="`) {
				t.Errorf("%s has inline script or style, which the CSP forbids", url)
			}
			if strings.Contains(r.body, "/static/missing/") {
				t.Errorf("%s links a missing asset", url)
			}
		}
	}
	for _, p := range []string{"/en/progress", "/fr/progress", "/api/progress", "/en/", "/en/lessons/requests"} {
		if r := b.get(p); r.status != 200 {
			t.Errorf("GET %s = %d", p, r.status)
		}
	}
	if n := countLearners(t, e.store); n != 0 {
		t.Errorf("%d learners created by looking at pages, want 0", n)
	}
	for _, c := range b.c.Jar.Cookies(mustURL(t, b.base)) {
		if c.Name == learnerCookie {
			t.Errorf("a page set the learner cookie before any action")
		}
	}
}

func mustURL(t testing.TB, s string) *url.URL {
	t.Helper()
	u, err := url.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return u
}

// The JSON API grades, stores and answers in the documented shape; the
// first answer gives the browser a safe learner cookie.
func TestAttemptAPIStoresProgress(t *testing.T) {
	t.Parallel()
	for _, secure := range []bool{false, true} {
		t.Run(fmt.Sprintf("secure=%v", secure), func(t *testing.T) {
			e := newTestEnv(t, Config{SecureCookies: secure})
			ex := e.exerciseOfKind(t, exercise.KindFix)
			req := httptest.NewRequest("POST", "/api/exercises/"+ex.ID+"/attempts", strings.NewReader(`{"answer": `+jsonString(ex.Starter)+`}`))
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("Sec-Fetch-Site", "same-origin")
			rec := httptest.NewRecorder()
			e.h.ServeHTTP(rec, req)
			if rec.Code != 200 {
				t.Fatalf("first attempt = %d %s", rec.Code, rec.Body)
			}
			var raw map[string]json.RawMessage
			if err := json.Unmarshal(rec.Body.Bytes(), &raw); err != nil {
				t.Fatal(err)
			}
			for _, k := range []string{"passed", "report", "checks"} {
				if _, ok := raw[k]; !ok {
					t.Errorf("answer lacks %q: %s", k, rec.Body)
				}
			}
			var cookie *http.Cookie
			for _, c := range rec.Result().Cookies() {
				if c.Name == learnerCookie {
					cookie = c
				}
			}
			if cookie == nil {
				t.Fatal("no learner cookie after the first attempt")
			}
			if !cookie.HttpOnly || cookie.SameSite != http.SameSiteLaxMode || cookie.Path != "/" || cookie.Secure != secure {
				t.Errorf("cookie = %+v, want HttpOnly, SameSite=Lax, Path=/, Secure=%v", cookie, secure)
			}
			if len(cookie.Value) < 22 {
				t.Errorf("token %q carries less than 128 bits", cookie.Value)
			}
			l, err := e.store.LearnerByToken(context.Background(), cookie.Value)
			if err != nil {
				t.Fatalf("the cookie does not name a stored learner: %v", err)
			}
			got, err := e.store.Attempts(context.Background(), store.AttemptFilter{LearnerID: l.ID})
			if err != nil || len(got) != 1 || got[0].Answer != ex.Starter || got[0].Passed || got[0].FirstProblem == "" {
				t.Errorf("stored attempts = %+v, %v; want the starter, failed, with its first problem", got, err)
			}
		})
	}
}

func jsonString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// A learner fails, opens hints, passes: the progress API, the progress page,
// the exercise page and the course page agree.
func TestAttemptsHintsAndProgressAgree(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t, Config{})
	b := newBrowser(t, e.serve(t))
	ex := e.exerciseOfKind(t, exercise.KindFix)

	wrong := b.attempt(ex.ID, ex.Starter)
	if wrong.Passed || wrong.Status != "failed" || wrong.Attempts != 1 {
		t.Errorf("starter: passed=%v status=%q attempts=%d", wrong.Passed, wrong.Status, wrong.Attempts)
	}
	if !strings.Contains(wrong.FeedbackHTML, `data-line="`) || !strings.Contains(wrong.FeedbackHTML, "Line ") {
		t.Errorf("feedback does not locate the problem: %s", wrong.FeedbackHTML)
	}
	if strings.Contains(wrong.SolutionHTML, "data-unlocked") {
		t.Error("solution shown after one failure")
	}

	h := b.postJSON("/api/exercises/"+ex.ID+"/hints", map[string]int{"hint": 1})
	if h.status != 200 || !strings.Contains(h.body, `"revealed":1`) {
		t.Fatalf("hint 1 = %d %s", h.status, h.body)
	}
	again := b.attempt(ex.ID, ex.Starter)
	right := b.attempt(ex.ID, ex.Solutions[0])
	if !right.Passed || right.Status != "passed" || right.Attempts != 3 {
		t.Errorf("solution: passed=%v status=%q attempts=%d", right.Passed, right.Status, right.Attempts)
	}
	if !strings.Contains(right.SolutionHTML, "data-unlocked") {
		t.Error("solution still locked after a pass")
	}
	checkHintsStored(t, e, b, []int{0, 1, 1})
	if again.AttemptID <= wrong.AttemptID || right.AttemptID <= again.AttemptID {
		t.Errorf("attempt ids %d %d %d are not increasing", wrong.AttemptID, again.AttemptID, right.AttemptID)
	}

	p, lessonJSON := checkProgressAPI(t, b, ex)
	checkPagesAgree(t, b, ex, p, lessonJSON)
}

// checkHintsStored: the learner's attempts are stored with the hints
// revealed when each was sent.
func checkHintsStored(t *testing.T, e *testEnv, b *browser, want []int) {
	t.Helper()
	l, err := e.store.LearnerByToken(context.Background(), learnerToken(t, b))
	if err != nil {
		t.Fatal(err)
	}
	as, err := e.store.Attempts(context.Background(), store.AttemptFilter{LearnerID: l.ID})
	if err != nil {
		t.Fatal(err)
	}
	var hints []int
	for _, a := range as {
		hints = append(hints, a.HintsUsed)
	}
	if diff := cmp.Diff(want, hints); diff != "" {
		t.Errorf("hints used per attempt (-want +got):\n%s", diff)
	}
}

// checkProgressAPI: /api/progress has the learner and the exercise passed
// after two failures and one hint; it returns the progress and the
// exercise's lesson.
func checkProgressAPI(t *testing.T, b *browser, ex *exercise.Exercise) (progressJSON, lessonProgressJSON) {
	t.Helper()
	p := b.progress()
	if p.Learner == nil || p.Learner.ResumeCode == "" {
		t.Fatalf("progress has no learner: %+v", p)
	}
	var found *exerciseProgressJSON
	var lessonJSON lessonProgressJSON
	for _, lp := range p.Lessons {
		for i := range lp.Exercises {
			if lp.Exercises[i].ID == ex.ID {
				found, lessonJSON = &lp.Exercises[i], lp
			}
		}
	}
	if found == nil {
		t.Fatalf("exercise %s missing from /api/progress", ex.ID)
	}
	want := exerciseProgressJSON{ID: ex.ID, Title: ex.TextIn(i18n.EN).Title, Kind: string(ex.Kind), Status: "passed", Attempts: 3, FailedAttempts: 2, HintsRevealed: 1}
	got := *found
	got.PassedAt = nil
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("progress of %s (-want +got):\n%s", ex.ID, diff)
	}
	if found.PassedAt == nil || p.Totals.ExercisesPassed != 1 {
		t.Errorf("passed_at %v, totals %+v", found.PassedAt, p.Totals)
	}
	return p, lessonJSON
}

// checkPagesAgree: the progress page, the exercise page and the course
// page say what /api/progress says.
func checkPagesAgree(t *testing.T, b *browser, ex *exercise.Exercise, p progressJSON, lessonJSON lessonProgressJSON) {
	t.Helper()
	page := b.get("/en/progress")
	mustContain(t, "/en/progress", page.body, p.Learner.ResumeCode,
		fmt.Sprintf(`<progress max="%d" value="1">`, lessonJSON.ExercisesTotal),
		`data-exercise="`+ex.ID+`" data-status="passed"`)
	exPage := b.get("/en/exercises/" + ex.ID)
	mustContain(t, "exercise page", exPage.body, `data-status="passed"`, `data-unlocked`, `class="hint"`, `fb-pass`)
	home := b.get("/en/")
	mustContain(t, "/en/", home.body, fmt.Sprintf(i18n.UIFor(i18n.EN).ExercisesDone, 1, lessonJSON.ExercisesTotal))
	fresh := b.get("/en/exercises/" + ex.ID + "?start=1")
	mustContain(t, "?start=1", fresh.body, escapeText(ex.Starter))
	if strings.Contains(fresh.body, "fb-pass") {
		t.Error("?start=1 still shows the last feedback")
	}
}

func learnerToken(t testing.TB, b *browser) string {
	t.Helper()
	for _, c := range b.c.Jar.Cookies(mustURL(t, b.base)) {
		if c.Name == learnerCookie {
			return c.Value
		}
	}
	t.Fatal("no learner cookie")
	return ""
}

// Without JavaScript: the form posts, the page comes back (303) with the
// feedback located in the answer, hints open one at a time, and the
// solution unlocks after the instructor's number of failures.
func TestExerciseFormWithoutJavaScript(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t, Config{})
	b := newBrowser(t, e.serve(t))
	ex := e.exerciseOfKind(t, exercise.KindFix)
	url := "/fr/exercises/" + ex.ID

	// The form sends CRLF line ends; the stored answer and the line numbers
	// use LF, like the editor.
	crlf := strings.ReplaceAll(ex.Starter, "\n", "\r\n")
	r := b.postForm(url, urlValues("answer", crlf))
	if r.status != http.StatusSeeOther || r.header.Get("Location") != url+"#feedback" {
		t.Fatalf("POST form = %d to %q", r.status, r.header.Get("Location"))
	}
	page := b.get(url)
	mustContain(t, url, page.body, "fb-fail", "Ligne ", `class="excerpt"`, escapeText(ex.Starter), `data-status="failed"`)
	res := ex.Grade(ex.Starter, i18n.FR)
	if res.Passed {
		t.Fatal("the starter passes")
	}
	first := pagevm.Feedback(ex, res, ex.Starter).First
	if first == nil || first.Line == 0 {
		t.Fatalf("no located first problem for the starter: %+v", first)
	}
	mustContain(t, url, page.body, fmt.Sprintf(`<div class="fb-first"><div class="problem problem-%s" data-line="%d" data-col="%d"`, first.Severity, first.Line, first.Column))

	for n := 1; n <= 2; n++ {
		r := b.postForm(url+"/hints", urlValues("hint", fmt.Sprint(n)))
		if r.status != http.StatusSeeOther {
			t.Fatalf("hint %d = %d %s", n, r.status, r.body)
		}
	}
	page = b.get(url)
	hints := ex.TextIn(i18n.FR).Hints
	if got := strings.Count(page.body, `<li class="hint"`); got != min(2, len(hints)) {
		t.Errorf("%d hints shown, want %d", got, min(2, len(hints)))
	}
	if r := b.postForm(url+"/hints", urlValues("hint", "99")); r.status != http.StatusBadRequest {
		t.Errorf("hint 99 = %d, want 400", r.status)
	}

	for i := 2; i < ex.SolutionAfter; i++ { // the first failure is above
		b.postForm(url, urlValues("answer", ex.Starter))
	}
	if page := b.get(url); strings.Contains(page.body, "data-unlocked") {
		t.Errorf("solution unlocked after %d failures, want %d", ex.SolutionAfter-1, ex.SolutionAfter)
	}
	b.postForm(url, urlValues("answer", ex.Starter))
	page = b.get(url)
	mustContain(t, url, page.body, "data-unlocked", string(markdown.HighlightJSON(ex.Solutions[0])))
}

func urlValues(kv ...string) url.Values {
	v := url.Values{}
	for i := 0; i+1 < len(kv); i += 2 {
		v.Set(kv[i], kv[i+1])
	}
	return v
}

// Classify and match forms encode the choices as the engine reads them.
func TestChoiceFormsPass(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t, Config{})
	b := newBrowser(t, e.serve(t))
	for _, k := range []exercise.Kind{exercise.KindClassify, exercise.KindMatch} {
		var ex *exercise.Exercise
		for _, x := range e.catalog.Exercises() {
			if x.Kind == k {
				ex = x
				break
			}
		}
		if ex == nil {
			t.Fatalf("no %s exercise in the bundled course: its form would go untested", k)
		}
		path := "/en/exercises/" + ex.ID
		page := b.get(path)
		if got := strings.Count(page.body, `<fieldset class="ex-item"`); got != ex.Items() {
			t.Errorf("%s: %d items on the page, want %d", ex.ID, got, ex.Items())
		}
		if r := b.postForm(path, urlValues("item-1", "x")); r.status != http.StatusUnprocessableEntity || !strings.Contains(r.body, i18n.ExerciseFor(i18n.EN).ErrNoChoice) {
			t.Errorf("%s: incomplete form = %d", ex.ID, r.status)
		}
		form := url.Values{}
		for i, v := range pagevm.AnswerValues(ex.Solutions[0], ex.Items()) {
			form.Set(fmt.Sprintf("item-%d", i+1), v)
		}
		if r := b.postForm(path, form); r.status != http.StatusSeeOther {
			t.Fatalf("%s: POST = %d %s", ex.ID, r.status, r.body)
		}
		page = b.get(path)
		picked := "checked"
		if k == exercise.KindMatch {
			picked = "selected"
		}
		mustContain(t, ex.ID, page.body, "fb-pass", `data-status="passed"`, picked)
	}
}

// Bad input gets a clear answer, never a 500.
func TestAttemptBadInput(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t, Config{})
	b := newBrowser(t, e.serve(t))
	ex := e.exerciseOfKind(t, exercise.KindFix)
	api := "/api/exercises/" + ex.ID + "/attempts"
	x := i18n.ExerciseFor(i18n.EN)
	big := strings.Repeat("x", 2<<20)
	tests := []struct {
		name, method, path, ctype, body string
		hdr                             []string
		want                            int
		wantIn                          string
	}{
		{"2 MB answer to the API", "POST", api, "application/json", `{"answer": "` + big + `"}`, nil, 413, "KiB"},
		{"100 KB answer to the API", "POST", api, "application/json", `{"answer": "` + big[:100<<10] + `"}`, nil, 413, "KiB"},
		{"2 MB answer to the form", "POST", "/en/exercises/" + ex.ID, "application/x-www-form-urlencoded", "answer=" + big, nil, 413, "KiB"},
		{"100 KB answer to the form, in French", "POST", "/fr/exercises/" + ex.ID, "application/x-www-form-urlencoded", "answer=" + big[:100<<10], nil, 413, "Kio"},
		{"binary blob", "POST", api, "application/octet-stream", "\x00\x01\xff\xfe\x89PNG\r\n", nil, 400, "JSON"},
		{"answer not a string", "POST", api, "application/json", `{"answer": 42}`, nil, 400, "JSON"},
		{"no answer", "POST", api, "application/json", `{}`, nil, 400, "JSON"},
		{"not UTF-8 in the form", "POST", "/en/exercises/" + ex.ID, "application/x-www-form-urlencoded", "answer=%FF%FE%00", nil, 400, "UTF-8"},
		{"unknown exercise, API", "POST", "/api/exercises/no-such-thing/attempts?lang=en", "application/json", `{"answer": "{}"}`, nil, 404, x.ErrUnknownExercise},
		{"unknown exercise, page", "GET", "/en/exercises/no-such-thing", "", "", nil, 404, "Page not found"},
		{"unknown exercise, form", "POST", "/en/exercises/%3Cscript%3E", "application/x-www-form-urlencoded", "answer=x", nil, 404, "Page not found"},
		{"unknown lesson read", "POST", "/api/lessons/nope/read?lang=en", "", "", nil, 404, x.ErrUnknownLesson},
		{"2 MB display name", "POST", "/en/progress/name", "application/x-www-form-urlencoded", "name=" + big, nil, 413, "KiB"},
		{"2 MB resume code", "POST", "/fr/progress/resume", "application/x-www-form-urlencoded", "code=" + big, nil, 413, "Kio"},
		{"hint not a number", "POST", "/api/exercises/" + ex.ID + "/hints?lang=en", "application/json", `{"hint": "one"}`, nil, 400, x.ErrNoSuchHint},
		{"cross-site attempt", "POST", api, "application/json", `{"answer": "{}"}`, []string{"Origin", "https://evil.example", "Sec-Fetch-Site", "cross-site"}, 403, "cross-origin"},
		{"forged cookie", "POST", api, "application/json", `{"answer": "{}"}`, []string{"Cookie", learnerCookie + "=forged-token-" + strings.Repeat("A", 30)}, 200, `"passed":false`},
		{"forged cookie on the progress page", "GET", "/en/progress", "", "", []string{"Cookie", learnerCookie + "=%00%01"}, 200, x.ResumeNone},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := b.do(tt.method, tt.path, tt.ctype, tt.body, tt.hdr...)
			if r.status != tt.want || !strings.Contains(r.body, tt.wantIn) {
				body := r.body
				if len(body) > 300 {
					body = body[:300]
				}
				t.Errorf("= %d %q, want %d with %q", r.status, body, tt.want, tt.wantIn)
			}
			if strings.HasPrefix(tt.path, "/api/") && r.status != 204 && !strings.HasPrefix(r.header.Get("Content-Type"), "application/json") && r.status != 403 {
				t.Errorf("API answered %q, want JSON", r.header.Get("Content-Type"))
			}
		})
	}
	n, err := e.store.CountAttempts(context.Background())
	if err != nil || n != 1 {
		t.Errorf("%d attempts stored (%v), want only the forged-cookie one", n, err)
	}
}

// A resume code moves the identity to another device; wrong codes are
// refused kindly and, when repeated, slowed down.
func TestResumeCodeContinuesOnAnotherDevice(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t, Config{})
	base := e.serve(t)
	laptop, phone := newBrowser(t, base), newBrowser(t, base)
	ex := e.exerciseOfKind(t, exercise.KindFix)
	laptop.attempt(ex.ID, ex.Solutions[0])
	code := laptop.progress().Learner.ResumeCode
	page := laptop.get("/en/progress")
	mustContain(t, "/en/progress", page.body, `data-resume-code>`+code+`<`)

	if p := phone.progress(); p.Learner != nil || p.Totals.ExercisesPassed != 0 {
		t.Fatalf("a new device already has progress: %+v", p)
	}
	bad := phone.postForm("/en/progress/resume", urlValues("code", "ZZZZ-ZZZZ"))
	if bad.status != 400 || !strings.Contains(bad.body, "ABCD-2345") {
		t.Errorf("unknown code = %d", bad.status)
	}
	typed := strings.ToLower(strings.ReplaceAll(code, "-", " "))
	r := phone.postForm("/fr/progress/resume", urlValues("code", typed))
	if r.status != http.StatusSeeOther || r.header.Get("Location") != "/fr/progress?done=resume" {
		t.Fatalf("resume = %d to %q: %s", r.status, r.header.Get("Location"), r.body)
	}
	if p := phone.progress(); p.Learner == nil || p.Learner.ResumeCode != code || p.Totals.ExercisesPassed != 1 {
		t.Errorf("after resuming, the phone shows %+v", p)
	}
	if learnerToken(t, phone) == learnerToken(t, laptop) {
		t.Error("the phone got the laptop's token; each device should have its own")
	}
	if p := laptop.progress(); p.Learner == nil || p.Learner.ResumeCode != code {
		t.Error("the laptop lost its identity when the phone resumed")
	}

	thief := newBrowser(t, base)
	var last reply
	for range 11 {
		last = thief.postForm("/en/progress/resume", urlValues("code", "2345-ZZZZ"))
	}
	if last.status != http.StatusTooManyRequests {
		t.Errorf("11th wrong code = %d, want 429", last.status)
	}
}

func TestDisplayNameIsEscaped(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t, Config{})
	b := newBrowser(t, e.serve(t))
	r := b.postForm("/en/progress/name", urlValues("name", `<img src=x onerror=alert(1)>`))
	if r.status != http.StatusSeeOther {
		t.Fatalf("name = %d", r.status)
	}
	page := b.get("/en/progress?done=name")
	mustContain(t, "progress", page.body, "&lt;img src=x onerror=alert(1)&gt;", i18n.ExerciseFor(i18n.EN).NameSaved)
	if strings.Contains(page.body, "<img src=x") {
		t.Error("display name rendered as markup")
	}
}

// Reading a lesson is recorded by the script's POST, shows on the course
// page, and the lesson page itself stays the same for everyone.
func TestLessonReadRecorded(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t, Config{})
	b := newBrowser(t, e.serve(t))
	before := b.get("/en/lessons/requests")
	if r := b.do("POST", "/api/lessons/requests/read", "", ""); r.status != http.StatusNoContent {
		t.Fatalf("lesson read = %d %s", r.status, r.body)
	}
	after := b.get("/en/lessons/requests")
	if before.body != after.body {
		t.Error("the lesson page changed for a learner who read it; it must be the same for everyone")
	}
	p := b.progress()
	for _, l := range p.Lessons {
		if l.Read != (l.Slug == "requests") {
			t.Errorf("lesson %s read = %v", l.Slug, l.Read)
		}
	}
	home := b.get("/en/")
	re := regexp.MustCompile(`href="/en/lessons/requests">(?s:.*?)</a>`)
	card := re.FindString(home.body)
	if !strings.Contains(card, "badge-done") {
		t.Errorf("the course page does not mark the lesson read: %s", card)
	}
}
