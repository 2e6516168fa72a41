package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The author's guide walks through one exercise: its file passes
// check-content as printed, and the typo of its step 4 gets the very
// report the guide shows.
func TestAuthorsGuideSampleExercise(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("runs check-content on the whole course twice; skipped in -short mode")
	}
	doc, err := os.ReadFile("../../docs/authors.md")
	if err != nil {
		t.Fatal(err)
	}
	text := string(doc)
	const open, end = "````markdown\n", "\n````\n"
	i := strings.Index(text, open)
	j := strings.Index(text[max(i, 0):], end)
	if i < 0 || j < 0 {
		t.Fatal("docs/authors.md has no ````markdown block")
	}
	sample := text[i+len(open):i+j] + "\n"
	const typo = "my-course/exercises/requests-write-ping.md:21: this solution fails the check on line 14: The method is `pnig`."
	if !strings.Contains(text, "`method: pnig`") || !strings.Contains(text, typo) {
		t.Fatalf("docs/authors.md no longer shows the typo `method: pnig` and its report %q", typo)
	}
	// The course lives in a folder of the test's own, named by its full
	// path (no chdir, so the test runs beside the others): the report is
	// the guide's, behind that folder.
	dir := t.TempDir()
	course := filepath.Join(dir, "my-course")
	check := func(body string) (int, string) {
		if err := os.MkdirAll(filepath.Join(course, "exercises"), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(course, "exercises", "requests-write-ping.md"), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		var stdout, stderr bytes.Buffer
		code := run([]string{"check-content", "-content-mode", "extend", course}, nil, &stdout, &stderr)
		return code, stdout.String() + stderr.String()
	}
	if code, out := check(sample); code != 0 {
		t.Errorf("the guide's sample exercise: check-content exit %d:\n%s", code, out)
	}
	if code, out := check(strings.Replace(sample, "method: ping", "method: pnig", 1)); code != 1 || !strings.Contains(out, dir+string(filepath.Separator)+filepath.FromSlash(typo)) {
		t.Errorf("the sample with its typo: check-content exit %d:\n%s\nwant 1 and %q", code, out, typo)
	}
}
