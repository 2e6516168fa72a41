package i18n

import (
	"reflect"
	"strings"
	"testing"
)

// Every exercise string exists in both languages, French puts a no-break
// space before high punctuation, and format verbs agree between languages.
func TestExerciseUIComplete(t *testing.T) {
	en := reflect.ValueOf(*ExerciseFor(EN))
	for _, l := range All {
		v := reflect.ValueOf(*ExerciseFor(l))
		for i := 0; i < v.NumField(); i++ {
			s := v.Field(i).String()
			name := v.Type().Field(i).Name
			if strings.TrimSpace(s) == "" {
				t.Errorf("%s: %s is empty", l, name)
			}
			if got, want := strings.Count(s, "%d")+strings.Count(s, "%s"), strings.Count(en.Field(i).String(), "%d")+strings.Count(en.Field(i).String(), "%s"); got != want {
				t.Errorf("%s: %s has %d format verbs, English has %d", l, name, got, want)
			}
			if l == FR {
				for _, p := range []string{" :", " ;", " ?", " !", "« ", " »"} {
					if strings.Contains(s, p) {
						t.Errorf("fr: %s has an ordinary space in %q: %q", name, p, s)
					}
				}
			}
		}
	}
	if ExerciseFor("xx") != ExerciseFor(EN) {
		t.Error("an unknown language does not fall back to English")
	}
}
