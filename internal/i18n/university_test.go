package i18n

import (
	"reflect"
	"strings"
	"testing"
)

// Every university text exists in both languages, with French typography.
func TestUniversityUIComplete(t *testing.T) {
	for _, l := range All {
		checkTexts(t, l, reflect.ValueOf(*UniversityFor(l)))
		checkTexts(t, l, reflect.ValueOf(*AssignmentsFor(l)))
		checkTexts(t, l, reflect.ValueOf(*InsightFor(l)))
	}
}

func checkTexts(t *testing.T, l Lang, v reflect.Value) {
	t.Helper()
	for i := 0; i < v.NumField(); i++ {
		s, name := v.Field(i).String(), v.Type().Field(i).Name
		if strings.TrimSpace(s) == "" {
			t.Errorf("%s: %s is empty", l, name)
		}
		if l == FR {
			for _, p := range []string{" :", " ;", " ?", " !"} {
				if strings.Contains(s, p) {
					t.Errorf("fr: %s has an ordinary space before %q: %q", name, p[1:], s)
				}
			}
		}
	}
}
