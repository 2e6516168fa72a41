package web

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/mcpplayground/playground/internal/exercise"
	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/internal/testing/e2etest"
	"github.com/mcpplayground/playground/internal/testing/gifttest"
	"github.com/mcpplayground/playground/mockserver"
	"github.com/mcpplayground/playground/web/pagevm"
)

// Every kind of exercise, where learners meet it: one exercise of each
// kind in the registry (a new kind is covered, or fails here for want of
// an exercise), in both languages, with JavaScript on and off, answered by
// the keyboard alone. Its first "# Wrong" fails with the feedback that
// names the mistake, its "# Solution" passes, no page blames an editor it
// does not show, and axe finds no serious violation in either theme (the
// light one in English, the dark one in French). A kind played elsewhere
// is followed there: a live exercise is played in the console, a server
// exercise checks the gift server (which passes) and the gift server with
// a mistake the exercise catches (which fails). One browser, one tab per
// kind and language, in parallel, in the test binary's one browser.
func TestE2EEveryKind(t *testing.T) {
	t.Parallel()
	axe := loadAxe(t)
	e := newTestEnv(t, Config{}, withMock(quickSlowTool))
	base := e.serve(t)
	t.Cleanup(e.srv.Close) // the console's event streams stay open
	for _, k := range exercise.Kinds {
		ex := kindExercise(t, e, k)
		if ex == nil {
			continue // said by kindExercise
		}
		for _, l := range i18n.All {
			t.Run(fmt.Sprintf("%s/%s", k, l), func(t *testing.T) {
				t.Parallel()
				ctx := e2etest.Browser(t) // a tab of the shared browser, cookies of its own
				failOnJSErrors(t, ctx)
				kt := &kindTab{t: t, ctx: ctx, url: base + pagevm.ExerciseURL(l, ex.ID), ex: ex, lang: l, axe: axe,
					theme: map[i18n.Lang]string{i18n.EN: "light", i18n.FR: "dark"}[l]}
				kt.play(true)
				kt.play(false)
			})
		}
	}
}

// kindExercise is the first exercise of kind k that a learner answers on
// its page with a solution and a wrong answer, or, for a kind answered
// elsewhere, the first of its kind.
func kindExercise(t *testing.T, e *testEnv, k exercise.Kind) *exercise.Exercise {
	t.Helper()
	for _, ex := range e.catalog.Exercises() {
		if ex.Kind != k {
			continue
		}
		if k.Answer().Fields == exercise.AnswerElsewhere || (len(ex.Solutions) > 0 && len(ex.WrongAnswers()) > 0) {
			return ex
		}
	}
	t.Errorf("the course has no %s exercise with a solution and a wrong answer: the kind is not tried in the browser", k)
	return nil
}

// kindTab is one learner's tab on one exercise.
type kindTab struct {
	t        *testing.T
	ctx      context.Context
	url      string
	ex       *exercise.Exercise
	lang     i18n.Lang
	axe      string
	theme    string // the theme axe reads the pages in
	attempts int
}

// checkAxe runs every rule of axe on the page in the tab's theme.
func (k *kindTab) checkAxe(page string) {
	k.t.Helper()
	axeIn(k.t, k.ctx, k.axe, page, k.theme, axeAllRules)
}

// play answers the exercise wrongly then rightly, with JavaScript on or
// off; with it on, axe reads the page with the feedback in both themes.
func (k *kindTab) play(js bool) {
	k.t.Helper()
	k.setScript(js)
	mode := map[bool]string{true: "JavaScript on", false: "JavaScript off"}[js]
	e2etest.Do(k.t, k.ctx, "open "+k.url+" with "+mode, chromedp.Navigate(k.url), chromedp.WaitReady(chromedp.CSS("main")))
	if k.ex.Kind.Answer().Fields == exercise.AnswerElsewhere {
		if js {
			k.checkAxe(k.url)
		}
		k.elsewhere(mode)
		switch k.ex.Kind.Form() {
		case exercise.FormConsole:
			k.live(js, mode)
		case exercise.FormServer:
			k.server(js, mode)
		}
		return
	}
	wrong := k.ex.WrongAnswers()[0].Text
	k.answer(wrong, mode, js)
	k.checkWrong(wrong, mode)
	if js {
		if !e2etest.Get(k.t, k.ctx, chromedp.Evaluate[bool](`window.samePage === true`)) {
			k.t.Errorf("%s: the page was reloaded: the script did not send the answer", mode)
		}
		k.checkAxe(k.url)
	}
	k.answer(k.ex.Solutions[0], mode, js)
	if !e2etest.Get(k.t, k.ctx, chromedp.Evaluate[bool](`document.querySelector("#feedback .fb-pass") !== null`)) {
		k.t.Errorf("%s: the solution did not pass; the page says %q", mode, k.feedbackText())
	}
	k.noEditorBlamed(mode)
}

