package web

import (
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/internal/testing/e2etest"
)

// A reader opens the course, a lesson, switches language, scrolls with
// Page Down (which stays in the lesson) and moves to the next lesson with
// the pager, in a real browser.
func TestE2ELessonNavigation(t *testing.T) {
	t.Parallel()
	ctx := e2etest.Browser(t)
	e := newTestEnv(t, Config{})
	ts := httptest.NewServer(e.h)
	defer ts.Close()

	e2etest.Do(t, ctx, "open the course",
		chromedp.Navigate(ts.URL+"/"),
		chromedp.WaitVisible(chromedp.CSS(".lesson-list")),
	)
	if h1 := e2etest.Get(t, ctx, chromedp.Text(chromedp.CSS("main h1"))); h1 != "The course" {
		t.Errorf("home h1 = %q", h1)
	}
	if n := e2etest.Get(t, ctx, chromedp.Evaluate[int](`document.querySelectorAll(".lesson-card").length`)); n < 9 {
		t.Errorf("%d lesson cards, want at least 9", n)
	}

	second := e.catalog.Lessons(i18n.EN)[1]
	e2etest.Do(t, ctx, "open the second lesson",
		chromedp.Click(chromedp.CSS(`.lesson-card:nth-child(2) a`)),
		chromedp.WaitVisible(chromedp.CSS(`article.lesson[data-lesson="`+second.Slug+`"]`)),
	)
	if got := e2etest.Get(t, ctx, chromedp.Text(chromedp.CSS("article.lesson h1"))); strings.TrimSpace(got) != second.Title {
		t.Errorf("lesson title %q, want %q", got, second.Title)
	}

	p, _ := e.catalog.Lesson(i18n.FR, second.Slug)
	fr, next := p.Lesson, p.Next
	e2etest.Do(t, ctx, "switch to French",
		chromedp.Click(chromedp.CSS("[data-lang-switch]")),
		chromedp.WaitVisible(chromedp.CSS(`html[lang="fr"] article.lesson`)),
	)
	if got := e2etest.Get(t, ctx, chromedp.Text(chromedp.CSS("article.lesson h1"))); strings.TrimSpace(got) != fr.Title {
		t.Errorf("French title %q, want %q", got, fr.Title)
	}
	if loc := e2etest.Get(t, ctx, chromedp.Location()); !strings.HasSuffix(loc, "/fr/lessons/"+second.Slug) {
		t.Errorf("after the switch the page is %s, want the same lesson in French", loc)
	}

	// Page Down scrolls the lesson, as in any page; the pager leads on.
	e2etest.Do(t, ctx, "Page Down", chromedp.KeyEvent(kb.PageDown))
	e2etest.Wait(t, ctx, "the lesson scrolled by Page Down", `window.scrollY > 0`)
	if got := e2etest.Get(t, ctx, chromedp.Evaluate[string](`document.querySelector("article.lesson").dataset.lesson`)); got != second.Slug {
		t.Errorf("Page Down left the lesson for %q", got)
	}
	e2etest.Do(t, ctx, "the pager to the next lesson",
		chromedp.Click(chromedp.CSS(`.pager a[rel="next"], .pager a.next`)),
		chromedp.WaitVisible(chromedp.CSS(`article.lesson[data-lesson="`+next.Slug+`"]`)),
	)
	if got := e2etest.Get(t, ctx, chromedp.Text(chromedp.CSS("article.lesson h1"))); strings.TrimSpace(got) != next.Title {
		t.Errorf("after the pager: %q, want %q", got, next.Title)
	}
	if lang := e2etest.Get(t, ctx, chromedp.Evaluate[string](`document.documentElement.lang`)); lang != "fr" {
		t.Errorf("after the pager the language is %q, want fr", lang)
	}
	problems := e2etest.Get(t, ctx, chromedp.Evaluate[string](`(function(){
		var errs = [];
		if (!document.querySelector(".prose pre")) errs.push("no code block");
		else if (!document.querySelector("button.copy")) errs.push("no copy button");
		if (!document.querySelector(".prose svg[role=img]")) errs.push("no sequence diagram");
		var before = getComputedStyle(document.body).backgroundColor;
		document.querySelector("[data-theme-toggle]").click();
		var after = getComputedStyle(document.body).backgroundColor;
		if (before === after) errs.push("the theme toggle did not change the background");
		return errs.join("; ");
	})()`))
	if problems != "" {
		t.Errorf("lesson page: %s", problems)
	}
}
