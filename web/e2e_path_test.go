package web

import (
	"context"
	"fmt"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/mcpplayground/playground/internal/exercise"
	"github.com/mcpplayground/playground/internal/grader"
	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/internal/testing/e2etest"
	"github.com/mcpplayground/playground/web/pagevm"
)

// This file holds the browser tests of the learner's path (issue 14), each
// in both languages.

// pathEnv is a server over the bundled course for the path's browser tests.
func pathEnv(t *testing.T) (*testEnv, string) {
	t.Helper()
	e := newTestEnv(t, Config{}, asWorkshop())
	ts := httptest.NewServer(e.h)
	t.Cleanup(ts.Close)
	return e, ts.URL
}

// evalString runs a JavaScript expression that returns a string.
func evalString(t *testing.T, ctx context.Context, js string) string {
	t.Helper()
	return e2etest.Get(t, ctx, chromedp.Evaluate[string](js))
}

// waitFor waits until a JavaScript condition holds, at the page's own
// animation frames, bounded by the test binary's deadline only: a busy
// machine slows the page, not the verdict.
func waitFor(t *testing.T, ctx context.Context, what, cond string) {
	t.Helper()
	e2etest.Wait(t, ctx, what+" ("+cond+")", cond)
}

// progressOf reads one exercise's attempts from the learner's own
// /api/progress, in the page.
const progressOf = `fetch("/api/progress").then(function (r) { return r.json(); }).then(function (p) {
	var n = -1;
	(p.lessons || []).forEach(function (l) { (l.exercises || []).forEach(function (e) { if (e.id === ID) n = e.attempts; }); });
	return n;
})`

// Feedback teaches before it tells: an empty answer is refused kindly and
// is no attempt; the first wrong answer does not spell the method the
// exercise expects; once the learner has opened the hint that covers it
// (the last), the feedback may name it.
func TestE2EFeedbackTeachesBeforeItTells(t *testing.T) {
	t.Parallel()
	const id, method = "json-rpc-write-list-changed", "notifications/tools/list_changed"
	_, base := pathEnv(t)
	for _, l := range i18n.All {
		t.Run(string(l), func(t *testing.T) {
			ctx := e2etest.Browser(t)
			x := i18n.ExerciseFor(l)
			e2etest.Do(t, ctx, "open the exercise",
				chromedp.Navigate(base+"/"+string(l)+"/exercises/"+id),
				chromedp.WaitVisible(chromedp.CSS(".editor.enhanced")),
				chromedp.SetValue(chromedp.CSS("#answer"), "  \n\t "),
				chromedp.Click(chromedp.CSS("#answer-form button[type=submit]")),
				chromedp.WaitVisible(chromedp.CSS("#answer-form .ex-error")),
			)
			if msg := evalString(t, ctx, `document.querySelector("#answer-form .ex-error").textContent`); msg != x.ErrEmpty {
				t.Errorf("an empty answer says %q, want %q", msg, x.ErrEmpty)
			}
			send := func(answer string) string {
				e2etest.Do(t, ctx, "send "+answer,
					chromedp.Evaluate[chromedp.Void](`var f = document.querySelector("#feedback .fb"); if (f) f.dataset.old = "1"`),
					chromedp.SetValue(chromedp.CSS("#answer"), answer),
					chromedp.Click(chromedp.CSS("#answer-form button[type=submit]")),
				)
				waitFor(t, ctx, "new feedback", `!!document.querySelector("#feedback .fb-fail:not([data-old])")`)
				return evalString(t, ctx, `document.getElementById("feedback").textContent + [].map.call(document.querySelectorAll("#feedback [data-suggestion]"), function (e) { return e.dataset.suggestion; }).join(" ")`)
			}
			wrong := `{"jsonrpc": "2.0", "id": 1, "method": "tools/list_changed"}`
			if fb := send(wrong); strings.Contains(fb, method) {
				t.Errorf("the first wrong answer spells the method:\n%s", fb)
			}
			for n := 1; n <= 3; n++ {
				e2etest.Do(t, ctx, "open a hint",
					chromedp.Click(chromedp.CSS("[data-hint-button]")),
					chromedp.WaitVisible(chromedp.CSS(`.hint[data-hint="`+string(rune('0'+n))+`"]`)),
				)
			}
			if fb := send(wrong); !strings.Contains(fb, method) {
				t.Errorf("after the last hint the feedback still holds the method back:\n%s", fb)
			}
			n := e2etest.Get(t, ctx, chromedp.Evaluate[int](strings.ReplaceAll(progressOf, "ID", `"`+id+`"`), chromedp.EvalAwaitPromise))
			if n != 2 {
				t.Errorf("%d attempts stored, want 2 (the empty answer is none)", n)
			}
		})
	}
}

