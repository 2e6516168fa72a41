package web

import (
	"net/http"
	"regexp"
	"sort"
	"testing"

	"github.com/mcpplayground/playground/internal/i18n"
)

// pageBudget bounds what one page weighs: its HTML and the stylesheets and
// scripts it loads, uncompressed. A lesson with its diagrams is the
// heaviest page; a page past the budget has grown something by mistake.
const pageBudget = 512 << 10

var assetRE = regexp.MustCompile(`(?:href|src)="(/static/[^"]+)"`)

// TestPageWeight weighs every page of the course (in both languages) and
// logs the five heaviest: go test ./web -run PageWeight -v.
func TestPageWeight(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t, Config{})
	b := newBrowser(t, e.serve(t))
	var paths []string
	for _, l := range i18n.All {
		p := "/" + string(l)
		paths = append(paths, p+"/", p+"/exercises", p+"/progress", p+"/console", p+"/rules")
		for _, ls := range e.catalog.Lessons(l) {
			paths = append(paths, p+"/lessons/"+ls.Slug)
		}
		for _, ex := range e.catalog.Exercises() {
			paths = append(paths, p+"/exercises/"+ex.ID)
		}
	}
	type weight struct {
		path  string
		bytes int
	}
	var ws []weight
	assets := map[string]int{}
	for _, p := range paths {
		r := b.get(p)
		if r.status != http.StatusOK {
			continue
		}
		n := len(r.body)
		for _, m := range assetRE.FindAllStringSubmatch(r.body, -1) {
			if _, ok := assets[m[1]]; !ok {
				assets[m[1]] = len(b.get(m[1]).body)
			}
			n += assets[m[1]]
		}
		ws = append(ws, weight{p, n})
		if n > pageBudget {
			t.Errorf("%s weighs %d bytes, over the %d budget", p, n, pageBudget)
		}
	}
	sort.Slice(ws, func(i, j int) bool { return ws[i].bytes > ws[j].bytes })
	for _, w := range ws[:min(5, len(ws))] {
		t.Logf("%8d B  %s", w.bytes, w.path)
	}
}
