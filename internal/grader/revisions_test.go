package grader

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/mcpplayground/playground/internal/testing/sourcetest"
)

// revisionList is a list of three or more revisions as a text writes it.
var revisionList = regexp.MustCompile(`20\d\d-\d\d-\d\d(?:(?:, |,|\||/| or | and | ou | et )20\d\d-\d\d-\d\d){2,}(…)?`)

// The revisions are two lists, Revisions (judged) and CourseRevisions (the
// course's); every text that lists them (help, errors, messages in both
// languages, the README, the exercise format, lessons) lists one of them, in
// order, or the start of Revisions followed by "…".
func TestRevisionListsAgree(t *testing.T) {
	root := sourcetest.ModuleRoot(t)
	date := regexp.MustCompile(`20\d\d-\d\d-\d\d`)
	found := 0
	eachText(t, root, func(rel string, b []byte) {
		for _, m := range revisionList.FindAllStringSubmatch(string(b), -1) {
			found++
			got := date.FindAllString(m[0], -1)
			ok := slices.Equal(got, Revisions()) || slices.Equal(got, CourseRevisions()) ||
				(m[1] != "" && slices.Equal(got, Revisions()[:min(len(got), len(Revisions()))]))
			if !ok {
				t.Errorf("%s: %q lists neither Revisions %v nor CourseRevisions %v", rel, m[0], Revisions(), CourseRevisions())
			}
		}
	})
	if found == 0 {
		t.Error("no list of revisions found: the pattern no longer matches how texts write them")
	}
}

// eachText calls f with the text of every Go (tests aside), Markdown and
// templ file of the module below root, testdata and hidden folders aside.
func eachText(t *testing.T, root string, f func(rel string, b []byte)) {
	t.Helper()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && path != root && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata") {
			return filepath.SkipDir
		}
		ext := filepath.Ext(path)
		if d.IsDir() || (ext != ".go" && ext != ".md" && ext != ".templ") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		f(rel, b)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