// Choice and matching exercises name the wrong item and the learner's pick
// in words, and point at no line and column: there is no editor.
func TestE2EChoiceFeedbackNamesTheItem(t *testing.T) {
	t.Parallel()
	e, base := pathEnv(t)
	for _, kind := range []exercise.Kind{exercise.KindClassify, exercise.KindMatch} {
		ex := e.exerciseOfKind(t, kind)
		right := pagevm.AnswerValues(ex.Solutions[0], ex.Items())
		// Every item right but the first, which takes another option.
		picks := append([]string(nil), right...)
		var options []string
		if kind == exercise.KindClassify {
			for _, ch := range ex.TextIn(i18n.EN).Choices {
				options = append(options, ch.Value)
			}
		} else {
			for n := 0; n <= len(ex.Requests); n++ {
				options = append(options, fmt.Sprint(n))
			}
		}
		for _, o := range options {
			if o != right[0] {
				picks[0] = o
				break
			}
		}
		for _, l := range i18n.All {
			t.Run(string(kind)+"/"+string(l), func(t *testing.T) {
				ctx := e2etest.Browser(t)
				x := i18n.ExerciseFor(l)
				set := ""
				for i, v := range picks {
					set += fmt.Sprintf(`(function () { var n = "item-%d", v = %q; var r = document.querySelector('input[name="' + n + '"][value="' + v + '"]'); if (r) { r.checked = true; } else { document.querySelector('select[name="' + n + '"]').value = v; } })();`, i+1, v)
				}
				e2etest.Do(t, ctx, "answer with the first item wrong",
					chromedp.Navigate(base+"/"+string(l)+"/exercises/"+ex.ID),
					chromedp.WaitVisible(chromedp.CSS("#answer-form")),
					chromedp.Evaluate[chromedp.Void](set),
					chromedp.Click(chromedp.CSS("#answer-form button[type=submit]")),
					chromedp.WaitVisible(chromedp.CSS("#feedback .fb-fail .fb-first")),
				)
				first := evalString(t, ctx, `document.querySelector("#feedback .fb-first .msg").textContent`)
				var want string
				switch {
				case kind == exercise.KindMatch && picks[0] == "0":
					want = fmt.Sprintf(x.WrongPairNone, 1)
				case kind == exercise.KindMatch:
					want = fmt.Sprintf(x.WrongPair, 1, picks[0])
				default:
					before, _, _ := strings.Cut(x.WrongChoice, "%s")
					want = fmt.Sprintf(before, 1)
				}
				if !strings.Contains(first, want) {
					t.Errorf("the first problem reads %q, want it to contain %q", first, want)
				}
				if n := e2etest.Get(t, ctx, chromedp.Evaluate[int](`document.querySelectorAll("#feedback [data-goto], #feedback .at").length`)); n != 0 {
					t.Errorf("%d line/column links in the feedback of a %s exercise", n, kind)
				}
			})
		}
	}
}