// setScript turns the page's scripts on or off for the tab.
func (k *kindTab) setScript(on bool) {
	e2etest.Do(k.t, k.ctx, "switch scripts", chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := cdp.Call(ctx, t, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: !on})
		return err
	}))
}

// answer fills the form with the keyboard alone (Tab to each field, keys
// to choose, Enter on the button) and waits for the verdict.
func (k *kindTab) answer(answer, mode string, js bool) {
	k.t.Helper()
	e2etest.Do(k.t, k.ctx, "start from the top of the page",
		chromedp.Evaluate[chromedp.Void](`window.samePage = true; document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0)`))
	if k.ex.Kind.Answer().Fields == exercise.AnswerText {
		k.tabTo("#answer", mode)
		e2etest.Do(k.t, k.ctx, "type the answer",
			chromedp.KeyEvent("a", chromedp.KeyModifiers(chromedp.ModifierCtrl)),
			chromedp.KeyEvent("\b"),
			insertText(answer),
			chromedp.KeyEvent(kb.Escape),
		)
	} else {
		for i, v := range pagevm.AnswerValues(answer, k.ex.Items()) {
			k.choose(i+1, v, mode)
		}
	}
	k.tabTo("#answer-form [data-submit]", mode)
	k.attempts++
	if js {
		e2etest.Do(k.t, k.ctx, "send with Enter", chromedp.KeyEvent(kb.Enter))
	} else if _, err := chromedp.RunResponse(k.ctx, chromedp.KeyEvent(kb.Enter)); err != nil {
		k.t.Fatalf("%s: send with Enter: %v", mode, err)
	}
	count := fmt.Sprintf(i18n.ExerciseFor(k.lang).AttemptsCount, k.attempts)
	// The verdict, or the form's refusal, whichever comes: a refusal is
	// this test's failure, said at once.
	wctx, cancel := context.WithTimeout(k.ctx, kindWait)
	defer cancel()
	refusal, err := e2etest.Poll[string](wctx, `(function () {
		const e = document.querySelector("#answer-form .ex-error");
		if (e) return "refused: " + e.textContent;
		const c = document.querySelector("#ex-state .ex-attempts");
		return c !== null && c.textContent.trim() === `+jsonOf(count)+` && document.querySelector("#feedback .fb") !== null ? "ok" : "";
	})()`)
	if err != nil || refusal != "ok" {
		k.t.Fatalf("%s: the verdict on attempt %d: %q %v", mode, k.attempts, refusal, err)
	}
}

// insertText types text as one input, as a paste or an input method does
// (the editor's Enter keeps the indentation, which typing key by key would
// add to the answer's own).
func insertText(text string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := cdp.Call(ctx, t, input.InsertText, input.InsertTextParams{Text: text})
		return err
	})
}

// tabTo presses Tab until the element matching sel has the focus.
func (k *kindTab) tabTo(sel, mode string, opts ...chromedp.KeyOption) {
	k.t.Helper()
	where := `(function () {
		const a = document.activeElement;
		if (a === null) return "";
		if (a.matches(` + jsonOf(sel) + `)) return "there";
		return a.closest("[data-editor]") ? "editor" : "";
	})()`
	for range 400 {
		switch e2etest.Get(k.t, k.ctx, chromedp.Evaluate[string](where)) {
		case "there":
			return
		case "editor":
			// Tab indents in the editor: Esc, then Tab, leaves it.
			e2etest.Do(k.t, k.ctx, "leave the editor", chromedp.KeyEvent(kb.Escape))
		}
		e2etest.Do(k.t, k.ctx, "press Tab", chromedp.KeyEvent(kb.Tab, opts...))
	}
	k.t.Fatalf("%s: %s is never reached with Tab", mode, sel)
}

