package exercise

import (
	"strings"
	"testing"
)

// Every kind of the registry brings its template, filled in where it says
// so; check-content's verdict on each is cmd/playground's new test.
func TestEveryKindHasATemplate(t *testing.T) {
	for _, k := range Kinds {
		text, ok := k.Template("my-id", "my-lesson", 7)
		if !ok {
			t.Errorf("kind %s has no template (templates/%s.md)", k, k)
			continue
		}
		for _, want := range []string{"id: my-id\n", "lesson: my-lesson\n", "kind: " + string(k) + "\n", "order: 7\n", "TODO", "# en: ", "# fr: "} {
			if !strings.Contains(text, want) {
				t.Errorf("the template of %s lacks %q", k, want)
			}
		}
		if strings.Contains(text, "{{") {
			t.Errorf("the template of %s keeps a placeholder:\n%s", k, text)
		}
	}
	if _, ok := Kind("quiz").Template("x", "y", 1); ok {
		t.Error("an unknown kind has a template")
	}
}
