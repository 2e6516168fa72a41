package i18n

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// features lists every struct of interface strings, by feature, so that one
// test holds them all to the same rules. A new feature adds its line here.
var features = []struct {
	name string
	get  func(Lang) any
}{
	{"UI", func(l Lang) any { return *UIFor(l) }},
	{"ExerciseUI", func(l Lang) any { return *ExerciseFor(l) }},
	{"ConsoleUI", func(l Lang) any { return *ConsoleFor(l) }},
	{"InstructorUI", func(l Lang) any { return *InstructorFor(l) }},
	{"WorkshopUI", func(l Lang) any { return *WorkshopFor(l) }},
	{"CheckServerUI", func(l Lang) any { return *CheckServerFor(l) }},
	{"ExplainUI", func(l Lang) any { return *ExplainFor(l) }},
	{"RulesUI", func(l Lang) any { return *RulesFor(l) }},
	{"PathUI", func(l Lang) any { return *PathFor(l) }},
}

// Every string of every feature exists in both languages, French follows
// French typography (no-break space before : ; ? ! and inside « », curly
// apostrophe), and both languages take the same printf verbs in the same
// order.
func TestEveryFeatureTypography(t *testing.T) {
	for _, f := range features {
		for _, l := range All {
			v := reflect.ValueOf(f.get(l))
			if v.Kind() != reflect.Struct {
				t.Fatalf("%s: %s is not a struct", f.name, v.Kind())
			}
			for i := 0; i < v.NumField(); i++ {
				if v.Field(i).Kind() != reflect.String {
					t.Errorf("%s.%s is a %s; this test only knows strings", f.name, v.Type().Field(i).Name, v.Field(i).Kind())
				}
			}
			checkStrings(t, l, v)
		}
		en, fr := reflect.ValueOf(f.get(EN)), reflect.ValueOf(f.get(FR))
		for i := 0; i < en.NumField(); i++ {
			if a, b := verbs(en.Field(i).String()), verbs(fr.Field(i).String()); a != b {
				t.Errorf("%s.%s: English has verbs %q, French %q", f.name, en.Type().Field(i).Name, a, b)
			}
		}
	}
}

// The glossary's words, not their near-synonyms: a learner who reads
// « demande » in one place and « requête » in another thinks they are two
// ideas.
func TestFrenchGlossaryWords(t *testing.T) {
	avoid := map[string]string{
		"une demande":      "requête",
		"la demande":       "requête",
		"cette demande":    "requête",
		"jeton d’accès":    "code d’accès is the join code; say jeton formateur",
		"élève":            "apprenant, apprenante",
		"étudiant":         "apprenant, apprenante",
		"instructeur":      "formateur, formatrice",
		"erreur d’outil":   "erreur métier",
		"modèle de départ": "point de départ",
	}
	for _, f := range features {
		v := reflect.ValueOf(f.get(FR))
		for i := 0; i < v.NumField(); i++ {
			s := v.Field(i).String()
			for bad, want := range avoid {
				if strings.Contains(strings.ToLower(s), bad) {
					t.Errorf("fr: %s.%s says %q; the glossary says %s: %q", f.name, v.Type().Field(i).Name, bad, want, s)
				}
			}
		}
	}
}

// One no-break space in every French text, U+00A0, as in the lessons and the
// exercises: the narrow U+202F renders half as wide, and a page that mixes
// them looks uneven. This reads the package's sources, so that strings kept
// outside the feature structs (maps, plural forms) are held to it too.
func TestNoNarrowNoBreakSpace(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil || len(files) == 0 {
		t.Fatalf("list sources: %v (%d files)", err, len(files))
	}
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(src), "\n") {
			if strings.ContainsRune(line, '\u202f') || strings.Contains(strings.ToLower(line), `\u202f`) {
				t.Errorf("%s:%d: a narrow no-break space (U+202F); write U+00A0", f, i+1)
			}
		}
	}
}
