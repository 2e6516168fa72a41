package course

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/google/go-cmp/cmp"

	"github.com/mcpplayground/playground/exercises"
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
		"fr/01-a.md:4: a narrow no-break space (U+202F) before '?': the French texts use the no-break space U+00A0 there, and only it",
		"fr/01-a.md:5: an ordinary space (it can break the line before the sign) after «: the French texts use the no-break space U+00A0 there, and only it",
		"fr/01-a.md:10: an ordinary space (it can break the line before the sign) before '!': the French texts use the no-break space U+00A0 there, and only it",
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

// In an exercise, the French statement, hints, feedback and labels are held
// to the rule; the English, the JSON and the code are not.
func TestCheckFrenchExerciseSpaces(t *testing.T) {
	const nb, narrow = "\u00a0", "\u202f"
	fsys := fstest.MapFS{
		"a.md": {Data: []byte(strings.Join([]string{
			"---",
			"id: a",
			"checks:",
			"  - kind: request",
			"    feedback:",
			"      en: Which kind ? English is not checked.",
			"      fr: Quel genre" + narrow + "?",
			"choices:",
			"  - value: x",
			"    label: {en: \"A : b\", fr: \"Un «" + nb + "mot" + nb + "» et deux : points\"}",
			"---",
			"# Solution",
			"```json",
			"{ \"a\" : 1 }",
			"```",
			"# en: Title ? In English",
			"Not checked !",
			"# fr: Un titre" + nb + "? Oui !",
			"Le texte" + nb + ": juste, et `{\"a\" : 1}` du code.",
			"```json",
			"{ \"jsonrpc\" : \"2.0\" }",
			"```",
			"## Indices",
			"1. Un indice" + narrow + ";",
		}, "\n"))},
		"README.md": {Data: []byte("Pas un exercice ?\n")},
	}
	var got []string
	for _, e := range CheckFrenchExerciseSpaces(fsys) {
		got = append(got, e.Error())
	}
	const rule = ": the French texts use the no-break space U+00A0 there, and only it"
	want := []string{
		"a.md:7: a narrow no-break space (U+202F) before '?'" + rule,
		"a.md:10: an ordinary space (it can break the line before the sign) before ':'" + rule,
		"a.md:18: an ordinary space (it can break the line before the sign) before '!'" + rule,
		"a.md:24: a narrow no-break space (U+202F) before ';'" + rule,
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("problems (-want +got):\n%s", d)
	}
}

// The bundled exercises keep the rule (check-content enforces it too).
func TestFrenchExercisesUseOneNoBreakSpace(t *testing.T) {
	for _, e := range CheckFrenchExerciseSpaces(exercises.FS) {
		t.Error(e)
	}
}
