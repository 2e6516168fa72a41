package web

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/mcpplayground/playground/internal/exercise"
	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/internal/store"
	"github.com/mcpplayground/playground/internal/testing/e2etest"
	"github.com/mcpplayground/playground/internal/testing/gifttest"
	"github.com/mcpplayground/playground/mockserver"
)

// The pages at 390 px in the states people use them in, not as they first
// load: the console after a handshake and thirty messages, then with a
// request of the server waiting for an answer; the explainer with a log of
// 200 messages; the server check after a failed run; an exercise with its
// feedback and every hint open; the instructor's dashboard of a room of
// thirty with results; the instructor's assignments page with assignments
// and extensions in it, then with a refused form and its reason; the
// instructor's read-only view of a live and of a write exercise, with the
// room's frequent problems. In both languages and both themes, no page
// scrolls sideways, and axe-core finds no serious or critical violation.
//
// With PLAYGROUND_SCREENSHOTS=DIR, each state is also saved there as a
// PNG of the whole page, to look at.
func TestE2EPhoneStates(t *testing.T) {
	t.Parallel()
	axe := loadAxe(t)
	e := newTestEnv(t, Config{JoinCode: "ROOM"}, asWorkshop(), withMock(quickSlowTool))
	base := e.serve(t)
	t.Cleanup(e.srv.Close) // the console's event stream stays open
	broken := gifttest.URL(t, mockserver.Config{Mistake: mockserver.MistakeUnknownToolSuccess})
	fillRoom(t, e, base, 30)
	hinted := exerciseWithMostHints(t, e)
	roomAssignments(t, e)
	viewed := []string{liveExercise, roomExerciseOfKind(t, e, exercise.KindWrite).ID}

	// Each group of states is a learner of its own, in a tab of its own,
	// beside the other groups: within a group the states follow each
	// other (the console's second state goes on with its session; the
	// instructor's pages follow the dashboard's sign-in).
	type state struct {
		name string
		run  func(p *phoneTab)
	}
	groups := []struct {
		name   string
		states []state
	}{
		{"header", []state{{"header", (*phoneTab).header}}},
		{"console", []state{{"console", func(p *phoneTab) { p.consoleWithThirty(); p.consoleWaiting() }}}},
		{"explain", []state{{"explain", (*phoneTab).explainLongLog}}},
		{"check-server", []state{{"check-server", func(p *phoneTab) { p.checkServerFailed(broken) }}}},
		{"exercise", []state{{"exercise", func(p *phoneTab) { p.exerciseWithHints(hinted) }}}},
		{"instructor", []state{
			{"dashboard", (*phoneTab).dashboardOfThirty},
			{"assignments", func(p *phoneTab) { p.assignmentsWithExtensions(); p.assignmentRefused() }},
			{"exercise-view", func(p *phoneTab) {
				for _, id := range viewed {
					p.instructorExercise(id)
				}
			}},
		}},
	}
	for _, l := range i18n.All {
		for _, g := range groups {
			t.Run(string(l)+"/"+g.name, func(t *testing.T) {
				t.Parallel()
				ctx := e2etest.Browser(t)
				p := &phoneTab{t: t, ctx: ctx, base: base, lang: string(l), axe: axe, who: g.name}
				e2etest.Do(t, ctx, "a phone's screen", chromedp.EmulateViewport(390, 844))
				p.join()
				for _, s := range g.states {
					t.Run(s.name, func(t *testing.T) {
						p.t = t
						s.run(p)
					})
				}
			})
		}
	}
}

// phoneTab is one browser tab on a phone's screen, in one language.
type phoneTab struct {
	t    *testing.T
	ctx  context.Context
	base string
	lang string
	axe  string
	who  string // the group of states the tab's learner is there for
	sent int    // messages the console has sent so far
}

// join enters the room as a learner, so every learner's page opens.
func (p *phoneTab) join() {
	e2etest.Do(p.t, p.ctx, "join the room",
		chromedp.Navigate(p.base+"/"+p.lang+"/join"),
		chromedp.WaitVisible(chromedp.CSS("#join-code")),
		chromedp.SendKeys(chromedp.CSS("#join-code"), "ROOM"),
		chromedp.SendKeys(chromedp.CSS("#join-name"), "Phone "+p.lang+" "+p.who),
		chromedp.Click(chromedp.CSS(".join-form button[type=submit]")),
		chromedp.WaitVisible(chromedp.CSS(".lesson-list")),
	)
}