// Every rule has a page: the list holds every code of both checkers, a
// rule's page shows its examples, the lesson and exercises; the codes and
// lessons the exercise feedback names are links to them. axe-core finds
// nothing serious on the new pages, light or dark.
func TestE2ERulesPages(t *testing.T) {
	t.Parallel()
	axe := loadAxe(t)
	_, base := pathEnv(t)
	for _, l := range i18n.All {
		t.Run(string(l), func(t *testing.T) {
			ctx := e2etest.Browser(t)
			p := "/" + string(l)
			e2etest.Do(t, ctx, "open the rules", chromedp.Navigate(base+p+"/rules"), chromedp.WaitVisible(chromedp.CSS(".rule-list")))
			if n := e2etest.Get(t, ctx, chromedp.Evaluate[int](`document.querySelectorAll(".rule-row a[href]").length`)); n != len(grader.Codes()) {
				t.Errorf("the list links %d rules, the checkers have %d codes", n, len(grader.Codes()))
			}
			checkAxe(t, ctx, axe, "rules "+string(l))
			e2etest.Do(t, ctx, "open one rule",
				chromedp.Click(chromedp.CSS(`.rule-row[data-rule="mcp.method.unknown"] a`)),
				chromedp.WaitVisible(chromedp.CSS(`article.rule[data-rule="mcp.method.unknown"]`)),
			)
			got := evalString(t, ctx, `[".rule-wrong pre", ".rule-right pre", ".rule-says", "#rule-lesson + p a", "#rule-practice + ul a"].map(function (s) { return document.querySelector(s) ? "y" : "n"; }).join("")`)
			if got != "yyyyy" {
				t.Errorf("the rule page lacks a part (wrong, right, says, lesson, practice): %s", got)
			}
			checkAxe(t, ctx, axe, "a rule "+string(l))

			e2etest.Do(t, ctx, "answer an exercise wrongly",
				chromedp.Navigate(base+p+"/exercises/json-rpc-write-list-changed"),
				chromedp.WaitVisible(chromedp.CSS(".editor.enhanced")),
				chromedp.SetValue(chromedp.CSS("#answer"), `{"jsonrpc": "2.0", "id": 1, "method": "tools/list_changed"}`),
				chromedp.Click(chromedp.CSS("#answer-form button[type=submit]")),
				chromedp.WaitVisible(chromedp.CSS("#feedback .fb-fail")),
			)
			unlinked := evalString(t, ctx, `[].filter.call(document.querySelectorAll("#feedback .problem[data-code]"), function (p) {
				return p.dataset.code && !p.querySelector('.code a[href^="`+p+`/rules/' + p.dataset.code + '?from="]');
			}).map(function (p) { return p.dataset.code; }).join(" ")`)
			if unlinked != "" {
				t.Errorf("codes without a link to their rule: %s", unlinked)
			}
			if n := e2etest.Get(t, ctx, chromedp.Evaluate[int](`document.querySelectorAll("#feedback .fb-lesson a[href*='/lessons/']").length`)); n == 0 {
				t.Error("the feedback links no lesson")
			}
			if text := evalString(t, ctx, `document.getElementById("feedback").textContent`); strings.Contains(text, "(Lesson") || strings.Contains(text, "(Leçon") {
				t.Errorf("a lesson is named without a link: %s", text)
			}
		})
	}
}

