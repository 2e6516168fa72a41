package web

import (
	"regexp"
	"strings"
	"testing"
)

// Every page loads one deferred script, the bundle of static/js (after the
// blocking theme script): it is served at its fingerprinted URL and holds
// each file of bundleJS, in order; the scripts find their URLs in the
// page's data-* attributes rather than writing them.
func TestOneScriptBundle(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t, Config{}, asWorkshop())
	b := newBrowser(t, e.serve(t))
	scriptRE := regexp.MustCompile(`<script src="([^"]+)"`)
	for _, page := range []string{"/en/", "/en/console", "/fr/explain", "/en/check-server", "/en/exercises/tools-fix-call-params", "/instructor/login"} {
		r := b.get(page)
		var srcs []string
		for _, m := range scriptRE.FindAllStringSubmatch(r.body, -1) {
			srcs = append(srcs, m[1])
		}
		if len(srcs) != 2 || !strings.Contains(srcs[0], "/js/theme.") || !strings.Contains(srcs[1], "/js/bundle.") {
			t.Errorf("%s loads %v, want the theme then the bundle", page, srcs)
		}
	}
	js := b.get(e.srv.assets.URL(bundleName))
	if js.status != 200 || !strings.HasPrefix(js.header.Get("Content-Type"), "text/javascript") {
		t.Fatalf("the bundle = %d %s", js.status, js.header.Get("Content-Type"))
	}
	at := -1
	for _, f := range bundleJS {
		i := strings.Index(js.body, "// --- "+f+"\n")
		if i <= at {
			t.Errorf("the bundle lacks %s, or holds it out of order", f)
		}
		at = i
	}
	if strings.Contains(js.body, `"/api/`) {
		t.Errorf("a script writes an API URL instead of reading it from the page")
	}
	if regexp.MustCompile(`\bvar `).MatchString(js.body) {
		t.Errorf("a script still declares with var")
	}
}
