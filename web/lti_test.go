package web

import (
	"context"
	"crypto/rand"
	"crypto/rsa"
	"encoding/base64"
	"encoding/json"
	"html"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/mcpplayground/playground/internal/exercise"
	"github.com/mcpplayground/playground/internal/lti"
	"github.com/mcpplayground/playground/internal/store"
	"github.com/mcpplayground/playground/internal/testing/ltitest"
	"github.com/mcpplayground/playground/internal/testing/pgtest"
)

// ltiEnv is the real router behind a listener, with a registered test
// platform whose clock is the server's.
type ltiEnv struct {
	*testEnv
	base  string
	plat  *ltitest.Platform
	clock *manualClock
}

func newLTIEnv(t *testing.T, opts ...envOption) *ltiEnv {
	t.Helper()
	clock := &manualClock{t: time.Now()}
	e := newTestEnv(t, Config{Clock: clock}, append(opts, asWorkshop())...)
	base := e.serve(t)
	plat := ltitest.New(t)
	plat.ToolJWKS, plat.Now = base+"/lti/jwks", clock.Now
	if _, err := e.store.SaveLTIPlatform(context.Background(), store.LTIPlatform{
		Issuer: plat.Issuer(), ClientID: plat.ClientID, Deployments: []string{plat.DeploymentID},
		AuthURL: plat.AuthURL(), TokenURL: plat.TokenURL(), JWKSURL: plat.JWKSURL(),
	}); err != nil {
		t.Fatal(err)
	}
	return &ltiEnv{testEnv: e, base: base, plat: plat, clock: clock}
}

// onEachEngine runs fn on SQLite and on PostgreSQL, each with a fresh
// test platform and database.
func onEachEngine(t *testing.T, fn func(t *testing.T, le *ltiEnv)) {
	t.Run("sqlite", func(t *testing.T) { fn(t, newLTIEnv(t)) })
	t.Run("postgres", func(t *testing.T) {
		pgtest.Require(t)
		fn(t, newLTIEnv(t, onPostgres()))
	})
}

// send is one request of the browser b to an absolute URL.
func send(t *testing.T, b *browser, method, target string, form url.Values, hdr ...string) reply {
	t.Helper()
	var body io.Reader
	if form != nil {
		body = strings.NewReader(form.Encode())
	}
	req, err := http.NewRequest(method, target, body)
	if err != nil {
		t.Fatal(err)
	}
	if form != nil {
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	}
	for i := 0; i+1 < len(hdr); i += 2 {
		req.Header.Set(hdr[i], hdr[i+1])
	}
	resp, err := b.c.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, target, err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	return reply{status: resp.StatusCode, header: resp.Header, body: string(data)}
}

// crossSite are the headers of a browser's POST from the LMS's pages.
func (le *ltiEnv) crossSite() []string {
	return []string{"Origin", le.plat.Issuer(), "Sec-Fetch-Site", "cross-site"}
}

// authorize runs the OIDC login of launch l in browser b and returns the
// launch form the platform answers with.
func (le *ltiEnv) authorize(t *testing.T, b *browser, l ltitest.Launch) (string, url.Values) {
	t.Helper()
	le.plat.PrepareLaunch(l)
	login := url.Values{"iss": {le.plat.Issuer()}, "login_hint": {l.Sub}, "target_link_uri": {le.base + "/"}, "client_id": {le.plat.ClientID}, "lti_deployment_id": {le.plat.DeploymentID}}
	r := send(t, b, "POST", le.base+"/lti/login", login, le.crossSite()...)
	if r.status != http.StatusFound {
		t.Fatalf("login = %d %s", r.status, r.body)
	}
	auth := send(t, b, "GET", r.header.Get("Location"), nil)
	action, fields, ok := ltitest.ParseForm(auth.body)
	if auth.status != http.StatusOK || !ok {
		t.Fatalf("authorisation = %d %s", auth.status, auth.body)
	}
	return action, fields
}

// launch runs a whole launch of l in browser b.
func (le *ltiEnv) launch(t *testing.T, b *browser, l ltitest.Launch) reply {
	t.Helper()
	action, fields := le.authorize(t, b, l)
	return send(t, b, "POST", action, fields, le.crossSite()...)
}

