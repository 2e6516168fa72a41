package i18n

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// The instructor's and the workshop's strings exist in both languages,
// keep the same verbs, and follow French typography.
func TestInstructorAndWorkshopStringsComplete(t *testing.T) {
	for _, l := range All {
		for _, v := range []any{*InstructorFor(l), *WorkshopFor(l)} {
			checkStrings(t, l, reflect.ValueOf(v))
		}
	}
	for _, pair := range [][2]any{
		{*InstructorFor(EN), *InstructorFor(FR)},
		{*WorkshopFor(EN), *WorkshopFor(FR)},
	} {
		en, fr := reflect.ValueOf(pair[0]), reflect.ValueOf(pair[1])
		for i := 0; i < en.NumField(); i++ {
			if a, b := verbs(en.Field(i).String()), verbs(fr.Field(i).String()); a != b {
				t.Errorf("%s: English has verbs %q, French %q", en.Type().Field(i).Name, a, b)
			}
		}
	}
}

func checkStrings(t *testing.T, l Lang, v reflect.Value) {
	t.Helper()
	for i := 0; i < v.NumField(); i++ {
		s := v.Field(i).String()
		name := fmt.Sprintf("%s.%s", v.Type().Name(), v.Type().Field(i).Name)
		if strings.TrimSpace(s) == "" {
			t.Errorf("%s: %s is empty", l, name)
		}
		if l != FR {
			continue
		}
		for _, p := range []string{" :", " ;", " ?", " !", "« ", " »"} {
			if strings.Contains(s, p) {
				t.Errorf("fr: %s has an ordinary space in %q: %q", name, p, s)
			}
		}
		if strings.ContainsRune(s, '\u202f') {
			t.Errorf("fr: %s has a narrow no-break space (U+202F); the course uses U+00A0 only: %q", name, s)
		}
		if strings.Contains(s, "'") {
			t.Errorf("fr: %s uses a straight apostrophe: %q", name, s)
		}
	}
}

// verbs lists the printf verbs of s in order, so translations take the
// same arguments.
func verbs(s string) string {
	var out []string
	for i := 0; i+1 < len(s); i++ {
		if s[i] == '%' {
			out = append(out, s[i:i+2])
			i++
		}
	}
	return strings.Join(out, " ")
}