// shift is Shift+Tab for tabTo: back to an element just left.
var shift = chromedp.KeyModifiers(chromedp.ModifierShift)

// choose reaches item n's field with Tab and picks value with the arrow
// keys (a radio group, or a select).
func (k *kindTab) choose(n int, value, mode string) {
	k.t.Helper()
	sel := fmt.Sprintf(`.ex-item[data-item="%d"] input, .ex-item[data-item="%d"] select`, n, n)
	k.tabTo(sel, mode)
	// A select moves towards the value; a radio group goes round.
	step := `(function (want) {
		const el = document.activeElement;
		if (el.tagName === "SELECT") {
			const to = Array.from(el.options).findIndex(function (o) { return o.value === want; });
			return to === el.selectedIndex ? "" : (to > el.selectedIndex ? "down" : "up");
		}
		if (el.checked && el.value === want) return "";
		return el.checked ? "down" : "space";
	})(` + jsonOf(value) + `)`
	keys := map[string]string{"down": kb.ArrowDown, "up": kb.ArrowUp, "space": " "}
	for range 40 {
		key := e2etest.Get(k.t, k.ctx, chromedp.Evaluate[string](step))
		if key == "" {
			return
		}
		e2etest.Do(k.t, k.ctx, "choose with the keyboard", chromedp.KeyEvent(keys[key]))
	}
	k.t.Fatalf("%s: item %d: %q cannot be chosen with the keyboard", mode, n, value)
}

// checkWrong: the wrong answer fails, and the feedback leads with the
// problem the judge finds first.
func (k *kindTab) checkWrong(wrong, mode string) {
	k.t.Helper()
	fb := pagevm.Feedback(k.ex, k.ex.Grade(wrong, k.lang), wrong)
	if fb.Passed || fb.First == nil {
		k.t.Fatalf("the first wrong answer of %s passes, or has no problem to show", k.ex.ID)
	}
	got := e2etest.Get(k.t, k.ctx, chromedp.Evaluate[[]string](`(function () {
		const p = document.querySelector("#feedback .fb-fail .fb-first .problem");
		if (!p) return ["", "", ""];
		return [p.dataset.code, p.dataset.pointer, p.innerText.trim()];
	})()`))
	if got[0] != fb.First.Code || got[1] != fb.First.Pointer || got[2] == "" {
		k.t.Errorf("%s: the wrong answer's first problem is %q at %q (%q), want %q at %q; the page says %q",
			mode, got[0], got[1], got[2], fb.First.Code, fb.First.Pointer, k.feedbackText())
	}
	if author := stripTags(string(fb.First.Message)); fb.First.CheckID != "" && !strings.Contains(got[2], firstWords(author)) {
		k.t.Errorf("%s: the feedback %q does not say the check's words %q", mode, got[2], author)
	}
	k.noEditorBlamed(mode)
}

// noEditorBlamed: a page without an editor never mentions one in what it
// says of the answer (the form, its errors, the feedback).
func (k *kindTab) noEditorBlamed(mode string) {
	k.t.Helper()
	if e2etest.Get(k.t, k.ctx, chromedp.Evaluate[bool](`document.getElementById("answer") !== null`)) {
		return
	}
	text := strings.ToLower(e2etest.Get(k.t, k.ctx, chromedp.Evaluate[string](
		`Array.from(document.querySelectorAll("#answer-form, #feedback")).map(function (el) { return el.innerText; }).join("\n")`)))
	for _, w := range []string{"editor", "éditeur"} {
		if i := strings.Index(text, w); i >= 0 {
			k.t.Errorf("%s: a page with no editor says %q", mode, text[max(i-80, 0):min(i+80, len(text))])
		}
	}
}

