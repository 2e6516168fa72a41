package main

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpplayground/playground/internal/exercise"
	"github.com/mcpplayground/playground/lessons"
)

// "new lesson" and "new exercise" write files that pass check-content as
// they are, placed after what exists, and never over an existing file.
func TestNewWritesContentThatPassesCheckContent(t *testing.T) {
	t.Parallel()
	skipCourseLintInShort(t)
	dir := filepath.Join(t.TempDir(), "my-course")
	var out, errOut bytes.Buffer
	all := [][]string{
		{"new", "lesson", "-dir", dir, "our-topic"},
		{"new", "exercise", "-kind", "fix", "-lesson", "requests", "-dir", dir, "requests-fix-ping"},
	}
	// One exercise of every kind of the registry, two of them in one
	// bundled lesson and the rest in the new one, each placed after the
	// one before.
	for i, k := range exercise.Kinds {
		lesson := "our-topic"
		if i < 2 {
			lesson = "requests"
		}
		all = append(all, []string{"new", "exercise", "-kind", string(k), "-lesson", lesson, "-dir", dir, lesson + "-new-" + string(k)})
	}
	for _, args := range all {
		if code := run(args, nil, &out, &errOut); code != 0 {
			t.Fatalf("%v = %d\n%s", args, code, errOut.String())
		}
	}
	for _, k := range exercise.Kinds {
		name := "our-topic-new-" + string(k)
		b, err := os.ReadFile(filepath.Join(dir, "exercises", name+".md"))
		if err != nil {
			continue // one of the two in requests
		}
		if want := "kind: " + string(k) + "\n"; !strings.Contains(string(b), want) || !strings.Contains(string(b), "id: "+name+"\n") || !strings.Contains(string(b), "TODO") {
			t.Errorf("%s does not say %q, its id and TODOs:\n%s", name, want, b)
		}
	}
	if b, err := os.ReadFile(filepath.Join(dir, "exercises", "requests-new-write.md")); err != nil || !strings.Contains(string(b), "order: 6\n") {
		t.Errorf("the third new exercise of lesson requests is not placed after the two before (%v):\n%s", err, b)
	}
	b, err := os.ReadFile(filepath.Join(dir, "lessons", "fr", "our-topic.md"))
	if want := fmt.Sprintf("order: %d\n", len(bundledLessons(t))+1); err != nil || !strings.Contains(string(b), want) || !strings.Contains(string(b), "TODO") {
		t.Errorf("the French lesson (%v):\n%s", err, b)
	}
	out.Reset()
	if code := run([]string{"check-content", "-content-mode", "extend", dir}, nil, &out, &errOut); code != 0 || !strings.Contains(out.String(), "content OK") {
		t.Errorf("check-content of what new wrote = %d\n%s", code, out.String())
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"new", "lesson", "-dir", dir, "our-topic"}, "exists already"},
		{[]string{"new", "exercise", "-kind", "write", "-lesson", "requests", "-dir", dir, "requests-fix-ping"}, "exists already"},
		{[]string{"new", "exercise", "-kind", "quiz", "-lesson", "requests", "-dir", dir, "x"}, "give one of fix, write, classify"},
		{[]string{"new", "exercise", "-kind", "write", "-lesson", "nope", "-dir", dir, "x"}, "no such lesson"},
		{[]string{"new", "lesson", "-dir", dir, "Bad Name"}, "lower-case"},
	} {
		errOut.Reset()
		if code := run(tc.args, nil, &out, &errOut); code != 2 || !strings.Contains(errOut.String(), tc.want) {
			t.Errorf("%v = %d %q, want 2 saying %q", tc.args, code, errOut.String(), tc.want)
		}
	}
}

// bundledLessons are the bundled course's English lesson files, the ones a
// new lesson is placed after.
func bundledLessons(t *testing.T) []string {
	t.Helper()
	files, err := fs.Glob(lessons.FS, "en/*.md")
	if err != nil || len(files) == 0 {
		t.Fatalf("no bundled lesson (%v)", err)
	}
	return files
}
