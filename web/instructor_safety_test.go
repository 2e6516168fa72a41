package web

import (
	"context"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/mcpplayground/playground/internal/exercise"
	"github.com/mcpplayground/playground/internal/store"
)

// Every route that changes state, whoever wrote it, refuses a request a
// browser sends from another site: the routes are read from the router, so
// a new POST is covered the day it is added.
func TestEveryStateChangingRouteRefusesCrossSite(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t, Config{JoinCode: "ROOM"}, asWorkshop())
	ex := e.exerciseOfKind(t, exercise.KindFix)
	params := strings.NewReplacer(":id", ex.ID, ":slug", "requests", "*path", "x", ":session", "x")
	checked := 0
	for _, rt := range e.srv.router.Routes() {
		if rt.Method == http.MethodGet || rt.Method == http.MethodHead || rt.Method == http.MethodOptions {
			continue
		}
		path := params.Replace(rt.Path)
		byDesign := slices.Contains(crossSiteByDesign, rt.Method+" "+rt.Path)
		for name, hdr := range map[string][]string{
			"Sec-Fetch-Site cross-site": {"Sec-Fetch-Site", "cross-site", "Origin", "https://evil.example"},
			"Origin only":               {"Origin", "https://evil.example"},
		} {
			rec := e.do(t, rt.Method, path, strings.NewReader("confirm=yes&token="+testToken), append(hdr, "Content-Type", "application/x-www-form-urlencoded", "Authorization", "Bearer "+testToken)...)
			switch {
			case byDesign && (rec.Code < 400 || rec.Code >= 500):
				// Let through, and refused on its own terms: nobody is signed in.
				t.Errorf("%s %s from another site (%s) with no valid token = %d, want a 4xx", rt.Method, path, name, rec.Code)
			case !byDesign && rec.Code != http.StatusForbidden:
				t.Errorf("%s %s from another site (%s) = %d, want 403", rt.Method, path, name, rec.Code)
			}
		}
		checked++
	}
	if checked < 10 {
		t.Errorf("only %d state-changing routes found; the router's list is not what this test expects", checked)
	}
	if n := countLearners(t, e.store); n != 0 {
		t.Errorf("cross-site requests created %d learners", n)
	}
	// The same form from this site works.
	rec := e.do(t, "POST", "/instructor/login", strings.NewReader("token="+testToken), "Content-Type", "application/x-www-form-urlencoded", "Sec-Fetch-Site", "same-origin")
	if rec.Code != http.StatusSeeOther {
		t.Errorf("same-site sign-in = %d, want 303", rec.Code)
	}
}

// The security headers are on every kind of page, the instructor's and the
// join page included, and the CSP allows no inline code.
func TestSecurityHeadersOnEveryPage(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t, Config{JoinCode: "ROOM"}, asWorkshop())
	for _, p := range []string{"/en/join", "/instructor/login", "/instructor", "/instructor/export.csv", "/nowhere", "/api/progress", "/en/"} {
		rec := e.do(t, "GET", p, nil)
		h := rec.Header()
		csp := h.Get("Content-Security-Policy")
		if csp == "" || strings.Contains(csp, "unsafe-inline") || strings.Contains(csp, "unsafe-eval") || !strings.Contains(csp, "frame-ancestors 'none'") || scriptSources(csp) != "'self'" {
			t.Errorf("%s: CSP %q", p, csp)
		}
		if h.Get("X-Content-Type-Options") != "nosniff" || h.Get("Referrer-Policy") == "" {
			t.Errorf("%s: nosniff %q, Referrer-Policy %q", p, h.Get("X-Content-Type-Options"), h.Get("Referrer-Policy"))
		}
	}
}

