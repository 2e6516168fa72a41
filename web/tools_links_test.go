package web

import (
	"strings"
	"testing"

	"github.com/mcpplayground/playground/internal/i18n"
)

// The explainer and the server check are reachable: from the header of
// every page, from the home page, and from the finish page, whose "Check
// your own server" leads to the check instead of being plain text.
func TestToolsAreLinked(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t, Config{})
	b := newBrowser(t, e.serve(t))
	for _, l := range i18n.All {
		p := "/" + string(l)
		wants := map[string][]string{
			p + "/":       {`href="` + p + `/explain"`, `data-home-tool="explain"`, `data-home-tool="check-server"`, `class="main-nav"`},
			p + "/finish": {`href="` + p + `/check-server" data-try="server"`, `href="` + p + `/explain" data-try="log"`},
			p + "/rules":  {`href="` + p + `/explain"`, `href="` + p + `/check-server"`},
		}
		for page, want := range wants {
			r := b.get(page)
			if r.status != 200 {
				t.Fatalf("GET %s = %d", page, r.status)
			}
			for _, w := range want {
				if !strings.Contains(r.body, w) {
					t.Errorf("%s lacks %s", page, w)
				}
			}
		}
	}
}