// A course you can finish: "Continue where you left off" and the course's
// totals appear once the learner has begun; lesson 10 and the last exercise
// lead to the last page, which is clean for axe-core; "Back to the
// starter" clears the old verdict; a blank name keeps a right join code.
func TestE2ECourseYouCanFinish(t *testing.T) {
	t.Parallel()
	axe := loadAxe(t)
	e, base := pathEnv(t)
	all := e.catalog.Exercises()
	first, last := all[0], all[len(all)-1]
	for _, l := range i18n.All {
		t.Run(string(l), func(t *testing.T) {
			ctx := e2etest.Browser(t)
			p := "/" + string(l)
			e2etest.Do(t, ctx, "open the course", chromedp.Navigate(base+p+"/"), chromedp.WaitVisible(chromedp.CSS(".lesson-list")))
			if n := e2etest.Get(t, ctx, chromedp.Evaluate[int](`document.querySelectorAll("[data-continue]").length`)); n != 0 {
				t.Error("a new learner is offered to continue")
			}
			e2etest.Do(t, ctx, "answer the first exercise wrongly",
				chromedp.Navigate(base+p+"/exercises/"+first.ID),
				chromedp.WaitVisible(chromedp.CSS("#answer-form")),
				chromedp.Evaluate[chromedp.Void](`(function () {
					var ta = document.getElementById("answer");
					if (ta) { ta.value = '{"jsonrpc": "1.0"}'; return; }
					document.querySelectorAll("#answer-form fieldset, #answer-form .ex-item").forEach(function (f) {
						var r = f.querySelector("input[type=radio]"); if (r) r.checked = true;
						var s = f.querySelector("select"); if (s) s.selectedIndex = 1;
					});
				})()`),
				chromedp.Click(chromedp.CSS("#answer-form button[type=submit]")),
				chromedp.WaitVisible(chromedp.CSS("#feedback .fb")),
			)
			if ta := e2etest.Get(t, ctx, chromedp.Evaluate[int](`document.querySelectorAll("[data-reset]").length`)); ta > 0 {
				e2etest.Do(t, ctx, "back to the starter", chromedp.Click(chromedp.CSS("[data-reset]")))
				if fb := evalString(t, ctx, `document.getElementById("feedback").textContent.trim()`); fb != "" {
					t.Errorf("the old verdict stays after going back to the starter: %q", fb)
				}
			}
			e2etest.Do(t, ctx, "back to the course", chromedp.Navigate(base+p+"/"), chromedp.WaitVisible(chromedp.CSS("[data-continue]")))
			if href := evalString(t, ctx, `document.querySelector("[data-continue]").getAttribute("href")`); href != pagevm.ExerciseURL(l, first.ID) {
				t.Errorf("continue leads to %s, want %s", href, pagevm.ExerciseURL(l, first.ID))
			}
			checkAxe(t, ctx, axe, "course with continue "+string(l))
			wantTotals := i18n.Sprintf(l, i18n.PathFor(l).Totals, 0, len(e.catalog.Lessons(l)), 0, len(all))
			if got := evalString(t, ctx, `document.querySelector("[data-totals]").textContent`); got != wantTotals {
				t.Errorf("totals = %q, want %q", got, wantTotals)
			}
			lessons := e.catalog.Lessons(l)
			for _, page := range []string{pagevm.LessonURL(l, lessons[len(lessons)-1].Slug), pagevm.ExerciseURL(l, last.ID)} {
				e2etest.Do(t, ctx, "open "+page, chromedp.Navigate(base+page), chromedp.WaitVisible(chromedp.CSS("main")))
				if n := e2etest.Get(t, ctx, chromedp.Evaluate[int](`document.querySelectorAll('main a[href="`+pagevm.FinishURL(l)+`"]').length`)); n == 0 {
					t.Errorf("%s leads nowhere: no link to the last page", page)
				}
			}
			e2etest.Do(t, ctx, "open the last page", chromedp.Navigate(base+pagevm.FinishURL(l)), chromedp.WaitVisible(chromedp.CSS("[data-try=console]")))
			if n := e2etest.Get(t, ctx, chromedp.Evaluate[int](`document.querySelectorAll('main .pager a[href]').length`)); n != 2 {
				t.Errorf("the last page has %d ways back and forward, want 2", n)
			}
			checkAxe(t, ctx, axe, "last page "+string(l))
		})
	}

	joinEnv := newTestEnv(t, Config{JoinCode: "ROOM"}, asWorkshop())
	js := httptest.NewServer(joinEnv.h)
	defer js.Close()
	for _, l := range i18n.All {
		ctx := e2etest.Browser(t)
		e2etest.Do(t, ctx, "join with a blank name",
			chromedp.Navigate(js.URL+"/"+string(l)+"/join"),
			chromedp.WaitVisible(chromedp.CSS("#join-code")),
			chromedp.SendKeys(chromedp.CSS("#join-code"), "ROOM"),
			chromedp.SendKeys(chromedp.CSS("#join-name"), "   "),
			chromedp.Submit(chromedp.CSS("#join-name")),
			chromedp.WaitVisible(chromedp.CSS(`#join-name[aria-invalid="true"]`)),
		)
		if code := evalString(t, ctx, `document.getElementById("join-code").value`); code != "ROOM" {
			t.Errorf("%s: after a blank name the join code reads %q, want ROOM", l, code)
		}
	}
}

