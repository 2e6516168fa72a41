package exercise

import (
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"
)

// The docs list the kinds in full in several places (FORMAT.md's example
// and front-matter table, the "new" row of docs/cli.md, the author's guide): each such
// list, five kinds or more written one after the other, is Kinds, in its
// order. Shorter lists name a few kinds for a reason ("the message kinds
// (fix, write, reply)") and are left alone.
func TestDocsListEveryKind(t *testing.T) {
	words := make([]string, len(Kinds))
	for i, k := range Kinds {
		words[i] = regexp.QuoteMeta(string(k))
	}
	word := "`?(?:" + strings.Join(words, "|") + ")`?"
	sep := `(?:, | or | and | ou | et |\|)`
	list := regexp.MustCompile(`\b` + word + `(?:` + sep + word + `){4,}\b`)
	kind := regexp.MustCompile(`\b(?:` + strings.Join(words, "|") + `)\b`)
	want := fmt.Sprint(Kinds)
	found := 0
	for _, path := range []string{"FORMAT.md", "../../docs/cli.md", "../../docs/authors.md"} {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		text := strings.Join(strings.Fields(string(src)), " ")
		for _, m := range list.FindAllString(text, -1) {
			found++
			var got []Kind
			for _, k := range kind.FindAllString(m, -1) {
				got = append(got, Kind(k))
			}
			if fmt.Sprint(got) != want {
				t.Errorf("%s lists the kinds as %q; they are %v", path, m, Kinds)
			}
		}
	}
	if found < 3 {
		t.Errorf("only %d lists of the kinds found in FORMAT.md and the docs", found)
	}
}