// Bodies are bounded: a huge answer is refused before it is read whole.
func TestBodySizeLimit(t *testing.T) {
	e := newTestEnv(t, Config{MaxBodyBytes: 64 << 10}, asWorkshop())
	ex := e.exerciseOfKind(t, exercise.KindFix)
	big := `{"answer": "` + strings.Repeat("a", 200<<10) + `"}`
	rec := e.do(t, "POST", "/api/exercises/"+ex.ID+"/attempts", strings.NewReader(big), "Content-Type", "application/json")
	if rec.Code != http.StatusRequestEntityTooLarge {
		t.Errorf("200 KiB attempt = %d, want 413", rec.Code)
	}
	if n := countLearners(t, e.store); n != 0 {
		t.Errorf("a refused body created %d learners", n)
	}
}

// With -secure-cookies every cookie that identifies someone is Secure.
func TestSecureCookies(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t, Config{SecureCookies: true, JoinCode: "ROOM"}, asWorkshop())
	for _, tt := range []struct{ path, body, cookie string }{
		{"/instructor/login", "token=" + url.QueryEscape(testToken), instructorCookie},
		{"/en/join", "code=ROOM&name=Ada", learnerCookie},
	} {
		rec := e.do(t, "POST", tt.path, strings.NewReader(tt.body), "Content-Type", "application/x-www-form-urlencoded", "Sec-Fetch-Site", "same-origin")
		var found bool
		for _, c := range rec.Result().Cookies() {
			if c.Name == tt.cookie {
				found = true
				if !c.Secure || !c.HttpOnly {
					t.Errorf("%s cookie %+v, want Secure and HttpOnly", tt.cookie, c)
				}
			}
		}
		if !found {
			t.Errorf("POST %s set no %s cookie (status %d)", tt.path, tt.cookie, rec.Code)
		}
	}
	// The language cookie, from a page and from the instructor's ?lang=.
	for _, path := range []string{"/fr/", "/instructor/login?lang=fr"} {
		rec := e.do(t, "GET", path, nil, "Accept-Language", "en")
		var found bool
		for _, c := range rec.Result().Cookies() {
			if c.Name == langCookie {
				found = true
				if !c.Secure {
					t.Errorf("GET %s: lang cookie %+v, want Secure", path, c)
				}
			}
		}
		if !found {
			t.Errorf("GET %s set no lang cookie (status %d)", path, rec.Code)
		}
	}
}

// Input that looks like SQL is stored and shown as text: the statements are
// parameterised, so the tables survive and the text comes back unchanged.
func TestSQLLookingInputIsText(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t, Config{JoinCode: "ROOM"}, asWorkshop())
	base := e.serve(t)
	ex := e.exerciseOfKind(t, exercise.KindFix)
	name := `Robert'); DROP TABLE learners;--`
	answer := `' OR '1'='1'; DELETE FROM attempts; --`
	b := newBrowser(t, base)
	if r := joinForm(b, "en", "ROOM", name, ""); r.status != http.StatusSeeOther {
		t.Fatalf("join as %q = %d", name, r.status)
	}
	b.attempt(ex.ID, answer)
	b.attempt(ex.ID, ex.Starter)
	ctx := context.Background()
	ls, err := e.store.Learners(ctx)
	if err != nil || len(ls) != 1 || ls[0].DisplayName != name {
		t.Fatalf("learners = %+v, %v", ls, err)
	}
	last, err := e.store.Attempts(ctx, store.AttemptFilter{LearnerID: ls[0].ID})
	if err != nil || len(last) != 2 || last[0].Answer != answer {
		t.Fatalf("attempts = %+v, %v", last, err)
	}
	ib := newBrowser(t, base)
	signIn(t, ib, testToken)
	page := ib.get("/instructor")
	mustContain(t, "/instructor", page.body, escapeText(name))
	if strings.Contains(page.body, name) {
		t.Error("the dashboard shows the name unescaped")
	}
	if r := b.get("/en/progress"); !strings.Contains(r.body, escapeText(name)) {
		t.Error("the progress page does not show the name as text")
	}
	export := ib.get("/instructor/attempts.jsonl")
	if !strings.Contains(export.body, `"answer":"' OR '1'='1'; DELETE FROM attempts; --"`) {
		t.Errorf("the export does not carry the answer as stored:\n%s", export.body)
	}
}