// phonePages are the pages a learner opens on a phone, as they first load
// (TestE2EPhoneStates measures them with a session, a log, a result or a
// room in them).
func phonePages(e *testEnv, l i18n.Lang) []string {
	p := "/" + string(l)
	pages := []string{p + "/", p + "/exercises", p + "/progress", p + "/rules", p + "/rules/mcp.method.unknown", p + "/rules/session.id.reused", p + "/finish", p + "/review"}
	for _, ls := range e.catalog.Lessons(l) {
		pages = append(pages, pagevm.LessonURL(l, ls.Slug))
	}
	for _, ex := range e.catalog.Exercises() {
		pages = append(pages, pagevm.ExerciseURL(l, ex.ID))
	}
	return pages
}

// Phones: at 390 px no page scrolls sideways (long code and wide tables
// scroll inside their box), no heading breaks inside a word (a run of
// letters and digits: "list_changed" may break at its "_"), the lesson's
// contents are reachable, and the copy button never covers a code block's
// first line.
func TestE2EPhoneFits390(t *testing.T) {
	t.Parallel()
	e, base := pathEnv(t)
	for _, l := range i18n.All {
		// Three tabs a language, a third of the pages each, side by side:
		// the pages are read, never changed.
		pages := phonePages(e, l)
		for i, part := range slices.Collect(slices.Chunk(pages, (len(pages)+2)/3)) {
			t.Run(fmt.Sprintf("%s/%d", l, i+1), func(t *testing.T) {
				t.Parallel()
				ctx := e2etest.Browser(t)
				e2etest.Do(t, ctx, "a phone's screen", chromedp.EmulateViewport(390, 844))
				for _, page := range part {
					checkPhoneFit(t, ctx, base, page)
				}
			})
		}
	}
}

// checkPhoneFit opens page (under base) in the tab and measures it at
// 390 px: its width, its headings, the copy buttons and the contents.
// Navigate returns at the page's load event, when its scripts have run:
// the page is measured as the learner first sees it, with no query of
// chromedp's own between (a WaitVisible cost a third of a page's time).
func checkPhoneFit(t *testing.T, ctx context.Context, base, page string) {
	t.Helper()
	e2etest.Do(t, ctx, "open "+page, chromedp.Navigate(base+page))
	got := e2etest.Get(t, ctx, chromedp.Evaluate[phoneFit](phoneFitJS))
	if !got.Main {
		t.Errorf("%s: the page has no main element to measure", page)
	}
	if got.Width > 390 {
		t.Errorf("%s: the page is %d px wide at 390 px: %v", page, got.Width, got.Wide[:min(3, len(got.Wide))])
	}
	if len(got.Broken) > 0 {
		t.Errorf("%s: headings break inside %q", page, got.Broken)
	}
	if len(got.Covered) > 0 {
		t.Errorf("%s: the copy button covers the first line of %q", page, got.Covered)
	}
	if got.HasTOC && !got.TOC {
		t.Errorf("%s: the contents are not reachable on a phone", page)
	}
}

// phoneFit is what phoneFitJS measures of a page at 390 px.
type phoneFit struct {
	Main    bool
	Width   int
	Wide    []string // only when the page is too wide: what sticks out
	Broken  []string
	Covered []string
	TOC     bool
	HasTOC  bool
}

// phoneFitJS measures the page: its width (and, only when it is too wide,
// the elements of main that stick out without a box that scrolls), the
// words its headings break inside, the code blocks whose first line the
// copy button covers, and whether the contents can be reached.
const phoneFitJS = `(function () {
	var out = {Main: !!document.querySelector("main"), Width: document.documentElement.scrollWidth, Wide: [], Broken: [], Covered: [], TOC: true, HasTOC: false};
	if (out.Width > 390) document.querySelectorAll("main *").forEach(function (el) {
		var r = el.getBoundingClientRect();
		if (r.right > 391 && !el.closest("pre, table, .code, .table-wrap, [data-scroll]")) {
			var cs = getComputedStyle(el);
			if (cs.position !== "fixed" && r.width > 0) out.Wide.push(el.tagName + "." + el.className + " " + Math.round(r.right));
		}
	});
	document.querySelectorAll("main h1, main h2, main h3").forEach(function (h) {
		var range = document.createRange();
		var walker = document.createTreeWalker(h, NodeFilter.SHOW_TEXT);
		var n;
		while ((n = walker.nextNode())) {
			var words = n.textContent.split(/([^\p{L}\p{N}]+)/u), pos = 0;
			words.forEach(function (w) {
				if (w.trim().length > 1) {
					range.setStart(n, pos); range.setEnd(n, pos + w.length);
					if (range.getClientRects().length > 1) out.Broken.push(w);
				}
				pos += w.length;
			});
		}
	});
	document.querySelectorAll("button.copy").forEach(function (b) {
		var pre = b.parentElement.querySelector("pre");
		if (!pre) return;
		var code = pre.querySelector("code") || pre;
		var range = document.createRange();
		range.selectNodeContents(code);
		var rects = range.getClientRects();
		var br = b.getBoundingClientRect();
		for (var i = 0; i < rects.length; i++) {
			var r = rects[i];
			if (r.width > 0 && r.top < br.bottom && r.bottom > br.top && r.left < br.right && r.right > br.left) { out.Covered.push(code.textContent.slice(0, 30)); break; }
		}
	});
	var toc = document.querySelector(".toc, [data-toc]");
	if (toc) {
		out.HasTOC = true;
		var links = toc.querySelectorAll("a");
		out.TOC = links.length > 0 && (links[0].offsetParent !== null || !!toc.querySelector("summary"));
	}
	return out;
})()`

