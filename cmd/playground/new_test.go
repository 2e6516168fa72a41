package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// "new lesson" and "new exercise" write files that pass check-content as
// they are, placed after what exists, and never over an existing file.
func TestNewWritesContentThatPassesCheckContent(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "my-course")
	var out, errOut bytes.Buffer
	for _, args := range [][]string{
		{"new", "lesson", "-dir", dir, "our-topic"},
		{"new", "exercise", "-kind", "write", "-lesson", "our-topic", "-dir", dir, "our-topic-write-ping"},
		{"new", "exercise", "-kind", "fix", "-lesson", "requests", "-dir", dir, "requests-fix-ping"},
	} {
		if code := run(args, nil, &out, &errOut); code != 0 {
			t.Fatalf("%v = %d\n%s", args, code, errOut.String())
		}
	}
	b, err := os.ReadFile(filepath.Join(dir, "lessons", "fr", "our-topic.md"))
	if err != nil || !strings.Contains(string(b), "order: 15\n") || !strings.Contains(string(b), "TODO") {
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
		{[]string{"new", "exercise", "-kind", "live", "-lesson", "requests", "-dir", dir, "x"}, "copy a bundled exercise"},
		{[]string{"new", "exercise", "-kind", "write", "-lesson", "nope", "-dir", dir, "x"}, "no such lesson"},
		{[]string{"new", "lesson", "-dir", dir, "Bad Name"}, "lower-case"},
	} {
		errOut.Reset()
		if code := run(tc.args, nil, &out, &errOut); code != 2 || !strings.Contains(errOut.String(), tc.want) {
			t.Errorf("%v = %d %q, want 2 saying %q", tc.args, code, errOut.String(), tc.want)
		}
	}
}
