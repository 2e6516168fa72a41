package web

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/mcpplayground/playground/internal/testing/e2etest"
)

// This file holds the browser tests' accessibility check: axe-core, read
// once per test binary from where .ci/run installs it, injected once per
// page load, run on the page as it is.

// axePath finds axe-core's browser bundle: $AXE_CORE_JS, else where
// .ci/run installs it (npm install --prefix "$cache/mcp-playground/axe").
func axePath() string {
	if p := os.Getenv("AXE_CORE_JS"); p != "" {
		return p
	}
	dir, err := os.UserCacheDir()
	if err != nil {
		return ""
	}
	return filepath.Join(dir, "mcp-playground", "axe", "node_modules", "axe-core", "axe.min.js")
}

func loadAxe(t *testing.T) string {
	t.Helper()
	p := axePath()
	src, err := os.ReadFile(p)
	if err != nil {
		msg := fmt.Sprintf("axe-core not found at %s: install it with `npm install --prefix %q axe-core@4.14.1`, or set AXE_CORE_JS to axe.min.js (%v)",
			p, strings.TrimSuffix(p, filepath.FromSlash("/node_modules/axe-core/axe.min.js")), err)
		if os.Getenv("PLAYGROUND_E2E") == "require" {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
	return string(src)
}

// axeAllRules runs axe-core's default rule set; axeColourRules only the
// rules whose verdict hangs on colours (axe-core 4.14's rules tagged
// cat.color that run by default), with no stylesheet fetched: the themes
// differ in colours only (static/css/app.css sets the dark theme's colour
// variables and swaps the toggle's two same-sized icons), so a page checked
// in full in one theme is checked in the other for what a theme can change.
const (
	axeAllRules    = `{resultTypes: ["violations"]}`
	axeColourRules = `{resultTypes: ["violations"], preload: false, runOnly: {type: "rule", values: ["color-contrast", "link-in-text-block"]}}`
)

// axeRun runs axe-core with the options given after it, on the current
// page, and returns its serious and critical violations, one line each.
const axeRun = `axe.run(document, %s).then(function (r) {
	return r.violations.filter(function (v) { return v.impact === "serious" || v.impact === "critical"; }).map(function (v) {
		return v.impact + " " + v.id + ": " + v.help + " — " + v.nodes.slice(0, 3).map(function (n) { return n.target.join(" "); }).join(" | ");
	});
})`

// checkAxe runs axe-core on the page: every rule in the light theme, the
// colour rules in the dark one.
func checkAxe(t *testing.T, ctx context.Context, axe, page string) {
	t.Helper()
	axeIn(t, ctx, axe, page, "light", axeAllRules)
	axeIn(t, ctx, axe, page, "dark", axeColourRules)
}

// axeIn sets the theme, injects axe-core unless the page holds it since
// its last load, and reports the violations of the rules run.
func axeIn(t *testing.T, ctx context.Context, axe, page, theme, rules string) {
	t.Helper()
	e2etest.Do(t, ctx, "the "+theme+" theme on "+page,
		chromedp.Evaluate[chromedp.Void](`document.documentElement.dataset.theme = "`+theme+`"`))
	if !e2etest.Get(t, ctx, chromedp.Evaluate[bool](`typeof window.axe === "object"`)) {
		e2etest.Do(t, ctx, "inject axe-core on "+page, chromedp.Evaluate[chromedp.Void](axe))
	}
	for _, v := range e2etest.Get(t, ctx, chromedp.Evaluate[[]string](fmt.Sprintf(axeRun, rules), chromedp.EvalAwaitPromise)) {
		t.Errorf("%s (%s theme): %s", page, theme, v)
	}
}
