package i18n

import (
	"reflect"
	"strings"
	"testing"
)

// The console's strings exist in both languages, take the same printf
// verbs, follow French typography and use the glossary's words.
func TestConsoleStringsComplete(t *testing.T) {
	for _, l := range All {
		checkStrings(t, l, reflect.ValueOf(*ConsoleFor(l)))
	}
	en, fr := reflect.ValueOf(*ConsoleFor(EN)), reflect.ValueOf(*ConsoleFor(FR))
	for i := 0; i < en.NumField(); i++ {
		if a, b := verbs(en.Field(i).String()), verbs(fr.Field(i).String()); a != b {
			t.Errorf("%s: English has verbs %q, French %q", en.Type().Field(i).Name, a, b)
		}
	}
	for _, tt := range []struct{ field, want string }{
		{"TimelineTitle", "Chronologie"},
		{"DiagramTitle", "Diagramme de séquence"},
		{"KindRequest", "requête"},
		{"KindError", "réponse d’erreur"},
		{"KindNotification", "notification"},
		{"Handshake", "poignée de main"},
		{"TplSlow", "jeton de progression"},
	} {
		if got := fr.FieldByName(tt.field).String(); !strings.Contains(got, tt.want) {
			t.Errorf("fr %s = %q, want the glossary's %q", tt.field, got, tt.want)
		}
	}
	if ConsoleFor("de") != ConsoleFor(EN) {
		t.Error("an unknown language does not fall back to English")
	}
}