// learnerCount is how many learners the workshop and the LMS courses hold.
func learnerCount(t *testing.T, st *store.Store) int {
	t.Helper()
	ctx := context.Background()
	ls, err := st.Learners(ctx)
	if err != nil {
		t.Fatal(err)
	}
	n := len(ls)
	rooms, err := st.LTIRooms(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rooms {
		g, err := st.Gradebook(ctx, store.GradebookFilter{Course: r.ID})
		if err != nil {
			t.Fatal(err)
		}
		n += len(g.Learners)
	}
	return n
}

// A learner's launch signs them in with cross-site cookies and opens the
// linked exercise; their pass leaves as a score to the line item's
// /scores (the query kept), survives a 503 and a restart of the sender,
// and the same (issuer, sub) in another browser is the same learner.
func TestLTILaunchPassAndScore(t *testing.T) {
	t.Parallel()
	onEachEngine(t, func(t *testing.T, le *ltiEnv) {
		ex := le.exerciseOfKind(t, exercise.KindFix)
		ada := newBrowser(t, le.base)
		l := ltitest.Launch{Sub: "u-ada", Name: "Ada Lovelace", Email: "ada@example.edu", Roles: []string{ltitest.Learner},
			ContextID: "course-1", ContextTitle: "MCP 101", Custom: map[string]string{"exercise": ex.ID}, LineItem: le.plat.LineItem("li-" + ex.ID)}
		r := le.launch(t, ada, l)
		if r.status != http.StatusSeeOther || r.header.Get("Location") != "/en/exercises/"+ex.ID {
			t.Fatalf("launch = %d %q %s", r.status, r.header.Get("Location"), r.body)
		}
		cookie := strings.Join(r.header.Values("Set-Cookie"), "\n")
		mustContain(t, "launch cookies", cookie, "learner=", "SameSite=None", "Secure")
		if got := ada.attempt(ex.ID, ex.Solutions[0]); !got.Passed {
			t.Fatal("the solution did not pass")
		}
		le.plat.FailScores(1)
		ctx := context.Background()
		if n, err := le.srv.lti.svc.SendDue(ctx); err != nil || n != 0 {
			t.Fatalf("first send = %d, %v; want 0 taken (503)", n, err)
		}
		if all, _, _ := le.store.LTIScores(ctx); len(all) != 1 || !strings.Contains(all[0].LastError, "503") {
			t.Fatalf("outbox after a 503 = %+v", all)
		}
		// A restarted server's sender finds the score in the table.
		restarted := lti.New(le.store, lti.Config{Clock: le.clock, Logger: quietLogger()})
		if n, _ := restarted.SendDue(ctx); n != 0 {
			t.Fatalf("a retry before its time sent %d", n)
		}
		le.clock.advance(59 * time.Second)
		if n, err := restarted.SendDue(ctx); err != nil || n != 1 {
			all, sent, _ := le.store.LTIScores(ctx)
			t.Logf("outbox: %+v %v", all, sent)
			t.Fatalf("retry within a minute = %d, %v; want 1", n, err)
		}
		scores := le.plat.Scores()
		if len(scores) != 1 {
			t.Fatalf("scores = %+v", scores)
		}
		if want := "/lineitems/li-" + ex.ID + "/lineitem/scores?type_id=1"; scores[0].LineItem != want {
			t.Errorf("posted to %s, want %s", scores[0].LineItem, want)
		}
		body := scores[0].Body
		if diff := cmp.Diff(map[string]any{"userId": "u-ada", "scoreGiven": 1.0, "scoreMaximum": 1.0, "activityProgress": "Completed", "gradingProgress": "FullyGraded"},
			map[string]any{"userId": body["userId"], "scoreGiven": body["scoreGiven"], "scoreMaximum": body["scoreMaximum"], "activityProgress": body["activityProgress"], "gradingProgress": body["gradingProgress"]}); diff != "" {
			t.Errorf("score (-want +got):\n%s", diff)
		}
		if _, err := time.Parse(time.RFC3339, body["timestamp"].(string)); err != nil {
			t.Errorf("timestamp %v: %v", body["timestamp"], err)
		}
		// The same person in another browser is the same learner.
		before := learnerCount(t, le.store)
		other := newBrowser(t, le.base)
		if r := le.launch(t, other, l); r.status != http.StatusSeeOther {
			t.Fatalf("second launch = %d %s", r.status, r.body)
		}
		if got := learnerCount(t, le.store); got != before {
			t.Errorf("learners after a launch from another browser = %d, want %d", got, before)
		}
		var prog progressJSON
		if err := json.Unmarshal([]byte(other.get("/api/progress").body), &prog); err != nil || prog.Learner == nil ||
			prog.Learner.DisplayName != "Ada Lovelace" || prog.Totals.ExercisesPassed != 1 {
			t.Errorf("the other browser's progress = %+v, %v; want Ada with 1 exercise passed", prog, err)
		}
		// Nothing changed: nothing is sent again.
		if n, _ := restarted.SendDue(ctx); n != 0 || len(le.plat.Scores()) != 1 {
			t.Errorf("an unchanged score was sent again")
		}
	})
}

// Every launch the checks refuse is a 4xx that signs nobody in: no
// learner is created and no learner cookie is set.
func TestLTILaunchRefusals(t *testing.T) {
	t.Parallel()
	le := newLTIEnv(t)
	other, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	base := ltitest.Launch{Sub: "u-eve", Name: "Eve", Roles: []string{ltitest.Learner}, ContextID: "course-1"}
	with := func(f func(map[string]any)) ltitest.Launch { l := base; l.Mutate = f; return l }
	const dep = "https://purl.imsglobal.org/spec/lti/claim/deployment_id"
	for name, tc := range map[string]struct {
		launch ltitest.Launch
		// post changes the launch form (state, a stranger's browser).
		post func(t *testing.T, b *browser, action string, fields url.Values) reply
	}{
		"signed by another key":     {launch: func() ltitest.Launch { l := base; l.SignWith = other; return l }()},
		"another issuer":            {launch: with(func(c map[string]any) { c["iss"] = "https://evil.example" })},
		"another audience":          {launch: with(func(c map[string]any) { c["aud"] = "someone-else" })},
		"several audiences, no azp": {launch: with(func(c map[string]any) { c["aud"] = []string{"playground-client", "x"} })},
		"expired":                   {launch: with(func(c map[string]any) { c["exp"] = le.clock.Now().Add(-2 * time.Minute).Unix() })},
		"issued in the future":      {launch: with(func(c map[string]any) { c["iat"] = le.clock.Now().Add(time.Hour).Unix() })},
		"no exp":                    {launch: with(func(c map[string]any) { delete(c, "exp") })},
		"unknown deployment":        {launch: with(func(c map[string]any) { c[dep] = "deployment-9" })},
		"another nonce":             {launch: with(func(c map[string]any) { c["nonce"] = "replayed" })},
		"not LTI 1.3":               {launch: with(func(c map[string]any) { c["https://purl.imsglobal.org/spec/lti/claim/version"] = "1.1" })},
		"no sub":                    {launch: with(func(c map[string]any) { delete(c, "sub") })},
		"unknown message type": {launch: with(func(c map[string]any) {
			c["https://purl.imsglobal.org/spec/lti/claim/message_type"] = "LtiSubmissionReviewRequest"
		})},
		"another state": {launch: base, post: func(t *testing.T, b *browser, action string, f url.Values) reply {
			f.Set("state", "forged")
			return send(t, b, "POST", action, f, le.crossSite()...)
		}},
		"posted from another browser": {launch: base, post: func(t *testing.T, _ *browser, action string, f url.Values) reply {
			return send(t, newBrowser(t, le.base), "POST", action, f, le.crossSite()...)
		}},
		"replayed": {launch: base, post: func(t *testing.T, b *browser, action string, f url.Values) reply {
			// The first post signs in; the same form again (the state
			// cookie set again by a thief) is refused by its nonce.
			first := send(t, b, "POST", action, f, le.crossSite()...)
			if first.status != http.StatusSeeOther {
				t.Fatalf("first post = %d %s", first.status, first.body)
			}
			thief := newBrowser(t, le.base)
			u, _ := url.Parse(le.base + "/lti/")
			thief.c.Jar.SetCookies(u, []*http.Cookie{{Name: ltiStateCookie + f.Get("state"), Value: nonceOf(t, f.Get("id_token")), Path: "/lti/"}})
			return send(t, thief, "POST", action, f, le.crossSite()...)
		}},
		"no id_token": {launch: base, post: func(t *testing.T, b *browser, action string, f url.Values) reply {
			f.Del("id_token")
			return send(t, b, "POST", action, f, le.crossSite()...)
		}},
	} {
		t.Run(name, func(t *testing.T) {
			b := newBrowser(t, le.base)
			action, fields := le.authorize(t, b, tc.launch)
			before := learnerCount(t, le.store)
			var r reply
			if tc.post != nil {
				r = tc.post(t, b, action, fields)
			} else {
				r = send(t, b, "POST", action, fields, le.crossSite()...)
			}
			if r.status < 400 || r.status > 499 || !strings.Contains(r.body, refusalReason[name]) {
				t.Fatalf("launch = %d %s; want a 4xx saying %q", r.status, r.body, refusalReason[name])
			}
			if c := strings.Join(r.header.Values("Set-Cookie"), "\n"); strings.Contains(c, "learner=") {
				t.Errorf("a refused launch set a learner cookie: %s", c)
			}
			extra := 0
			if name == "replayed" {
				extra = 1 // the first, good post
			}
			if got := learnerCount(t, le.store); got != before+extra {
				t.Errorf("learners = %d, want %d", got, before+extra)
			}
		})
	}
}

// refusalReason is what each refusal of TestLTILaunchRefusals says.
var refusalReason = map[string]string{
	"signed by another key": "signature does not verify", "another issuer": "no platform is registered",
	"another audience": "no platform is registered", "several audiences, no azp": "azp", "expired": "has expired",
	"issued in the future": "in the future", "no exp": "lacks exp or iat", "unknown deployment": "deployment",
	"another nonce": "nonce is not the one", "not LTI 1.3": "is not 1.3.0", "no sub": "names no user",
	"unknown message type": "is not one this tool takes", "another state": "state cookie is missing",
	"posted from another browser": "state cookie is missing", "replayed": "already used", "no id_token": "has no id_token",
}

// nonceOf reads the nonce of an id_token without checking it.
func nonceOf(t *testing.T, tok string) string {
	t.Helper()
	parts := strings.Split(tok, ".")
	b, err := base64.RawURLEncoding.DecodeString(parts[1])
	if err != nil {
		t.Fatal(err)
	}
	var c struct {
		Nonce string `json:"nonce"`
	}
	_ = json.Unmarshal(b, &c)
	return c.Nonce
}

// The login refuses an unknown platform and a request without a hint;
// a GET works as a POST does; the tool's key set has a kid, and a
// rotation publishes the new key beside the old.
func TestLTILoginAndKeys(t *testing.T) {
	t.Parallel()
	le := newLTIEnv(t)
	b := newBrowser(t, le.base)
	if r := send(t, b, "GET", le.base+"/lti/login?iss=https://unknown.example&login_hint=x", nil); r.status != http.StatusBadRequest {
		t.Errorf("unknown issuer = %d %s", r.status, r.body)
	}
	if r := send(t, b, "POST", le.base+"/lti/login", url.Values{"iss": {le.plat.Issuer()}}, le.crossSite()...); r.status != http.StatusBadRequest {
		t.Errorf("no login_hint = %d %s", r.status, r.body)
	}
	r := send(t, b, "GET", le.base+"/lti/login?iss="+url.QueryEscape(le.plat.Issuer())+"&login_hint=u1&lti_message_hint=m1", nil)
	loc, _ := url.Parse(r.header.Get("Location"))
	if r.status != http.StatusFound || loc.Query().Get("lti_message_hint") != "m1" || loc.Query().Get("redirect_uri") != le.base+"/lti/launch" {
		t.Errorf("GET login = %d %s", r.status, loc)
	}
	mustContain(t, "state cookie", strings.Join(r.header.Values("Set-Cookie"), "\n"), "lti-state-", "SameSite=None", "Secure", "HttpOnly")
	// Inside the LMS's iframe, the page checks the cookies first.
	r = send(t, b, "GET", le.base+"/lti/login?iss="+url.QueryEscape(le.plat.Issuer())+"&login_hint=u1", nil, "Sec-Fetch-Dest", "iframe")
	mustContain(t, "framed login", r.body, "data-lti-handoff", `target="_blank"`)
	mustContain(t, "framed login CSP", r.header.Get("Content-Security-Policy"), "frame-ancestors 'self' "+le.plat.Issuer())

	keys := func() []string {
		var set struct {
			Keys []struct {
				KID string `json:"kid"`
				Alg string `json:"alg"`
			} `json:"keys"`
		}
		if err := json.Unmarshal([]byte(send(t, b, "GET", le.base+"/lti/jwks", nil).body), &set); err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, k := range set.Keys {
			if k.KID == "" || k.Alg != "RS256" {
				t.Errorf("key %+v lacks a kid or RS256", k)
			}
			out = append(out, k.KID)
		}
		return out
	}
	first := keys()
	if len(first) != 1 {
		t.Fatalf("keys = %v", first)
	}
	if again := keys(); !cmp.Equal(again, first) {
		t.Errorf("the key changed between two reads: %v then %v", first, again)
	}
	kid, err := le.srv.lti.svc.RotateKey(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if got := keys(); !cmp.Equal(got, []string{kid, first[0]}) {
		t.Errorf("keys after rotation = %v, want [%s %s]", got, kid, first[0])
	}
}

// Each LMS course is a room: an Instructor's launch fills its roster from
// the membership service and opens that course's gradebook, and only it,
// without the token; its students are in no other room; the token holder
// chooses among every room.
func TestLTICourseIsARoom(t *testing.T) {
	t.Parallel()
	onEachEngine(t, testCourseIsARoom)
}

func testCourseIsARoom(t *testing.T, le *ltiEnv) {
	le.plat.SetMembers([]ltitest.Member{
		{UserID: "u-ada", Name: "Ada Lovelace", Email: "ada@example.edu", Roles: []string{ltitest.Learner}},
		{UserID: "u-bob", Name: "Bob Never-Came", Email: "bob@example.edu", Roles: []string{ltitest.Learner}},
		{UserID: "u-prof", Name: "Prof Turing", Roles: []string{ltitest.Instructor}},
	})
	workshop := newBrowser(t, le.base)
	workshop.attempt(le.catalog.Exercises()[0].ID, "{}") // a learner of the join-code room
	ada := newBrowser(t, le.base)
	if r := le.launch(t, ada, ltitest.Launch{Sub: "u-ada", Name: "Ada Lovelace", Roles: []string{ltitest.Learner}, ContextID: "c-101", ContextTitle: "MCP 101"}); r.status != http.StatusSeeOther {
		t.Fatalf("ada's launch = %d %s", r.status, r.body)
	}
	other := newBrowser(t, le.base)
	if r := le.launch(t, other, ltitest.Launch{Sub: "u-zed", Name: "Zed Elsewhere", Roles: []string{ltitest.Learner}, ContextID: "c-202", ContextTitle: "MCP 202"}); r.status != http.StatusSeeOther {
		t.Fatalf("zed's launch = %d %s", r.status, r.body)
	}
	prof := newBrowser(t, le.base)
	r := le.launch(t, prof, ltitest.Launch{Sub: "u-prof", Name: "Prof Turing", Roles: []string{ltitest.Instructor}, ContextID: "c-101", ContextTitle: "MCP 101", NRPS: true})
	loc := r.header.Get("Location")
	if r.status != http.StatusSeeOther || !strings.HasPrefix(loc, "/instructor/gradebook?course=") {
		t.Fatalf("instructor launch = %d %q %s", r.status, loc, r.body)
	}
	page := prof.get(loc)
	if page.status != http.StatusOK {
		t.Fatalf("course gradebook = %d %s", page.status, page.body)
	}
	mustContain(t, "course gradebook", page.body, "MCP 101", "Ada Lovelace", "Bob Never-Came")
	for _, absent := range []string{"Zed Elsewhere", "Prof Turing"} {
		if strings.Contains(page.body, absent) {
			t.Errorf("the course gradebook shows %s", absent)
		}
	}
	csv := prof.get("/instructor/gradebook.csv?excel=1")
	if csv.status != http.StatusOK || !strings.HasPrefix(csv.body, "\ufefflearner,") || strings.Contains(csv.body, "Zed Elsewhere") {
		t.Errorf("course CSV = %d\n%s", csv.status, csv.body)
	}
	rows := readCSV(t, strings.TrimPrefix(csv.body, "\ufeff"))
	ids := map[string][]string{}
	for _, row := range rows[1:] {
		ids[row[1]] = row[len(row)-3:]
	}
	if diff := cmp.Diff(map[string][]string{
		"Ada Lovelace":   {"ada@example.edu", "u-ada", "lms"},
		"Bob Never-Came": {"bob@example.edu", "u-bob", "lms"},
	}, ids); diff != "" {
		t.Errorf("the CSV's LMS ids (-want +got):\n%s", diff)
	}
	course := strings.TrimPrefix(loc, "/instructor/gradebook?course=")
	dash := prof.get("/instructor")
	if dash.status != http.StatusOK || !strings.Contains(dash.body, "Ada Lovelace") || strings.Contains(dash.body, "Zed Elsewhere") {
		t.Errorf("the course's dashboard = %d, Ada %v, Zed %v", dash.status, strings.Contains(dash.body, "Ada Lovelace"), strings.Contains(dash.body, "Zed Elsewhere"))
	}
	live := prof.get("/instructor/dashboard.json")
	if live.status != http.StatusOK || !strings.Contains(live.body, "Ada Lovelace") || strings.Contains(live.body, "Zed Elsewhere") {
		t.Errorf("the course's dashboard.json = %d %.300s", live.status, live.body)
	}
	for _, p := range []string{"/instructor/roster", "/instructor/gradebook?course=" + course + "0", "/instructor/reset", "/instructor/lti", "/instructor/export.csv"} {
		if r := prof.get(p); r.status == http.StatusOK {
			t.Errorf("the course's instructor opened %s", p)
		}
	}
	// The token holder sees every room; the workshop's has no LMS student.
	tok := newBrowser(t, le.base)
	all := tok.do("GET", "/instructor/gradebook", "", "", "Authorization", "Bearer "+testToken)
	mustContain(t, "token holder's gradebook", all.body, "MCP 101", "MCP 202")
	for _, lms := range []string{"Ada Lovelace", "Zed Elsewhere", "Bob Never-Came"} {
		if strings.Contains(all.body, lms) {
			t.Errorf("the workshop's gradebook shows %s", lms)
		}
	}
	if d := tok.do("GET", "/instructor", "", "", "Authorization", "Bearer "+testToken); strings.Contains(d.body, "Ada Lovelace") {
		t.Errorf("the workshop's dashboard shows a course's student")
	}
	other202 := tok.do("GET", "/instructor/gradebook?course="+course, "", "", "Authorization", "Bearer "+testToken)
	mustContain(t, "token holder's course gradebook", other202.body, "Ada Lovelace")
}

// An LtiDeepLinkingRequest shows the instructor a picker; the choice goes
// back as a signed LtiDeepLinkingResponse echoing the request's data, the
// graded items with a line item. A learner cannot deep link.
func TestLTIDeepLinking(t *testing.T) {
	t.Parallel()
	le := newLTIEnv(t)
	ex := le.catalog.Exercises()[0]
	student := newBrowser(t, le.base)
	dl := ltitest.Launch{Sub: "u-ada", Roles: []string{ltitest.Learner}, ContextID: "c-1", MessageType: "LtiDeepLinkingRequest", DeepLinkData: "opaque-42"}
	if r := le.launch(t, student, dl); r.status != http.StatusForbidden {
		t.Errorf("a learner's deep link = %d", r.status)
	}
	prof := newBrowser(t, le.base)
	dl.Sub, dl.Roles = "u-prof", []string{ltitest.Instructor}
	picker := le.launch(t, prof, dl)
	if picker.status != http.StatusOK {
		t.Fatalf("picker = %d %s", picker.status, picker.body)
	}
	mustContain(t, "picker", picker.body, `value="exercise:`+ex.ID+`"`, `value="lesson:`)
	_, fields, ok := ltitest.ParseForm(picker.body)
	if !ok || fields.Get("request") == "" {
		t.Fatalf("the picker has no request field:\n%s", picker.body)
	}
	choice := url.Values{"request": {fields.Get("request")}, "item": {"exercise:" + ex.ID, "lesson:" + ex.Lesson}}
	back := prof.postForm("/lti/deep-link", choice)
	action, jwt, ok := ltitest.ParseForm(back.body)
	if back.status != http.StatusOK || !ok || jwt.Get("JWT") == "" {
		t.Fatalf("deep link answer = %d %s", back.status, back.body)
	}
	mustContain(t, "deep link CSP", back.header.Get("Content-Security-Policy"), "form-action 'self' "+le.plat.Issuer())
	if r := send(t, prof, "POST", action, jwt); r.status != http.StatusOK {
		t.Fatalf("the platform refused the response: %d %s", r.status, r.body)
	}
	got := le.plat.DeepLinks()
	if len(got) != 1 {
		t.Fatalf("deep links = %v", got)
	}
	c := got[0]
	if c["https://purl.imsglobal.org/spec/lti-dl/claim/data"] != "opaque-42" || c["https://purl.imsglobal.org/spec/lti/claim/message_type"] != "LtiDeepLinkingResponse" ||
		c["https://purl.imsglobal.org/spec/lti/claim/deployment_id"] != le.plat.DeploymentID {
		t.Errorf("response claims = %v", c)
	}
	items, _ := c["https://purl.imsglobal.org/spec/lti-dl/claim/content_items"].([]any)
	if len(items) != 2 {
		t.Fatalf("content items = %v", items)
	}
	first, second := items[0].(map[string]any), items[1].(map[string]any)
	if first["type"] != "ltiResourceLink" || first["lineItem"] == nil || first["custom"].(map[string]any)["exercise"] != ex.ID ||
		!strings.HasSuffix(first["url"].(string), "/en/exercises/"+ex.ID) {
		t.Errorf("the exercise's item = %v", first)
	}
	if second["lineItem"] != nil {
		t.Errorf("a lesson got a line item: %v", second)
	}
	// The choice is signed: a forged request is refused.
	if r := prof.postForm("/lti/deep-link", url.Values{"request": {"forged.1.x"}, "item": {"exercise:" + ex.ID}}); r.status != http.StatusForbidden {
		t.Errorf("a forged request = %d", r.status)
	}
}

// An assignment link scores the share of its exercises passed by the due
// time; a regrade that changes it sends the new score, and only then.
func TestLTIAssignmentScoreAndRegrade(t *testing.T) {
	t.Parallel()
	le := newLTIEnv(t)
	ctx := context.Background()
	ex1, ex2 := le.exerciseOfKind(t, exercise.KindFix), le.catalog.Exercises()[0]
	ada := newBrowser(t, le.base)
	// The first launch makes the course's room, where the assignment is.
	if r := le.launch(t, ada, ltitest.Launch{Sub: "u-ada", Name: "Ada", Roles: []string{ltitest.Learner}, ContextID: "c-1"}); r.status != http.StatusSeeOther {
		t.Fatalf("first launch = %d %s", r.status, r.body)
	}
	rooms, err := le.store.LTIRooms(ctx)
	if err != nil || len(rooms) != 1 {
		t.Fatalf("rooms = %v, %v", rooms, err)
	}
	if err := le.store.SaveAssignment(ctx, rooms[0].ID, store.Assignment{ID: "week-1", Title: "Week 1", Due: le.clock.Now().Add(time.Hour), Exercises: []string{ex1.ID, ex2.ID}}); err != nil {
		t.Fatal(err)
	}
	l := ltitest.Launch{Sub: "u-ada", Name: "Ada", Roles: []string{ltitest.Learner}, ContextID: "c-1",
		Custom: map[string]string{"assignment": "week-1"}, LineItem: le.plat.LineItem("week-1")}
	if r := le.launch(t, ada, l); r.status != http.StatusSeeOther {
		t.Fatalf("launch = %d %s", r.status, r.body)
	}
	if r := ada.attempt(ex2.ID, "{}"); r.Passed {
		t.Fatal("an empty answer passed")
	}
	ada.attempt(ex1.ID, ex1.Solutions[0])
	if n, err := le.srv.lti.svc.SendDue(ctx); err != nil || n != 1 {
		t.Fatalf("send = %d, %v", n, err)
	}
	score := func(i int) (any, any) { s := le.plat.Scores()[i].Body; return s["scoreGiven"], s["scoreMaximum"] }
	if g, m := score(0); g != 1.0 || m != 2.0 {
		t.Errorf("score = %v/%v, want 1/2", g, m)
	}
	if n, _ := le.srv.lti.svc.Regrade(ctx); n != 0 {
		t.Errorf("a regrade that changed nothing queued %d", n)
	}
	// Today's checks accept the failed answer: the regrade re-sends.
	failed, err := le.store.Attempts(ctx, store.AttemptFilter{ExerciseID: ex2.ID})
	if err != nil || len(failed) != 1 {
		t.Fatalf("attempts = %v, %v", failed, err)
	}
	if err := le.store.ApplyRegrade(ctx, []store.Regraded{{AttemptID: failed[0].ID, LearnerID: failed[0].LearnerID, ExerciseID: ex2.ID, Passed: true}}); err != nil {
		t.Fatal(err)
	}
	if n, err := le.srv.lti.svc.Regrade(ctx); err != nil || n != 1 {
		t.Fatalf("regrade queued %d, %v", n, err)
	}
	if n, _ := le.srv.lti.svc.SendDue(ctx); n != 1 {
		t.Fatalf("the regraded score was not sent")
	}
	if g, m := score(1); g != 2.0 || m != 2.0 {
		t.Errorf("regraded score = %v/%v, want 2/2", g, m)
	}
}

// Inside the LMS's iframe the launch ends on a page that checks the
// cookies, with a single-use link that signs the same learner in a new
// window.
func TestLTIFramedLaunchOffersANewWindow(t *testing.T) {
	t.Parallel()
	le := newLTIEnv(t)
	framed := newBrowser(t, le.base)
	action, fields := le.authorize(t, framed, ltitest.Launch{Sub: "u-ada", Name: "Ada Lovelace", Roles: []string{ltitest.Learner}, ContextID: "c-1"})
	page := send(t, framed, "POST", action, fields, append(le.crossSite(), "Sec-Fetch-Dest", "iframe")...)
	mustContain(t, "framed launch", page.body, "data-lti-handoff", `data-next="/en/"`, `target="_blank"`)
	mustContain(t, "framed launch cookies", strings.Join(page.header.Values("Set-Cookie"), "\n"), "lti-check=1", "Partitioned")
	m := regexp.MustCompile(`href="(/lti/resume\?t=[^"]+)"`).FindStringSubmatch(page.body)
	if m == nil {
		t.Fatalf("no new-window link:\n%s", page.body)
	}
	link := html.UnescapeString(m[1])
	window := newBrowser(t, le.base)
	if r := window.get(link); r.status != http.StatusSeeOther || r.header.Get("Location") != "/en/" {
		t.Fatalf("new window = %d %q %s", r.status, r.header.Get("Location"), r.body)
	}
	var prog progressJSON
	if err := json.Unmarshal([]byte(window.get("/api/progress").body), &prog); err != nil || prog.Learner == nil || prog.Learner.DisplayName != "Ada Lovelace" {
		t.Errorf("the new window's learner = %+v, %v", prog.Learner, err)
	}
	if r := newBrowser(t, le.base).get(link); r.status != http.StatusForbidden {
		t.Errorf("the link used twice = %d", r.status)
	}
}

// The instructor page does what `playground lti` does: it shows the
// tool's URLs, registers a platform (refusing a bad one with the reason),
// removes it and rotates the key; its dynamic registration URL registers
// a platform in one step, and only while it is the playground's.
func TestLTIInstructorPageAndDynamicRegistration(t *testing.T) {
	t.Parallel()
	le := newLTIEnv(t)
	ins := newBrowser(t, le.base)
	get := func(p string) reply { return ins.do("GET", p, "", "", "Authorization", "Bearer "+testToken) }
	post := func(p string, f url.Values) reply {
		return ins.do("POST", p, "application/x-www-form-urlencoded", f.Encode(), "Authorization", "Bearer "+testToken)
	}
	page := get("/instructor/lti")
	mustContain(t, "platforms page", page.body, le.base+"/lti/login", le.base+"/lti/jwks", le.plat.Issuer(), "/lti/register/")
	bad := post("/instructor/lti/platforms", url.Values{"issuer": {"moodle"}, "client_id": {"c"}, "deployment": {"1"}})
	if bad.status != http.StatusUnprocessableEntity || !strings.Contains(bad.body, "must be an http(s) URL") {
		t.Errorf("a bad platform = %d", bad.status)
	}
	good := url.Values{"issuer": {"https://canvas.example"}, "client_id": {"10000000000001"}, "deployment": {"d1, d2"},
		"auth_url": {"https://canvas.example/auth"}, "token_url": {"https://canvas.example/token"}, "jwks_url": {"https://canvas.example/jwks"}}
	if r := post("/instructor/lti/platforms", good); r.status != http.StatusSeeOther {
		t.Fatalf("register = %d %s", r.status, r.body)
	}
	ps, _ := le.store.LTIPlatforms(context.Background())
	if len(ps) != 2 || !cmp.Equal(ps[1].Deployments, []string{"d1", "d2"}) {
		t.Fatalf("platforms = %+v", ps)
	}
	if r := post("/instructor/lti/platforms/"+strconv.FormatInt(ps[1].ID, 10)+"/remove", url.Values{}); r.status != http.StatusSeeOther {
		t.Errorf("remove = %d", r.status)
	}
	if r := post("/instructor/lti/keys", url.Values{}); r.status != http.StatusSeeOther {
		t.Errorf("rotate = %d", r.status)
	}
	if ks, _ := le.store.LTIKeys(context.Background()); len(ks) != 2 {
		t.Errorf("keys after a rotation = %d", len(ks))
	}
	// Not the token holder: no page.
	if r := newBrowser(t, le.base).get("/instructor/lti"); r.status == http.StatusOK {
		t.Errorf("the platforms page opened without the token")
	}

	m := regexp.MustCompile(`data-lti-register>([^<]+)<`).FindStringSubmatch(page.body)
	if m == nil {
		t.Fatal("no registration URL")
	}
	reg := html.UnescapeString(m[1]) + "?openid_configuration=" + url.QueryEscape(le.plat.ConfigURL()) + "&registration_token=" + ltitest.RegistrationToken
	lms := newBrowser(t, le.base)
	if r := send(t, lms, "GET", reg, nil); r.status != http.StatusOK || !strings.Contains(r.body, "data-lti-close") {
		t.Fatalf("dynamic registration = %d %s", r.status, r.body)
	}
	p, err := le.store.LTIPlatformFor(context.Background(), le.plat.Issuer(), "dyn-client")
	if err != nil || !cmp.Equal(p.Deployments, []string{"dyn-deployment"}) || p.TokenURL != le.plat.TokenURL() {
		t.Fatalf("registered platform = %+v, %v", p, err)
	}
	sent := le.plat.Registrations()[0]
	if sent["initiate_login_uri"] != le.base+"/lti/login" || sent["jwks_uri"] != le.base+"/lti/jwks" || sent["token_endpoint_auth_method"] != "private_key_jwt" {
		t.Errorf("registration request = %v", sent)
	}
	forged := le.base + "/lti/register/dynamic.9999999999.forged?openid_configuration=" + url.QueryEscape(le.plat.ConfigURL())
	if r := send(t, lms, "GET", forged, nil); r.status != http.StatusForbidden {
		t.Errorf("a forged registration URL = %d", r.status)
	}
}
