package markdown

import (
	"flag"
	"os"
	"testing"
)

var preview = flag.String("preview", "", "write testdata/lesson.md rendered as a standalone HTML page to this file, to look at")

// TestPreview is a tool more than a test: with -preview FILE it writes a
// page a person (or headless Chromium) can look at, with the site's CSS.
func TestPreview(t *testing.T) {
	if *preview == "" {
		t.Skip("pass -preview FILE to write the preview page")
	}
	src, err := os.ReadFile("testdata/lesson.md")
	if err != nil {
		t.Fatal(err)
	}
	css, err := os.ReadFile("../../static/css/app.css")
	if err != nil {
		t.Fatal(err)
	}
	doc, err := New().Render(src, Options{Lang: "en"})
	if err != nil {
		t.Fatal(err)
	}
	page := "<!doctype html><meta charset=utf-8><style>body{font-family:system-ui,sans-serif;max-width:46rem;margin:2rem auto;padding:0 1rem}" +
		string(css) + "</style><main class=prose>" + string(doc.HTML) + "</main>"
	if err := os.WriteFile(*preview, []byte(page), 0o644); err != nil {
		t.Fatal(err)
	}
}
