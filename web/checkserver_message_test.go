package web

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"github.com/mcpplayground/playground/internal/testing/hostiletest"
	"github.com/mcpplayground/playground/web/pagevm"
)

// TestCheckServerWholeMessage: a reply longer than the page shows is
// folded with a link to its whole text, which the learner who ran the
// check gets as the server sent it; another learner, a key that was
// never kept and a message the run does not have are 404s that say why.
func TestCheckServerWholeMessage(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(hostiletest.Handler(40 << 10)) // replies of about 40 KiB: longer than the page shows
	t.Cleanup(srv.Close)
	e := newTestEnv(t, Config{})
	base := e.serve(t)
	alice, bob := newBrowser(t, base), newBrowser(t, base)
	r := alice.postForm("/en/check-server", url.Values{"url": {srv.URL + "/mcp"}})
	m := regexp.MustCompile(`href="(/en/check-server/([0-9a-f]{32})/messages/(\d+))"`).FindStringSubmatch(r.body)
	if r.status != http.StatusOK || m == nil {
		t.Fatalf("the check = %d, with no link to a folded message's whole text", r.status)
	}
	whole := alice.get(m[1])
	if whole.status != http.StatusOK || len(whole.body) <= pagevm.MaxShownBytes || !strings.HasPrefix(whole.body, `{"jsonrpc":"2.0"`) || !strings.HasSuffix(whole.body, `{"name":"y"}]}}`) {
		t.Errorf("the whole message = %d, %d bytes; want 200 with the reply whole", whole.status, len(whole.body))
	}
	bob.postForm("/en/check-server", url.Values{"url": {"http://127.0.0.1:9/mcp"}}) // bob is a learner too
	for _, tc := range []struct {
		name string
		b    *browser
		path string
		want string
	}{
		{"another learner", bob, m[1], "no longer kept"},
		{"a key never kept", alice, "/en/check-server/" + strings.Repeat("0", 32) + "/messages/" + m[3], "no longer kept"},
		{"no such message", alice, "/en/check-server/" + m[2] + "/messages/9999", "no such message"},
	} {
		if got := tc.b.get(tc.path); got.status != http.StatusNotFound || !strings.Contains(got.body, tc.want) {
			t.Errorf("%s: %d %q, want 404 saying %q", tc.name, got.status, got.body, tc.want)
		}
	}
}
