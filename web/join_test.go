package web

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/mcpplayground/playground/internal/exercise"
)

func joinForm(b *browser, lang, code, name, next string) reply {
	path := "/" + lang + "/join"
	if next != "" {
		path += "?next=" + url.QueryEscape(next)
	}
	return b.do("POST", path, "application/x-www-form-urlencoded", url.Values{"code": {code}, "name": {name}}.Encode(),
		"Origin", b.base, "Sec-Fetch-Site", "same-origin")
}

// With a join code, a learner enters it and a unique name before anything
// else; the API says what to do instead of creating anonymous learners.
func TestJoinCodeGatesTheWorkshop(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t, Config{JoinCode: "Room-42"}, asWorkshop())
	base := e.serve(t)
	ex := e.exerciseOfKind(t, exercise.KindFix)
	b := newBrowser(t, base)

	for _, p := range []string{"/en/", "/en/lessons/requests", "/fr/exercises/" + ex.ID, "/en/progress"} {
		r := b.get(p)
		want := "/" + p[1:3] + "/join?next=" + url.QueryEscape(p)
		if r.status != http.StatusSeeOther || r.header.Get("Location") != want {
			t.Errorf("GET %s before joining = %d to %q, want 303 to %q", p, r.status, r.header.Get("Location"), want)
		}
	}
	r := b.postJSON("/api/exercises/"+ex.ID+"/attempts?lang=fr", map[string]string{"answer": ex.Starter})
	if r.status != http.StatusForbidden || !strings.Contains(r.body, "Rejoignez d’abord l’atelier") {
		t.Errorf("attempt before joining = %d %s, want 403 with the French explanation", r.status, r.body)
	}
	if r := b.do("POST", "/api/validate", "application/json", `{"jsonrpc":"2.0","method":"ping","id":1}`); r.status != http.StatusOK {
		t.Errorf("the stateless checker is closed before joining: %d", r.status)
	}
	if n := countLearners(t, e.store); n != 0 {
		t.Fatalf("%d learners before anyone joined", n)
	}

	page := b.get("/en/join?next=%2Fen%2Flessons%2Frequests")
	mustContain(t, "/en/join", page.body, `name="code"`, `name="name"`, "Join the workshop", `action="/en/progress/resume"`)

	if r := joinForm(b, "en", "wrong", "Ada", ""); r.status != http.StatusForbidden || !strings.Contains(r.body, "This is not the join code") {
		t.Errorf("wrong code = %d", r.status)
	}
	if r := joinForm(b, "fr", "room-42", "   ", ""); r.status != http.StatusUnprocessableEntity || !strings.Contains(r.body, "il ne peut pas être vide") {
		t.Errorf("empty name = %d", r.status)
	}
	// The code is compared without case or surrounding spaces.
	r = joinForm(b, "en", "  room-42 ", "Ada", "/en/lessons/requests")
	if r.status != http.StatusSeeOther || r.header.Get("Location") != "/en/lessons/requests" {
		t.Fatalf("join = %d to %q", r.status, r.header.Get("Location"))
	}
	if r := b.get("/en/lessons/requests"); r.status != http.StatusOK {
		t.Errorf("lesson after joining = %d", r.status)
	}
	if got := b.attempt(ex.ID, ex.Starter); got.Attempts != 1 {
		t.Errorf("attempt after joining: %+v", got)
	}
	// A joined learner who opens the join page goes on.
	if r := b.get("/en/join?next=%2Fen%2Fprogress"); r.status != http.StatusSeeOther || r.header.Get("Location") != "/en/progress" {
		t.Errorf("join page once joined = %d to %q", r.status, r.header.Get("Location"))
	}

	other := newBrowser(t, base)
	r = joinForm(other, "fr", "ROOM-42", "ADA", "")
	if r.status != http.StatusConflict || !strings.Contains(r.body, "«\u00a0ADA\u00a0»") {
		t.Errorf("a taken name = %d\n%s", r.status, r.body)
	}
	if r := joinForm(other, "en", "ROOM-42", "Ada L.", "//evil.example/"); r.status != http.StatusSeeOther || r.header.Get("Location") != "/en/" {
		t.Errorf("join with a foreign next = %d to %q, want /en/", r.status, r.header.Get("Location"))
	}
	ls, _ := e.store.Learners(context.Background())
	if len(ls) != 2 || ls[0].DisplayName != "Ada" || ls[1].DisplayName != "Ada L." {
		t.Errorf("learners = %+v", ls)
	}

	// Continuing on a new device with the resume code works before joining.
	third := newBrowser(t, base)
	r = third.do("POST", "/en/progress/resume", "application/x-www-form-urlencoded", "code="+url.QueryEscape(ls[0].ResumeCode),
		"Origin", base, "Sec-Fetch-Site", "same-origin")
	if r.status != http.StatusSeeOther {
		t.Fatalf("resume before joining = %d", r.status)
	}
	if r := third.get("/en/progress"); r.status != http.StatusOK || !strings.Contains(r.body, "Ada") {
		t.Errorf("progress on the resumed device = %d", r.status)
	}
}