// postMessages sends messages from the console page, as its script does.
func (p *phoneTab) postMessages(msgs []string) {
	p.t.Helper()
	script := `(async function () {
		for (const m of ` + jsonOf(msgs) + `) {
			const r = await fetch("/api/console/messages?lang=` + p.lang + `", {method: "POST", body: m, credentials: "same-origin"});
			if (!r.ok) return "POST " + r.status + " " + await r.text();
		}
		return "";
	})()`
	if msg := e2etest.Get(p.t, p.ctx, chromedp.Evaluate[string](script, chromedp.EvalAwaitPromise)); msg != "" {
		p.t.Fatalf("sending from the console page: %s", msg)
	}
	p.sent += len(msgs)
}

// thirtyMessages is a handshake and then what a learner tries in a
// session: lists, calls (one with a long query, one of an unknown tool),
// a ping, a mistake and a line that is not JSON. Twenty-two of them are
// sent; with the server's replies the timeline holds well over thirty.
func thirtyMessages() []string {
	msgs := []string{msgInitialize, msgInitialized}
	bodies := []string{
		`"method":"tools/list"`,
		`"method":"tools/call","params":{"name":"suggest_gifts","arguments":{"occasion":"birthday","budget":20}}`,
		`"method":"resources/list"`,
		`"method":"prompts/list"`,
		`"method":"ping"`,
		`"method":"tools/call","params":{"name":"suggest_gifts","arguments":{"occasion":"anniversaire_de_mariage_de_mes_grands_parents_qui_ont_toujours_tout","budget":5}}`,
		`"method":"tools/call","params":{"name":"no_such_tool_with_a_rather_long_name_indeed"}`,
		`"method":"tools/list","params":{"cursr":"x"}`,
	}
	for i := 0; len(msgs) < 21; i++ {
		msgs = append(msgs, fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,%s}`, 10+i, bodies[i%len(bodies)]))
	}
	return append(msgs, `not JSON, and a rather long line of it that goes on and on without a single space:aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa`)
}

func (p *phoneTab) consoleWithThirty() {
	page := p.base + "/" + p.lang + "/console"
	e2etest.Do(p.t, p.ctx, "open the console", chromedp.Navigate(page), chromedp.WaitVisible(chromedp.CSS("#answer")))
	p.postMessages(thirtyMessages())
	e2etest.Do(p.t, p.ctx, "reload the console with its timeline",
		chromedp.Navigate(page),
		chromedp.WaitVisible(chromedp.CSS("#diagram-box svg")),
	)
	if n := e2etest.Get(p.t, p.ctx, chromedp.Evaluate[int](`document.querySelectorAll("#tl-list .tl-item").length`)); n < 30 {
		p.t.Errorf("the console's timeline holds %d messages, want 30 or more", n)
	}
	p.measure("console after a handshake and thirty messages")
}

func (p *phoneTab) consoleWaiting() {
	p.postMessages([]string{`{"jsonrpc":"2.0","id":99,"method":"tools/call","params":{"name":"ask_gift_preferences"}}`})
	e2etest.Do(p.t, p.ctx, "reload the console with a request waiting",
		chromedp.Reload(),
		chromedp.WaitVisible(chromedp.CSS(".tl-wait [data-answer]")),
	)
	p.measure("console with a server request waiting")
}

// longLog is a JSON Lines log of n messages: a handshake, then calls and
// their results, one call in ten answered by an error.
func longLog(n int) string {
	var b strings.Builder
	line := func(seq int, dir, msg string) {
		fmt.Fprintf(&b, `{"seq":%d,"direction":%q,"time":"2026-11-30T10:%02d:%02d.000Z","message":%s}`+"\n", seq, dir, seq/60%60, seq%60, msg)
	}
	line(1, "in", msgInitialize)
	line(2, "out", `{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-11-25","capabilities":{"tools":{}},"serverInfo":{"name":"gift-server","version":"1.0.0"}}}`)
	line(3, "in", msgInitialized)
	for seq, id := 4, 2; seq <= n; seq, id = seq+2, id+1 {
		line(seq, "in", fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":"suggest_gifts","arguments":{"occasion":"birthday","budget":%d}}}`, id, id))
		if seq+1 > n {
			break
		}
		if id%10 == 0 {
			line(seq+1, "out", fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"error":{"code":-32602,"message":"Invalid params: budget must be at most 1000 and this message is rather long so that it wraps"}}`, id))
			continue
		}
		line(seq+1, "out", fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"result":{"content":[{"type":"text","text":"3 gifts for a birthday under $%d: a scarf, a book of poems, a long-handled wooden spoon"}]}}`, id, id))
	}
	return b.String()
}

func (p *phoneTab) explainLongLog() {
	e2etest.Do(p.t, p.ctx, "explain a log of 200 messages",
		chromedp.Navigate(p.base+"/"+p.lang+"/explain"),
		chromedp.WaitVisible(chromedp.CSS("#explain-log")),
		chromedp.SetValue(chromedp.CSS("#explain-log"), longLog(200)),
		chromedp.Click(chromedp.CSS(".explain-form button[type=submit]")),
		chromedp.WaitVisible(chromedp.CSS("[data-summary]")),
		chromedp.WaitVisible(chromedp.CSS("#tl-list .tl-item")),
	)
	p.measure("explainer with a 200-message log")
}

func (p *phoneTab) checkServerFailed(url string) {
	e2etest.Do(p.t, p.ctx, "check a faulty server",
		chromedp.Navigate(p.base+"/"+p.lang+"/check-server"),
		chromedp.WaitVisible(chromedp.CSS("#url")),
		chromedp.SetValue(chromedp.CSS("#url"), url),
		chromedp.SetValue(chromedp.CSS("#exercise"), "tools-server-gift-server"),
		chromedp.Click(chromedp.CSS("[data-check-run]")),
	)
	e2etest.Wait(p.t, p.ctx, "the check's end", `document.querySelector("[data-check-result] [data-done='true']") !== null`)
	e2etest.Do(p.t, p.ctx, "a failed step", chromedp.WaitVisible(chromedp.CSS(".check-step[data-status='failed']")))
	p.measure("server check after a failed run")
}

func (p *phoneTab) exerciseWithHints(ex *exercise.Exercise) {
	e2etest.Do(p.t, p.ctx, "answer "+ex.ID+" wrongly",
		chromedp.Navigate(p.base+"/"+p.lang+"/exercises/"+ex.ID),
		chromedp.WaitVisible(chromedp.CSS("#answer")),
		chromedp.SetValue(chromedp.CSS("#answer"), `{"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": {"cursr": "a-rather-long-cursor-value-that-goes-on-and-on-and-on"}}`),
		chromedp.Click(chromedp.CSS("#answer-form button[type=submit]")),
		chromedp.WaitVisible(chromedp.CSS("#feedback .fb-fail")),
	)
	for i := 1; i <= len(ex.TextIn(i18n.Lang(p.lang)).Hints); i++ {
		e2etest.Do(p.t, p.ctx, fmt.Sprintf("open hint %d", i),
			chromedp.Click(chromedp.CSS("[data-hint-button]")),
			chromedp.WaitVisible(chromedp.CSS(fmt.Sprintf(`.hint[data-hint="%d"]`, i))),
		)
	}
	p.measure("exercise with feedback and hints open")
}

func (p *phoneTab) dashboardOfThirty() {
	e2etest.Do(p.t, p.ctx, "sign in as the instructor",
		chromedp.Navigate(p.base+"/instructor/login?lang="+p.lang),
		chromedp.WaitVisible(chromedp.CSS("#instructor-token")),
		chromedp.SendKeys(chromedp.CSS("#instructor-token"), testToken),
		chromedp.Click(chromedp.CSS("[data-token-form] button[type=submit]")),
		chromedp.WaitVisible(chromedp.CSS(".dash-matrix")),
		chromedp.Navigate(p.base+"/instructor?lang="+p.lang),
		chromedp.WaitVisible(chromedp.CSS(".dash-matrix")),
	)
	if n := e2etest.Get(p.t, p.ctx, chromedp.Evaluate[int](`document.querySelectorAll(".dash-matrix tbody tr").length`)); n < 30 {
		p.t.Errorf("the dashboard lists %d learners, want 30 or more", n)
	}
	p.measure("instructor dashboard of a room of thirty")
}

// instructorPage opens an instructor's page (signed in by the dashboard's
// state) in the tab's language and waits for sel.
func (p *phoneTab) instructorPage(what, path, sel string) {
	p.t.Helper()
	sep := "?"
	if strings.Contains(path, "?") {
		sep = "&"
	}
	e2etest.Do(p.t, p.ctx, what,
		chromedp.Navigate(p.base+path+sep+"lang="+p.lang),
		chromedp.WaitVisible(chromedp.CSS(sel)),
	)
}

// inLang fails the state when the page is not in the tab's language (a
// form posted without ?lang= must come back in it too).
func (p *phoneTab) inLang(state string) {
	p.t.Helper()
	if got := e2etest.Get(p.t, p.ctx, chromedp.Evaluate[string](`document.documentElement.lang`)); got != p.lang {
		p.t.Errorf("%s: the page is in %q, want %q", state, got, p.lang)
	}
}

func (p *phoneTab) assignmentsWithExtensions() {
	p.instructorPage("open the assignments", "/instructor/assignments", "[data-assignments]")
	rows := e2etest.Get(p.t, p.ctx, chromedp.Evaluate[int](`document.querySelectorAll("[data-assignments] tbody tr").length`))
	exts := e2etest.Get(p.t, p.ctx, chromedp.Evaluate[int](`document.querySelectorAll("[data-extensions] li").length`))
	if rows < 3 || exts < 3 {
		p.t.Errorf("the assignments page lists %d assignments and %d extensions, want 3 of each", rows, exts)
	}
	p.inLang("assignments")
	p.measure("assignments with assignments and extensions")
}

// assignmentRefused posts the assignment form with no exercise chosen:
// the browser lets it through (no checkbox is required) and the server
// refuses it, with what was typed and why.
func (p *phoneTab) assignmentRefused() {
	e2etest.Do(p.t, p.ctx, "post an assignment with no exercise",
		chromedp.SetValue(chromedp.CSS("#assignment-id"), "semaine-3-cycle-de-vie-et-notifications"),
		chromedp.SetValue(chromedp.CSS("#assignment-title"), "Semaine 3 : le cycle de vie, les notifications de progression et l'annulation"),
		chromedp.SetValue(chromedp.CSS("#assignment-due"), "2026-12-16T10:00"),
		chromedp.Click(chromedp.CSS("[data-assignment-form] button[type=submit]")),
		chromedp.WaitVisible(chromedp.CSS("[data-assignment-error]")),
	)
	if got := e2etest.Get(p.t, p.ctx, chromedp.Evaluate[string](`document.querySelector("#assignment-id").value`)); got != "semaine-3-cycle-de-vie-et-notifications" {
		p.t.Errorf("the refused form lost its id: %q", got)
	}
	p.inLang("refused assignment form")
	p.measure("assignments with a refused form")
}

func (p *phoneTab) instructorExercise(id string) {
	p.instructorPage("open the instructor's view of "+id, "/instructor/exercises/"+id, "[data-instructor-exercise]")
	if n := e2etest.Get(p.t, p.ctx, chromedp.Evaluate[int](`document.querySelectorAll("[data-problem]").length`)); n == 0 {
		p.t.Errorf("the view of %s lists none of the room's problems", id)
	}
	p.inLang("exercise view")
	p.measure("instructor's view of " + id)
}

// fitJS measures the page: its width, and the first elements that stick
// out of a 390-px screen without a box of their own that scrolls.
const fitJS = `(function () {
	const out = {Width: document.documentElement.scrollWidth, Wide: []};
	const scrolls = (el) => {
		for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
			const o = getComputedStyle(a).overflowX;
			if (o === "auto" || o === "scroll" || o === "hidden" || o === "clip") return true;
		}
		return false;
	};
	for (const el of document.body.querySelectorAll("*")) {
		const r = el.getBoundingClientRect();
		if (r.right > 391 && r.width > 0 && !scrolls(el)) {
			out.Wide.push(el.tagName.toLowerCase() + (el.id ? "#" + el.id : "") + (el.className && el.className.baseVal === undefined ? "." + String(el.className).trim().split(/\s+/).join(".") : "") + " " + Math.round(r.right));
			if (out.Wide.length >= 4) break;
		}
	}
	return out;
})()`

// measure checks the page's width in both themes, saves a screenshot where
// asked, and runs axe-core in both themes.
func (p *phoneTab) measure(state string) {
	p.t.Helper()
	name := state + " (" + p.lang + ")"
	for _, theme := range []string{"light", "dark"} {
		e2etest.Do(p.t, p.ctx, "the "+theme+" theme",
			chromedp.Evaluate[chromedp.Void](`document.documentElement.dataset.theme = "`+theme+`"`))
		type fit struct {
			Width int
			Wide  []string
		}
		got := e2etest.Get(p.t, p.ctx, chromedp.Evaluate[fit](fitJS))
		p.t.Logf("%s, %s: %d px", name, theme, got.Width)
		if got.Width > 390 {
			p.t.Errorf("%s, %s theme: the page is %d px wide at 390 px: %v", name, theme, got.Width, got.Wide)
		}
		p.screenshot(name + " " + theme)
	}
	checkAxe(p.t, p.ctx, p.axe, name)
}

func (p *phoneTab) screenshot(name string) {
	dir := os.Getenv("PLAYGROUND_SCREENSHOTS")
	if dir == "" {
		return
	}
	png := e2etest.Get(p.t, p.ctx, chromedp.FullScreenshot(100))
	file := strings.NewReplacer(" ", "-", "(", "", ")", "").Replace(name) + ".png"
	if err := os.WriteFile(filepath.Join(dir, file), png, 0o644); err != nil {
		p.t.Errorf("save the screenshot: %v", err)
	}
}

// liveExercise is the live exercise the room tries in the console.
const liveExercise = "tools-live-suggest-gifts"

// everyoneTries is how many of the course's first exercises every
// learner of fillRoom's room tries (some try up to eleven more).
const everyoneTries = 4

// fillRoom has n learners join the room with names of every length and
// answer exercises: some pass, some fail, some are stuck. The first few
// also try the live exercise with a budget given as text.
func fillRoom(t *testing.T, e *testEnv, base string, n int) {
	t.Helper()
	exs := e.catalog.Exercises()
	for i := range n {
		b := newBrowser(t, base)
		name := fmt.Sprintf("Learner %02d", i+1)
		if i%7 == 3 {
			name = fmt.Sprintf("Maximilienne-Éléonore %02d", i+1)
		}
		if r := joinForm(b, "en", "ROOM", name, ""); r.status != http.StatusSeeOther {
			t.Fatalf("join as %s = %d %s", name, r.status, r.body)
		}
		if i < 4 {
			tryLive(b)
		}
		for j, ex := range exs {
			if j >= i%12+everyoneTries || ex.Kind != exercise.KindFix && ex.Kind != exercise.KindWrite {
				continue
			}
			b.attempt(ex.ID, `{"jsonrpc": "2.0", "id": 1, "method": "tools/lst"}`)
			if (i+j)%3 != 0 {
				b.attempt(ex.ID, ex.Solutions[0])
			}
		}
	}
}

// tryLive has a learner talk to the gift server in the console and send
// the session as the live exercise's answer, with the budget as text.
func tryLive(b *browser) {
	b.t.Helper()
	b.send(msgInitialize)
	b.send(msgInitialized)
	b.send(`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"suggest_gifts","arguments":{"occasion":"birthday","budget":"50"}}}`)
	if res := b.checkExchange(liveExercise); res.Passed {
		b.t.Fatal("a budget given as text passed the live exercise")
	}
}

// roomExerciseOfKind is the first exercise of kind k that every learner
// of fillRoom's room tries.
func roomExerciseOfKind(t *testing.T, e *testEnv, k exercise.Kind) *exercise.Exercise {
	t.Helper()
	for j, ex := range e.catalog.Exercises() {
		if j < everyoneTries && ex.Kind == k {
			return ex
		}
	}
	t.Fatalf("none of the course's first %d exercises is of kind %s", everyoneTries, k)
	return nil
}

// roomAssignments gives the room three assignments, one with a long title
// and the longest id, and extensions to learners with long names.
func roomAssignments(t *testing.T, e *testEnv) {
	t.Helper()
	ctx := t.Context()
	exs := e.catalog.Exercises()
	due := time.Date(2026, 12, 9, 10, 0, 0, 0, time.Local)
	as := []store.Assignment{
		{ID: "week-1", Title: "Week 1", Due: due, Exercises: []string{exs[0].ID, exs[1].ID}},
		{ID: "semaine-2-requetes-reponses-et-erreurs-x", Title: "Semaine 2 : les requêtes, les réponses, les erreurs de JSON-RPC et celles de MCP", Due: due.AddDate(0, 0, 7), Exercises: []string{exs[2].ID, exs[3].ID, exs[4].ID}},
		{ID: "live", Title: "The console, live", Due: due.AddDate(0, 0, 14), Exercises: []string{liveExercise}},
	}
	for _, a := range as {
		if err := e.store.SaveAssignment(ctx, 0, a); err != nil {
			t.Fatalf("save assignment %s: %v", a.ID, err)
		}
	}
	learners, err := e.store.Learners(ctx)
	if err != nil || len(learners) < 4 {
		t.Fatalf("the room's learners: %d, %v", len(learners), err)
	}
	for i, lr := range learners[:4] {
		a := as[i%len(as)]
		if err := e.store.SetExtension(ctx, a.ID, lr.ID, a.Due.Add(72*time.Hour)); err != nil {
			t.Fatalf("extension for %d: %v", lr.ID, err)
		}
	}
}

// exerciseWithMostHints is the editor exercise with the most hints.
func exerciseWithMostHints(t *testing.T, e *testEnv) *exercise.Exercise {
	t.Helper()
	var best *exercise.Exercise
	for _, ex := range e.catalog.Exercises() {
		if ex.Kind != exercise.KindFix && ex.Kind != exercise.KindWrite {
			continue
		}
		if best == nil || len(ex.TextIn(i18n.EN).Hints) > len(best.TextIn(i18n.EN).Hints) {
			best = ex
		}
	}
	if best == nil {
		t.Fatal("no exercise with an editor")
	}
	return best
}

// phoneHeaderMax is the tallest the site header may be on a phone: one
// row (844 px of screen are the learner's, not the header's).
const phoneHeaderMax = 60

// header: on a phone the site header is one short row, and every
// destination is reached from it with the keyboard alone, through the
// menu (a disclosure that needs no script).
func (p *phoneTab) header() {
	p.t.Helper()
	e2etest.Do(p.t, p.ctx, "open the course", chromedp.Navigate(p.base+"/"+p.lang+"/"), chromedp.WaitVisible(chromedp.CSS(".lesson-list")))
	h := e2etest.Get(p.t, p.ctx, chromedp.Evaluate[float64](`document.querySelector(".site-header").getBoundingClientRect().height`))
	p.t.Logf("the header is %.0f px tall at 390 px (%s)", h, p.lang)
	if h > phoneHeaderMax {
		p.t.Errorf("the header is %.0f px tall at 390 px, want at most %d", h, phoneHeaderMax)
	}
	want := []string{"/", "/exercises", "/console", "/progress", "/explain", "/check-server"}
	e2etest.Do(p.t, p.ctx, "from the top", chromedp.Evaluate[chromedp.Void](`document.activeElement && document.activeElement.blur()`))
	reached := false
	for range 10 {
		e2etest.Do(p.t, p.ctx, "press Tab", chromedp.KeyEvent(kb.Tab))
		if reached = e2etest.Get(p.t, p.ctx, chromedp.Evaluate[bool](`document.activeElement.matches("[data-nav-menu] > summary")`)); reached {
			break
		}
	}
	if !reached {
		p.t.Fatalf("the menu is not among the header's first stops for the keyboard")
	}
	e2etest.Do(p.t, p.ctx, "open the menu with Enter", chromedp.KeyEvent(kb.Enter))
	for _, path := range want {
		e2etest.Do(p.t, p.ctx, "press Tab", chromedp.KeyEvent(kb.Tab))
		got := e2etest.Get(p.t, p.ctx, chromedp.Evaluate[string](`(function () {
			const a = document.activeElement, r = a.getBoundingClientRect();
			const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
			const seen = r.width > 0 && r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth && (hit === a || a.contains(hit));
			return (a.getAttribute("href") || a.tagName) + (seen ? "" : " (not visible)");
		})()`))
		if got != "/"+p.lang+path {
			p.t.Errorf("the menu's next stop is %s, want /%s%s, visible", got, p.lang, path)
		}
	}
	p.measure("header menu open")
}
