package course

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/google/go-cmp/cmp"

	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/internal/markdown"
	"github.com/mcpplayground/playground/lessons"
)

func lesson(slug string, order int, body string) *fstest.MapFile {
	return &fstest.MapFile{Data: []byte("---\nslug: " + slug + "\norder: " + itoa(order) + "\ntitle: T " + slug + "\nsummary: S\nprotocol: 2025-11-25\n---\n" + body)}
}

func itoa(n int) string { return strings.TrimLeft(string(rune('0'+n/10))+string(rune('0'+n%10)), "0") }

func TestLoadOrdersAndLinks(t *testing.T) {
	fsys := fstest.MapFS{
		"en/02-b.md": lesson("b", 2, "## Two\nSee [a](a).\n"),
		"en/01-a.md": lesson("a", 1, "## One\n"),
		"fr/01-a.md": lesson("a", 1, "## Un\n"),
		"fr/02-b.md": lesson("b", 2, "## Deux\n"),
	}
	c, err := LoadLessons(fsys, markdown.New())
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, l := range c.Lessons(i18n.EN) {
		got = append(got, l.Slug)
	}
	if diff := cmp.Diff([]string{"a", "b"}, got); diff != "" {
		t.Errorf("order (-want +got):\n%s", diff)
	}
	p, ok := c.Lesson(i18n.FR, "b")
	l, prev, next := p.Lesson, p.Prev, p.Next
	if !ok || l.Title != "T b" || prev == nil || prev.Slug != "a" || next != nil {
		t.Errorf("Lesson(fr, b) = %v prev %v next %v ok %v", l, prev, next, ok)
	}
	if _, ok := c.Lesson(i18n.EN, "zz"); ok {
		t.Error("unknown slug found")
	}
}

// Content errors name the file and the line, and every problem is reported.
func TestLoadErrors(t *testing.T) {
	tests := []struct {
		name string
		fsys fstest.MapFS
		want []string
	}{
		{
			name: "missing translation",
			fsys: fstest.MapFS{"en/01-a.md": lesson("a", 1, "x")},
			want: []string{`en/01-a.md:2: lesson "a" has no fr version (expected fr/01-a.md)`},
		},
		{
			name: "slug mismatch and unknown field",
			fsys: fstest.MapFS{
				"en/01-a.md": lesson("wrong", 1, "x"),
				"fr/01-a.md": {Data: []byte("---\nslug: a\norder: 1\ntitle: T\nsummary: S\ncolour: red\n---\n")},
			},
			want: []string{
				`en/01-a.md:2: slug "wrong" does not match the file name (expected "a")`,
				`fr/01-a.md:6: front matter: unknown field "colour"`,
			},
		},
		{
			name: "broken link and bad diagram",
			fsys: fstest.MapFS{
				"en/01-a.md": lesson("a", 1, "## H\n\nSee [nowhere](nowhere).\n"),
				"fr/01-a.md": lesson("a", 1, "## H\n\n```sequence\nA->>B: hi\nthis is not a diagram line\n```\n"),
			},
			want: []string{
				`en/01-a.md:10: link to "nowhere": there is no lesson with that slug`,
				`fr/01-a.md:12:`,
			},
		},
		{
			name: "bad file name",
			fsys: fstest.MapFS{"en/intro.md": lesson("intro", 1, "x")},
			want: []string{`en/intro.md: lesson file names look like 01-json-rpc.md`},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := LoadLessons(tt.fsys, markdown.New())
			if err == nil {
				t.Fatal("LoadLessons succeeded, want an error")
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error lacks %q:\n%v", w, err)
				}
			}
		})
	}
}

// The bundled course parses, and both languages have the same lessons.
func TestBundledCourse(t *testing.T) {
	c, err := LoadLessons(lessons.FS, markdown.New())
	if err != nil {
		t.Fatalf("bundled course: %v", err)
	}
	slugs := func(l i18n.Lang) []string {
		var s []string
		for _, x := range c.Lessons(l) {
			s = append(s, x.Slug)
		}
		return s
	}
	if diff := cmp.Diff(slugs(i18n.EN), slugs(i18n.FR)); diff != "" {
		t.Errorf("languages differ (-en +fr):\n%s", diff)
	}
	if n := len(slugs(i18n.EN)); n < 9 {
		t.Errorf("%d lessons, want at least 9", n)
	}
	for _, l := range i18n.All {
		for _, x := range c.Lessons(l) {
			h := string(x.HTML)
			if !strings.Contains(h, "callout-check") {
				t.Errorf("%s has no self-check question", x.File)
			}
			if !strings.Contains(h, "<svg") && !strings.Contains(h, "language-json") {
				t.Errorf("%s has neither a sequence diagram nor an annotated message", x.File)
			}
		}
	}
}