// elsewhere: an exercise answered on another page links to it, and the
// link is reached and followed with the keyboard.
func (k *kindTab) elsewhere(mode string) {
	k.t.Helper()
	k.noEditorBlamed(mode)
	href := e2etest.Get(k.t, k.ctx, chromedp.Evaluate[string](`(document.querySelector(".ex-live a.btn") || {}).href || ""`))
	if !strings.Contains(href, "exercise="+k.ex.ID) {
		k.t.Fatalf("%s: the page links %q, not the page where the exercise is played", mode, href)
	}
	k.tabTo(".ex-live a.btn", mode)
	if _, err := chromedp.RunResponse(k.ctx, chromedp.KeyEvent(kb.Enter)); err != nil {
		k.t.Fatalf("%s: follow the link with Enter: %v", mode, err)
	}
	if loc := e2etest.Get(k.t, k.ctx, chromedp.Location()); loc != href {
		k.t.Errorf("%s: Enter on the link opened %s, want %s", mode, loc, href)
	}
}

func (k *kindTab) feedbackText() string {
	return e2etest.Get(k.t, k.ctx, chromedp.Evaluate[string](`(document.querySelector("main") || document.body).innerText.slice(0, 2000)`))
}

// stripTags is the text of a bit of inline HTML.
func stripTags(h string) string {
	var b strings.Builder
	in := false
	for _, r := range h {
		switch {
		case r == '<':
			in = true
		case r == '>':
			in = false
		case !in:
			b.WriteRune(r)
		}
	}
	return strings.NewReplacer("&#39;", "'", "&quot;", `"`, "&lt;", "<", "&gt;", ">", "&amp;", "&").Replace(b.String())
}

// firstWords is the start of a sentence, enough to recognise it.
func firstWords(s string) string {
	r := []rune(strings.TrimSpace(s))
	return string(r[:min(len(r), 24)])
}

// press reaches sel with Tab from the top of the page and presses Enter
// on it; without JavaScript it waits for the page that comes back.
func (k *kindTab) press(sel, mode string, js bool) {
	k.t.Helper()
	k.focus(sel, mode)
	if js {
		e2etest.Do(k.t, k.ctx, "press Enter", chromedp.KeyEvent(kb.Enter))
	} else if _, err := chromedp.RunResponse(k.ctx, chromedp.KeyEvent(kb.Enter)); err != nil {
		k.t.Fatalf("%s: Enter on %s: %v", mode, sel, err)
	}
}

// focus reaches sel with Tab from the top of the page.
func (k *kindTab) focus(sel, mode string) {
	k.t.Helper()
	e2etest.Do(k.t, k.ctx, "start from the top of the page",
		chromedp.Evaluate[chromedp.Void](`document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0)`))
	k.tabTo(sel, mode)
}

// kindWait bounds each of the kinds test's waits for the page: a step that
// never comes (a message the timeline never shows) fails the test within
// a minute, not at the test binary's deadline half an hour later.
const kindWait = time.Minute

// waitFor waits for the expression, at most kindWait, in whichever
// document the tab holds (a form posted without script replaces it).
func (k *kindTab) waitFor(what, expr string) {
	k.t.Helper()
	ctx, cancel := context.WithTimeout(k.ctx, kindWait)
	defer cancel()
	if _, err := e2etest.Poll[bool](ctx, expr); err != nil {
		k.t.Fatalf("waiting for %s: %v; the page says %q", what, err, k.feedbackText())
	}
}