// Review keyed to mistakes: an exercise answered wrongly comes back after
// box 1's interval as "Review (1)" on the course and progress pages; the
// review page says in words what tripped the learner, with a link to the
// rule. The review is recall: the exercise opens on the starter, the hints
// folded, the solution hidden; passing it without a new hint says when it
// comes back and moves it to box 2, a day out; passing it after unfolding
// the old hints keeps it in box 2.
func TestE2EReviewKeyedToMistakes(t *testing.T) {
	t.Parallel()
	axe := loadAxe(t)
	clock := &manualClock{t: time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)}
	e := newTestEnv(t, Config{Clock: clock}, asWorkshop())
	ts := httptest.NewServer(e.h)
	defer ts.Close()
	ex, ok := e.catalog.Exercise("json-rpc-write-list-changed")
	if !ok {
		t.Fatal("no json-rpc-write-list-changed exercise")
	}
	for _, l := range i18n.All {
		t.Run(string(l), func(t *testing.T) {
			ctx := e2etest.Browser(t)
			p := "/" + string(l)
			pt := i18n.PathFor(l)
			send := func(page, answer string) {
				e2etest.Do(t, ctx, "answer",
					chromedp.Navigate(ts.URL+page),
					chromedp.WaitVisible(chromedp.CSS(".editor.enhanced")),
					chromedp.Evaluate[chromedp.Void](`var f = document.querySelector("#feedback .fb"); if (f) f.dataset.old = "1"`),
					chromedp.SetValue(chromedp.CSS("#answer"), answer),
					chromedp.Click(chromedp.CSS("#answer-form button[type=submit]")),
				)
				waitFor(t, ctx, "the verdict", `!!document.querySelector("#feedback .fb:not([data-old])")`)
			}
			reviewOn := func(page string) string {
				e2etest.Do(t, ctx, "open "+page, chromedp.Navigate(ts.URL+page), chromedp.WaitVisible(chromedp.CSS("main h1")))
				return evalString(t, ctx, `(function () { var a = document.querySelector("[data-review]"); return a ? a.textContent : ""; })()`)
			}
			e2etest.Do(t, ctx, "open the first hint",
				chromedp.Navigate(ts.URL+pagevm.ExerciseURL(l, ex.ID)),
				chromedp.Click(chromedp.CSS("[data-hint-button]")),
				chromedp.WaitVisible(chromedp.CSS(`.hint[data-hint="1"]`)),
			)
			send(pagevm.ExerciseURL(l, ex.ID), `{"jsonrpc": "2.0", "id": 1, "method": "tools/list_changed"}`)
			if got := reviewOn(p + "/"); got != "" {
				t.Errorf("a review is due at once: %q", got)
			}
			clock.advance(21 * time.Minute)
			want := fmt.Sprintf(pt.ReviewLink, 1)
			for _, page := range []string{p + "/", p + "/progress"} {
				if got := reviewOn(page); got != want {
					t.Errorf("%s shows %q, want %q", page, got, want)
				}
			}
			e2etest.Do(t, ctx, "open the review", chromedp.Click(chromedp.CSS("[data-review]")), chromedp.WaitVisible(chromedp.CSS("[data-review-item]")))
			if n := e2etest.Get(t, ctx, chromedp.Evaluate[int](`document.querySelectorAll('[data-review-item] a[href="`+p+`/rules/mcp.method.unknown"]').length`)); n != 1 {
				t.Errorf("the review does not link the rule the learner tripped (%d links)", n)
			}
			if got := evalString(t, ctx, `document.querySelector("[data-review-item]").textContent`); strings.Contains(got, "mcp.method.unknown") || !strings.Contains(got, pt.ReviewCodes) {
				t.Errorf("the review item names the code, not the mistake in words: %q", got)
			}
			checkAxe(t, ctx, axe, "review "+string(l))
			e2etest.Do(t, ctx, "open the exercise from the review",
				chromedp.Click(chromedp.CSS("[data-review-item] > a")),
				chromedp.WaitVisible(chromedp.CSS("[data-review-recall]")),
			)
			type recall struct {
				Answer, Reasons       string
				HintsFolded, Solution bool
			}
			got := e2etest.Get(t, ctx, chromedp.Evaluate[recall](`({
				Answer: document.getElementById("answer").value,
				Reasons: (document.querySelector("[data-review-recall] [data-review-reasons]") || {textContent: ""}).textContent,
				HintsFolded: !!document.querySelector("[data-hints-folded]") && !document.querySelector(".hint"),
				Solution: !!document.querySelector("#solution-box [data-unlocked]")
			})`))
			if got.Answer != ex.Starter || !got.HintsFolded || got.Solution || got.Reasons == "" || strings.Contains(got.Reasons, "mcp.") {
				t.Errorf("the review opens as %+v, want the starter %q, the hints folded, no solution, the mistake in words", got, ex.Starter)
			}
			checkAxe(t, ctx, axe, "an exercise opened from the review "+string(l))
			send(pagevm.ReviewExerciseURL(l, ex.ID), ex.Solutions[0])
			if when := evalString(t, ctx, `(document.querySelector("#feedback [data-comes-back]") || {textContent: ""}).textContent`); when != fmt.Sprintf(pt.ReviewComesBack, i18n.Sprintf(l, pt.ReviewInDays, 1)) {
				t.Errorf("after passing the review the feedback says %q of when it comes back", when)
			}
			if got := reviewOn(p + "/"); got != "" {
				t.Errorf("after passing the review it is still due: %q", got)
			}
			clock.advance(25 * time.Hour)
			e2etest.Do(t, ctx, "open the review a day later", chromedp.Navigate(ts.URL+pagevm.ReviewURL(l)), chromedp.WaitVisible(chromedp.CSS("[data-review-item]")))
			if box := evalString(t, ctx, `document.querySelector("[data-review-item] .muted").textContent`); box != fmt.Sprintf(pt.ReviewBox, 2, 5) {
				t.Errorf("after a review passed without hints: %q, want box 2", box)
			}
			e2etest.Do(t, ctx, "unfold the hints opened before",
				chromedp.Navigate(ts.URL+pagevm.ReviewExerciseURL(l, ex.ID)),
				chromedp.WaitVisible(chromedp.CSS(".editor.enhanced")),
				chromedp.Click(chromedp.CSS("[data-hints-folded] button")),
				chromedp.WaitVisible(chromedp.CSS(`.hint[data-hint="1"]`)),
			)
			send(pagevm.ReviewExerciseURL(l, ex.ID), ex.Solutions[0])
			clock.advance(25 * time.Hour)
			e2etest.Do(t, ctx, "open the review a day later again", chromedp.Navigate(ts.URL+pagevm.ReviewURL(l)), chromedp.WaitVisible(chromedp.CSS("[data-review-item]")))
			if box := evalString(t, ctx, `document.querySelector("[data-review-item] .muted").textContent`); box != fmt.Sprintf(pt.ReviewBox, 2, 5) {
				t.Errorf("after a review passed with the old hints unfolded: %q, want box 2 again", box)
			}
		})
	}
}