// Guessing the join code is slowed down per address.
func TestJoinCodeGuessingIsSlowedDown(t *testing.T) {
	e := newTestEnv(t, Config{JoinCode: "ROOM"}, asWorkshop())
	b := newBrowser(t, e.serve(t))
	for i := range 20 {
		if r := joinForm(b, "en", "guess", "Eve", ""); r.status != http.StatusForbidden {
			t.Fatalf("guess %d = %d", i, r.status)
		}
	}
	if r := joinForm(b, "en", "ROOM", "Eve", ""); r.status != http.StatusTooManyRequests {
		t.Errorf("after 20 wrong codes = %d, want 429", r.status)
	}
}

// Without a join code, nothing changes for learners.
func TestNoJoinCodeNoGate(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t, Config{}, asWorkshop())
	b := newBrowser(t, e.serve(t))
	if r := b.get("/en/"); r.status != http.StatusOK {
		t.Errorf("GET /en/ = %d", r.status)
	}
	if r := b.get("/en/join"); r.status != http.StatusSeeOther || r.header.Get("Location") != "/en/" {
		t.Errorf("GET /en/join without a code = %d to %q", r.status, r.header.Get("Location"))
	}
}

// In a workshop, renaming oneself on the progress page cannot take a name
// another learner already has.
func TestWorkshopRenameKeepsNamesUnique(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t, Config{JoinCode: "room"}, asWorkshop())
	base := e.serve(t)
	ada, bob := newBrowser(t, base), newBrowser(t, base)
	for _, j := range []struct {
		b    *browser
		name string
	}{{ada, "Ada"}, {bob, "Bob"}} {
		if r := joinForm(j.b, "en", "room", j.name, ""); r.status != http.StatusSeeOther {
			t.Fatalf("join as %s = %d", j.name, r.status)
		}
	}
	rename := func(b *browser, name string) reply {
		return b.do("POST", "/fr/progress/name", "application/x-www-form-urlencoded", url.Values{"name": {name}}.Encode(),
			"Origin", b.base, "Sec-Fetch-Site", "same-origin")
	}
	if r := rename(bob, "ADA"); r.status != http.StatusConflict || !strings.Contains(r.body, "«\u00a0ADA\u00a0»") {
		t.Errorf("rename to a taken name = %d\n%s", r.status, r.body)
	}
	if r := rename(bob, "Bob B."); r.status != http.StatusSeeOther {
		t.Errorf("rename to a free name = %d", r.status)
	}
	ls, err := e.store.Learners(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, l := range ls {
		names = append(names, l.DisplayName)
	}
	if strings.Join(names, ",") != "Ada,Bob B." && strings.Join(names, ",") != "Bob B.,Ada" {
		t.Errorf("names after renames = %v", names)
	}
}

// A name a reader takes for one already in the workshop is taken: look-alike
// letters of other scripts, fullwidth forms, invisible characters, spaces
// doubled, NFD against NFC. The name kept is the cleaned one.
func TestJoinLookAlikeNamesAreTaken(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t, Config{JoinCode: "room"}, asWorkshop())
	base := e.serve(t)
	if r := joinForm(newBrowser(t, base), "en", "room", "Ann  Lée\u200b", ""); r.status != http.StatusSeeOther {
		t.Fatalf("first join = %d", r.status)
	}
	for _, name := range []string{
		"Аnn Lée",       // Cyrillic А
		"Ａｎｎ Lée",       // fullwidth
		"An\u200bn Lée", // zero-width space
		"An\u00adn Lée", // soft hyphen
		"Ann  Lée",      // double space
		"Ann Le\u0301e", // NFD
		"ann lée",
	} {
		if r := joinForm(newBrowser(t, base), "en", "room", name, ""); r.status != http.StatusConflict {
			t.Errorf("join as %q = %d, want 409 (taken)", name, r.status)
		}
	}
	if r := joinForm(newBrowser(t, base), "en", "room", "Anne Lée", ""); r.status != http.StatusSeeOther {
		t.Errorf("a different name = %d, want 303", r.status)
	}
	ls, err := e.store.Learners(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(ls) != 2 || (ls[0].DisplayName != "Ann Lée" && ls[1].DisplayName != "Ann Lée") {
		t.Errorf("learners %+v, want the first kept as \"Ann Lée\"", ls)
	}
}
