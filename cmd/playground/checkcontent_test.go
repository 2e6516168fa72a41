package main

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mcpplayground/playground/exercises"
	"github.com/mcpplayground/playground/lessons"
)

// copyFS writes an embedded tree into dir.
func copyFS(t *testing.T, src fs.FS, dir string) {
	t.Helper()
	err := fs.WalkDir(src, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		dst := filepath.Join(dir, filepath.FromSlash(p))
		if d.IsDir() {
			return os.MkdirAll(dst, 0o755)
		}
		b, err := fs.ReadFile(src, p)
		if err != nil {
			return err
		}
		return os.WriteFile(dst, b, 0o600)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// triedRE hides the number of wrong answers tried, which changes with the
// exercise's solution.
var triedRE = regexp.MustCompile(`\(\d+ tried\)`)

func TestRunCheckContent(t *testing.T) {
	t.Parallel()
	skipCourseLintInShort(t)
	// The bundled course is clean.
	var out, errOut bytes.Buffer
	if code := runCheckContent(nil, &out, &errOut); code != 0 {
		t.Fatalf("bundled course: exit %d\n%s%s", code, out.String(), errOut.String())
	}
	if got := out.String(); got != "content OK\n" {
		t.Errorf("bundled course: %q", got)
	}

	// An instructor's copy with two mistakes: each is reported with its
	// path in the course directory, and the exit code is 1.
	dir := t.TempDir()
	copyFS(t, lessons.FS, filepath.Join(dir, "lessons"))
	copyFS(t, exercises.FS, filepath.Join(dir, "exercises"))
	edit := func(name, old, new string) {
		p := filepath.Join(dir, "exercises", name)
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Contains(b, []byte(old)) {
			t.Fatalf("%s has no %q", name, old)
		}
		if err := os.WriteFile(p, bytes.Replace(b, []byte(old), []byte(new), 1), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	edit("tools-fix-call-params.md", "absent: /params/tool", "absent: /parms/tool")
	checkLine := lineOf(t, filepath.Join(dir, "exercises", "tools-fix-call-params.md"), "absent: /parms/tool")
	edit("errors-reply-unknown-method.md", "  - id: same\n", "  - id: any\n")
	out.Reset()
	code := runCheckContent([]string{dir}, &out, &errOut)
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	for i := range lines {
		lines[i] = strings.TrimPrefix(lines[i], dir+string(filepath.Separator))
		lines[i] = triedRE.ReplaceAllString(lines[i], "(N tried)")
	}
	want := []string{
		filepath.FromSlash("exercises/tools-fix-call-params.md") + fmt.Sprintf(":%d", checkLine) + `: this check never fails: it passes on the starter, the wrong answers and every one-step change of the solutions (N tried); is the pointer right? (see "Every check can fail" in FORMAT.md)`,
		filepath.FromSlash("exercises/errors-reply-unknown-method.md") + `:1: the checker does not know the method of this request, so it cannot compare the id of a success response: add the check "- id: same"`,
		// The author's wrong answer with the id "12" still fails: the checker
		// compares an error response's id with the request's.
		"2 problem(s)",
	}
	if code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
	if diff := cmp.Diff(want, lines); diff != "" {
		t.Errorf("output (-want +got):\n%s", diff)
	}

	// A directory that is not a course is a usage error.
	if code := runCheckContent([]string{filepath.Join(dir, "nope")}, &out, &errOut); code != 2 {
		t.Errorf("missing directory: exit %d, want 2", code)
	}
}

// lineOf is the line of path (counted from 1) where text first appears.
func lineOf(t *testing.T, path, text string) int {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	i := bytes.Index(b, []byte(text))
	if i < 0 {
		t.Fatalf("%s has no %q", path, text)
	}
	return bytes.Count(b[:i], []byte("\n")) + 1
}

// Every problem of every file in one run: a YAML error in one file does not
// hide the others, and each authoring mistake check-content used to let
// through is reported with its line.
func TestCheckContentReportsEveryFile(t *testing.T) {
	t.Parallel()
	skipCourseLintInShort(t)
	dir := t.TempDir()
	copyFS(t, lessons.FS, filepath.Join(dir, "lessons"))
	copyFS(t, exercises.FS, filepath.Join(dir, "exercises"))
	edit := func(name, old, new string) int {
		p := filepath.Join(dir, "exercises", name)
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		i := bytes.Index(b, []byte(old))
		if i < 0 {
			t.Fatalf("%s has no %q", name, old)
		}
		if err := os.WriteFile(p, bytes.Replace(b, []byte(old), []byte(new), 1), 0o600); err != nil {
			t.Fatal(err)
		}
		return bytes.Count(b[:i], []byte("\n")) + 1
	}
	yamlLine := edit("json-rpc-fix-batch.md", "solution_after: 3\n", "solution_after: [3\n")
	ptrLine := edit("tools-fix-call-params.md", "absent: /params/tool\n", "absent: /params/tol\n")
	codeLine := edit("reading-logs-log-reused-id.md", "  - session.request.unanswered\n", "  - session.request.unanswerd\n")
	orderLine := edit("transports-write-log-message.md", "\norder: ", "\norder: 0.5\nx: ")
	edit("transports-write-log-message.md", "\nx: ", "\n#x: ")
	anchorLine := edit("errors-reply-unknown-method.md", "(/en/lessons/errors)", "(/en/lessons/errors#no-such-part)")
	spaceLine := edit("requests-classify-ids.md", "sont permis\u00a0?", "sont permis\u202f?")

	var out, errOut bytes.Buffer
	if code := runCheckContent([]string{dir}, &out, &errOut); code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
	at := func(name string, line int, what string) string {
		return filepath.Join(dir, "exercises", name) + fmt.Sprintf(":%d: ", line) + what
	}
	for _, want := range []string{
		at("json-rpc-fix-batch.md", yamlLine+1, "front matter: "),
		at("tools-fix-call-params.md", ptrLine, "absent: /params/tol names a member that no solution"),
		at("reading-logs-log-reused-id.md", codeLine, `choice "session.request.unanswerd" is not a rule of the checker: did you mean session.request.unanswered?`),
		at("transports-write-log-message.md", orderLine+1, "order is a whole number from 0 up (1, 2, 3…), not 0.5"),
		at("errors-reply-unknown-method.md", anchorLine, `link to "/en/lessons/errors#no-such-part": lesson errors has no heading whose anchor is #no-such-part`),
		at("requests-classify-ids.md", spaceLine, "a narrow no-break space (U+202F) before '?': the French texts use the no-break space U+00A0 there, and only it"),
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("the output lacks %q:\n%s", want, out.String())
		}
	}
}

// skipCourseLintInShort skips, in -short mode, a test that runs
// check-content on the whole bundled course: it replays every live
// exercise's answers against the gift server, seconds each run, and CI's
// full run and its content step keep it.
func skipCourseLintInShort(t *testing.T) {
	t.Helper()
	if testing.Short() {
		t.Skip("runs check-content on the whole course: skipped in -short mode")
	}
}