// The instructor opens a learner's row on the dashboard and reads their
// attempts, answers and diagnostics (axe-clean); after a workshop reset a
// learner is told what happened on the join page.
func TestE2EInstructorSeesAttemptsAndResetIsExplained(t *testing.T) {
	t.Parallel()
	axe := loadAxe(t)
	e := newTestEnv(t, Config{JoinCode: "ROOM"}, asWorkshop())
	ts := httptest.NewServer(e.h)
	defer ts.Close()
	const wrong = `{"jsonrpc": "2.0", "id": 1, "method": "tools/list_changed"}`
	for _, l := range i18n.All {
		t.Run(string(l), func(t *testing.T) {
			learner := e2etest.Browser(t)
			p := "/" + string(l)
			name := "Ada-" + string(l)
			e2etest.Do(t, learner, "join and answer wrongly",
				chromedp.Navigate(ts.URL+p+"/join"),
				chromedp.WaitVisible(chromedp.CSS("#join-code")),
				chromedp.SendKeys(chromedp.CSS("#join-code"), "ROOM"),
				chromedp.SendKeys(chromedp.CSS("#join-name"), name),
				chromedp.Submit(chromedp.CSS("#join-name")),
				chromedp.WaitVisible(chromedp.CSS(".lesson-list")),
				chromedp.Navigate(ts.URL+p+"/exercises/json-rpc-write-list-changed"),
				chromedp.WaitVisible(chromedp.CSS(".editor.enhanced")),
				chromedp.SetValue(chromedp.CSS("#answer"), wrong),
				chromedp.Click(chromedp.CSS("#answer-form button[type=submit]")),
				chromedp.WaitVisible(chromedp.CSS("#feedback .fb-fail")),
			)

			ins := e2etest.Browser(t)
			e2etest.Do(t, ins, "sign in as instructor",
				chromedp.Navigate(ts.URL+"/instructor/login?lang="+string(l)),
				chromedp.WaitVisible(chromedp.CSS("#instructor-token")),
				chromedp.SendKeys(chromedp.CSS("#instructor-token"), testToken),
				chromedp.Click(chromedp.CSS("[data-token-form] button[type=submit]")),
				chromedp.WaitVisible(chromedp.CSS(".dash-matrix")),
				chromedp.Navigate(ts.URL+"/instructor?lang="+string(l)),
				chromedp.WaitVisible(chromedp.CSS(".dash-matrix")),
			)
			e2etest.Do(t, ins, "open the learner's row",
				chromedp.Evaluate[chromedp.Void](`[].find.call(document.querySelectorAll("[data-attempts-link]"), function (a) { return a.textContent === "`+name+`"; }).click()`),
				chromedp.WaitVisible(chromedp.CSS("[data-attempt]")),
			)
			if ans := evalString(t, ins, `document.querySelector("[data-attempt-answer]").textContent`); ans != wrong {
				t.Errorf("the attempt's answer reads %q, want %q", ans, wrong)
			}
			if n := e2etest.Get(t, ins, chromedp.Evaluate[int](`document.querySelectorAll('[data-attempt-code="mcp.method.unknown"] a[href="/`+string(l)+`/rules/mcp.method.unknown"]').length`)); n != 1 {
				t.Errorf("the attempt's diagnostic is not shown with its rule (%d)", n)
			}
			checkAxe(t, ins, axe, "a learner's attempts "+string(l))
			e2etest.Do(t, ins, "follow a rule from there", chromedp.Click(chromedp.CSS(`[data-attempt-code] a`)), chromedp.WaitVisible(chromedp.CSS("article.rule")))

			if _, err := e.store.ResetWorkshop(context.Background()); err != nil {
				t.Fatal(err)
			}
			e2etest.Do(t, learner, "come back after the reset",
				chromedp.Navigate(ts.URL+p+"/"),
				chromedp.WaitVisible(chromedp.CSS("#join-code")),
			)
			if got := evalString(t, learner, `(function () { var n = document.querySelector("[data-join-notice]"); return n ? n.textContent : ""; })()`); got != i18n.WorkshopFor(l).WasReset {
				t.Errorf("after a reset the join page says %q, want %q", got, i18n.WorkshopFor(l).WasReset)
			}
		})
	}
}
