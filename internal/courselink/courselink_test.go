package courselink

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mcpplayground/playground/internal/i18n"
)

func TestResolve(t *testing.T) {
	lesson := Page{Lang: i18n.FR, Kind: Lessons, Name: "requests"}
	tests := []struct {
		dest string
		want Page
		ok   bool
	}{
		{"errors", Page{i18n.FR, Lessons, "errors"}, true},
		{"errors#codes", Page{i18n.FR, Lessons, "errors"}, true},
		{"../exercises/fix-1", Page{i18n.FR, Exercises, "fix-1"}, true},
		{"/en/lessons/errors", Page{i18n.EN, Lessons, "errors"}, true},
		{"/en/exercises/fix-1?x=1", Page{i18n.EN, Exercises, "fix-1"}, true},
		{"#codes", Page{}, false},
		{"https://modelcontextprotocol.io/", Page{}, false},
		{"/en/console", Page{}, false},
		{"//example.org/x", Page{}, false},
		{"img/a.png", Page{}, false},
		{"./x", Page{}, false},
	}
	for _, tt := range tests {
		got, _, ok := Resolve(lesson, tt.dest)
		if ok != tt.ok || got != tt.want {
			t.Errorf("Resolve(%q) = %+v, %v; want %+v, %v", tt.dest, got, ok, tt.want, tt.ok)
		}
	}
}

func TestCheck(t *testing.T) {
	ch := Checker{
		Lesson:   func(l i18n.Lang, slug string) bool { return slug == "errors" && l == i18n.EN },
		Exercise: func(id string) bool { return id == "fix-1" },
	}
	from := Page{Lang: i18n.EN, Kind: Exercises, Name: "fix-1"}
	var got []string
	for _, dest := range []string{"/en/lessons/errors", "/fr/lessons/errors", "/de/lessons/errors", "fix-1", "gone", "../lessons/nowhere", "https://x.org/a"} {
		if err := ch.Check(from, "x.md", 3, dest); err != nil {
			got = append(got, err.Error())
		}
	}
	want := []string{
		`x.md:3: link to "/fr/lessons/errors": there is no lesson with that slug`,
		`x.md:3: link to "/de/lessons/errors": the language in the address is en or fr`,
		`x.md:3: link to "gone": there is no exercise with that id`,
		`x.md:3: link to "../lessons/nowhere": there is no lesson with that slug`,
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	if err := (Checker{}).Check(from, "x.md", 3, "/en/lessons/nowhere"); err != nil {
		t.Errorf("with no page known, a link is reported: %v", err)
	}
}

// A link to a lesson's heading is checked against its anchors when the
// checker knows them.
func TestCheckAnchor(t *testing.T) {
	ch := Checker{Anchor: func(_ i18n.Lang, slug, id string) bool { return slug == "errors" && id == "codes" }}
	from := Page{Lang: i18n.EN, Kind: Exercises, Name: "x"}
	if err := ch.Check(from, "x.md", 3, "/en/lessons/errors#codes"); err != nil {
		t.Errorf("a real anchor: %v", err)
	}
	err := ch.Check(from, "x.md", 3, "/en/lessons/errors#cdes")
	if err == nil || err.Error() != `x.md:3: link to "/en/lessons/errors#cdes": lesson errors has no heading whose anchor is #cdes` {
		t.Errorf("a broken anchor: %v", err)
	}
	if err := (Checker{}).Check(from, "x.md", 3, "/en/lessons/errors#cdes"); err != nil {
		t.Errorf("anchors unknown: %v", err)
	}
}
