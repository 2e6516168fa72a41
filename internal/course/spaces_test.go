package course

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/google/go-cmp/cmp"

	"github.com/mcpplayground/playground/lessons"
)

func TestCheckFrenchSpaces(t *testing.T) {
	const nb, narrow = "\u00a0", "\u202f"
	fsys := fstest.MapFS{
		"fr/01-a.md": {Data: []byte(strings.Join([]string{
			"---",
			"title: \"Bien" + nb + "?\"",
			"---",
			"Une question" + narrow + "? Et deux" + nb + ": tout va bien.",
			"Un « mot" + nb + "» mal ouvert, un «" + nb + "autre mot" + nb + "» juste.",
			"Le code `{\"a\" : 1}` et l’adresse https://example.com/x?y=1 ne comptent pas.",
			"```json",
			"{ \"jsonrpc\" : \"2.0\" }",
			"```",
			"Une heure, 10:30, et une fin de phrase ordinaire !",
		}, "\n"))},
		"en/01-a.md": {Data: []byte("English ? is not checked.\n")},
	}
	var got []string
	for _, e := range CheckFrenchSpaces(fsys) {
		got = append(got, e.Error())
	}
	want := []string{
		"fr/01-a.md:4: a narrow no-break space (U+202F) before '?': the French lessons use the no-break space U+00A0 there, and only it",
		"fr/01-a.md:5: an ordinary space (it can break the line before the sign) after «: the French lessons use the no-break space U+00A0 there, and only it",
		"fr/01-a.md:10: an ordinary space (it can break the line before the sign) before '!': the French lessons use the no-break space U+00A0 there, and only it",
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("problems (-want +got):\n%s", d)
	}
}

// The bundled French lessons keep the rule (check-content enforces it too).
func TestFrenchLessonsUseOneNoBreakSpace(t *testing.T) {
	for _, e := range CheckFrenchSpaces(lessons.FS) {
		t.Error(e)
	}
}