// live plays a live exercise in the console it was followed to, by
// keyboard: the client's messages of the first wrong session, sent one by
// one, then "Check my exchange" fails; after a reset, the solution's pass.
func (k *kindTab) live(js bool, mode string) {
	k.t.Helper()
	for i, session := range []string{k.ex.WrongAnswers()[0].Text, k.ex.Solutions[0]} {
		if i > 0 || !js {
			k.press("[data-reset-form] button", mode, js)
			k.waitFor("an empty timeline", `document.querySelectorAll("#tl-list .tl-item").length === 0`)
		}
		for n, msg := range clientMessages(k.t, session) {
			if js && n > 0 {
				k.tabTo("#answer", mode, shift) // back from the Send button
			} else {
				k.focus("#answer", mode)
			}
			e2etest.Do(k.t, k.ctx, "type the message",
				chromedp.KeyEvent("a", chromedp.KeyModifiers(chromedp.ModifierCtrl)),
				chromedp.KeyEvent("\b"),
				insertText(msg),
				chromedp.KeyEvent(kb.Escape),
			)
			k.tabTo("[data-send]", mode)
			if js {
				e2etest.Do(k.t, k.ctx, "send with Enter", chromedp.KeyEvent(kb.Enter))
			} else if _, err := chromedp.RunResponse(k.ctx, chromedp.KeyEvent(kb.Enter)); err != nil {
				k.t.Fatalf("%s: send with Enter: %v", mode, err)
			}
			k.waitFor(fmt.Sprintf("message %d in the timeline", n+1),
				fmt.Sprintf(`document.querySelectorAll("#tl-list .tl-item[data-from='client']").length >= %d`, n+1))
		}
		k.press("[data-exercise-check] button", mode, js)
		want := map[int]string{0: ".fb-fail", 1: ".fb-pass"}[i]
		k.waitFor("the verdict on the session", `!!document.querySelector("#ex-result `+want+`")`)
		if i == 0 && e2etest.Get(k.t, k.ctx, chromedp.Evaluate[string](`(document.querySelector("#ex-result .fb-first .msg") || {textContent: ""}).textContent.trim()`)) == "" {
			k.t.Errorf("%s: the wrong session fails with no problem named", mode)
		}
	}
}

// clientMessages are the client's messages of a live exercise's session,
// as they are typed in the console.
func clientMessages(t *testing.T, session string) []string {
	t.Helper()
	var doc struct {
		Exchange []struct {
			From    string          `json:"from"`
			Message json.RawMessage `json:"message"`
		} `json:"exchange"`
	}
	if err := json.Unmarshal([]byte(session), &doc); err != nil {
		t.Fatalf("a live session that is not JSON: %v", err)
	}
	var out []string
	for _, m := range doc.Exchange {
		if m.From == "client" {
			out = append(out, string(m.Message))
		}
	}
	return out
}

// server checks, from the check-server page the exercise links to, the
// gift server (which passes) and the gift server with the first mistake
// the exercise catches (which fails with a step's feedback).
func (k *kindTab) server(js bool, mode string) {
	k.t.Helper()
	if len(k.ex.Mistakes) == 0 {
		k.t.Fatalf("server exercise %s catches no mistake of the gift server: nothing to fail", k.ex.ID)
	}
	for i, cfg := range []mockserver.Config{{Mistake: mockserver.Mistake(k.ex.Mistakes[0].Mistake)}, {}} {
		url := gifttest.URL(k.t, cfg)
		k.focus("#url", mode)
		e2etest.Do(k.t, k.ctx, "type the URL",
			chromedp.KeyEvent("a", chromedp.KeyModifiers(chromedp.ModifierCtrl)),
			chromedp.KeyEvent("\b"),
			insertText(url),
		)
		e2etest.Do(k.t, k.ctx, "mark the verdict shown", chromedp.Evaluate[chromedp.Void](`document.querySelectorAll("[data-done]").forEach(function (v) { v.dataset.old = "1"; })`))
		k.press("[data-check-run]", mode, js)
		k.waitFor("the check's end", `!!document.querySelector("[data-done='true']:not([data-old])")`)
		passed := e2etest.Get(k.t, k.ctx, chromedp.Evaluate[bool](`document.querySelector("[data-done='true']").dataset.passed === "true"`))
		if passed != (i == 1) {
			k.t.Errorf("%s: the gift server (mistake %q) passed = %v; the page says %q", mode, cfg.Mistake, passed, k.feedbackText())
		}
		if i == 0 && !e2etest.Get(k.t, k.ctx, chromedp.Evaluate[bool](`!!document.querySelector(".check-step[data-status='failed'] .fb-fail")`)) {
			k.t.Errorf("%s: the failed step has no feedback", mode)
		}
	}
}
