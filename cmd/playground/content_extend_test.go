package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mcpplayground/playground/exercises"
	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/internal/markdown"
)

// writeFile writes text at dir/rel, making its folders.
func writeFile(t *testing.T, dir, rel, text string) {
	t.Helper()
	p := filepath.Join(dir, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
}

func ownLesson(slug, order, title string) string {
	return "---\nslug: " + slug + "\norder: " + order + "\ntitle: \"" + title + "\"\nsummary: \"" + title + ", in short.\"\n---\n\n## " + title + "\n\nText.\n"
}

// -content-mode extend: a directory holding only an added lesson, a
// lesson that replaces a bundled one under another file name, and an
// exercise that replaces a bundled one, is the bundled course with those
// changes; check-content says it is fine; replace mode refuses the same
// directory's missing lessons clearly.
func TestContentExtendsTheBundledCourse(t *testing.T) {
	t.Parallel()
	skipCourseLintInShort(t)
	dir := t.TempDir()
	for _, l := range []string{"en", "fr"} {
		writeFile(t, dir, "lessons/"+l+"/our-extra.md", ownLesson("our-extra", "1.5", "Our extra "+l))
		writeFile(t, dir, "lessons/"+l+"/requests.md", ownLesson("requests", "2", "Our requests "+l))
	}
	b, err := exercises.FS.ReadFile("json-rpc-fix-batch.md")
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, dir, "exercises/json-rpc-fix-batch.md", strings.Replace(string(b), "order:", "# ours\norder:", 1))

	src, err := newContentSource(dir, contentExtend)
	if err != nil {
		t.Fatal(err)
	}
	cat, err := src.load(markdown.New())
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, l := range cat.Lessons(i18n.EN)[:4] {
		got = append(got, l.Slug+": "+l.Title)
	}
	want := []string{"json-rpc: JSON-RPC 2.0: the envelope around every MCP message", "our-extra: Our extra en", "requests: Our requests en", "responses: Responses: one answer per request"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("extended course (-want +got):\n%s", diff)
	}
	if _, ok := cat.Exercise("json-rpc-fix-batch"); !ok || len(cat.Exercises()) < 50 {
		t.Errorf("the bundled exercises are not all there: %d", len(cat.Exercises()))
	}

	var out, errOut bytes.Buffer
	if code := run([]string{"check-content", "-content-mode", "extend", dir}, nil, &out, &errOut); code != 0 {
		t.Errorf("check-content extend = %d\n%s%s", code, out.String(), errOut.String())
	}
	out.Reset()
	errOut.Reset()
	os.RemoveAll(filepath.Join(dir, "lessons"))
	if code := run([]string{"check-content", dir}, nil, &out, &errOut); code != 2 || !strings.Contains(errOut.String(), "-content-mode extend") {
		t.Errorf("check-content replace without lessons/ = %d %q, want 2 pointing at -content-mode extend", code, errOut.String())
	}
	if code := run([]string{"check-content", "-content-mode", "merge", dir}, nil, &out, &errOut); code != 2 {
		t.Errorf("an unknown -content-mode = %d, want 2", code)
	}
}
