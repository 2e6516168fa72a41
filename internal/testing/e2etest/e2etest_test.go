package e2etest

import (
	"net/http"
	"net/http/httptest"
	"os"
	"testing"

	"github.com/chromedp/chromedp"
)

func TestMain(m *testing.M) {
	code := m.Run()
	Close()
	os.Exit(code)
}

// Tabs of the shared browser are as separate as two fresh browsers: a
// cookie one tab was given is not sent by the next, and both tabs have
// the window size of the command line.
func TestTabsShareNoCookies(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/set" {
			http.SetCookie(w, &http.Cookie{Name: "who", Value: "first", Path: "/"})
		}
		w.Header().Set("Content-Type", "text/html")
		if c, err := r.Cookie("who"); err == nil {
			w.Write([]byte("<p id=c>" + c.Value + "</p>"))
			return
		}
		w.Write([]byte("<p id=c>none</p>"))
	}))
	defer srv.Close()
	first := Browser(t)
	Do(t, first, "get a cookie", chromedp.Navigate(srv.URL+"/set"), chromedp.Navigate(srv.URL+"/"))
	if got := Get(t, first, chromedp.Text("#c")); got != "first" {
		t.Fatalf("the first tab sends cookie %q, want first", got)
	}
	second := Browser(t)
	Do(t, second, "open the page", chromedp.Navigate(srv.URL+"/"))
	if got := Get(t, second, chromedp.Text("#c")); got != "none" {
		t.Errorf("the second tab sends cookie %q: tabs share a cookie jar", got)
	}
	if w := Get(t, second, chromedp.Evaluate[int](`innerWidth`)); w != windowWidth {
		t.Errorf("a tab is %d px wide, want %d", w, windowWidth)
	}
}

// A poll that a navigation interrupts goes on in the new document: the
// first page leaves for the second while the test waits for what only the
// second has.
func TestPollSurvivesANavigation(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		if r.URL.Path == "/second" {
			w.Write([]byte(`<p id="second">second</p>`))
			return
		}
		w.Write([]byte(`<p>first</p><script>setTimeout(function () { location.href = "/second"; }, 100);</script>`))
	}))
	defer srv.Close()
	ctx := Browser(t)
	Do(t, ctx, "open the first page", chromedp.Navigate(srv.URL+"/"))
	got, err := Poll[string](ctx, `(document.getElementById("second") || {textContent: ""}).textContent`)
	if err != nil || got != "second" {
		t.Errorf("the poll across a navigation gave %q, %v; want the second page's text", got, err)
	}
}
