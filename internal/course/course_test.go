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

// The order is the front matter's, never the file name's: a lesson
// ordered 1.5 goes between 1 and 2 without renaming any file, and the
// lessons are numbered from 1 in that order.
func TestLessonOrderFromFrontMatter(t *testing.T) {
	insert := func(slug, order string) *fstest.MapFile {
		return &fstest.MapFile{Data: []byte("---\nslug: " + slug + "\norder: " + order + "\ntitle: T\nsummary: S\n---\n")}
	}
	fsys := fstest.MapFS{
		"en/01-a.md": lesson("a", 1, ""), "fr/01-a.md": lesson("a", 1, ""),
		"en/02-b.md": lesson("b", 2, ""), "fr/02-b.md": lesson("b", 2, ""),
		"en/between.md": insert("between", "1.5"), "fr/between.md": insert("between", "1.5"),
	}
	c, err := LoadLessons(fsys, markdown.New())
	if err != nil {
		t.Fatal(err)
	}
	type placed struct {
		Slug  string
		Order int
	}
	var got []placed
	for _, l := range c.Lessons(i18n.FR) {
		got = append(got, placed{l.Slug, l.Order})
	}
	if diff := cmp.Diff([]placed{{"a", 1}, {"between", 2}, {"b", 3}}, got); diff != "" {
		t.Errorf("lessons (-want +got):\n%s", diff)
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
			name: "a tag with no value in a list field",
			fsys: fstest.MapFS{
				"en/01-a.md": {Data: []byte("---\nslug: a\norder: 1\ntitle: T\nsummary: S\nobjectives: !x\n---\n")},
				"fr/01-a.md": lesson("a", 1, "x"),
			},
			want: []string{`en/01-a.md:6: front matter: a tag (!name) needs a value after it; remove the tag or quote the text`},
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
			fsys: fstest.MapFS{"en/Intro_1.md": lesson("intro", 1, "x")},
			want: []string{`en/Intro_1.md: lesson file names are the slug in lower case`},
		},
		{
			name: "no order",
			fsys: fstest.MapFS{"en/a.md": {Data: []byte("---\nslug: a\ntitle: T\nsummary: S\n---\n")}},
			want: []string{`en/a.md:2: order is missing`},
		},
		{
			name: "same order twice",
			fsys: fstest.MapFS{"en/a.md": lesson("a", 1, "x"), "en/b.md": lesson("b", 1, "x")},
			want: []string{`order 1 is already used by en/a.md`},
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

// An instructor's tree extends the bundled one: a lesson is added, one
// replaces the bundled lesson of its slug under another file name, and the
// bundled lessons not named stay.
func TestExtendAddsAndReplacesLessons(t *testing.T) {
	base := fstest.MapFS{
		"en/01-a.md": lesson("a", 1, ""), "fr/01-a.md": lesson("a", 1, ""),
		"en/02-b.md": lesson("b", 2, ""), "fr/02-b.md": lesson("b", 2, ""),
	}
	own := func(slug, order, title string) *fstest.MapFile {
		return &fstest.MapFile{Data: []byte("---\nslug: " + slug + "\norder: " + order + "\ntitle: " + title + "\nsummary: S\n---\n")}
	}
	top := fstest.MapFS{
		"en/b.md": own("b", "2", "Our B"), "fr/b.md": own("b", "2", "Notre B"),
		"en/c.md": own("c", "1.5", "C"), "fr/c.md": own("c", "1.5", "C"),
	}
	c, err := LoadLessons(Extend(base, top, true), markdown.New())
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, l := range c.Lessons(i18n.FR) {
		got = append(got, l.Slug+":"+l.Title+":"+l.File)
	}
	want := []string{"a:T a:fr/01-a.md", "c:C:fr/c.md", "b:Notre B:fr/b.md"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("extended lessons (-want +got):\n%s", diff)
	}
}

// lessons/course.yaml gives the course its title and the home page's
// introduction per language; a language it leaves out keeps the
// playground's; a bad file is refused with its name.
func TestCourseTitleAndIntroFromTheContent(t *testing.T) {
	fsys := fstest.MapFS{
		"en/a.md": lesson("a", 1, ""), "fr/a.md": lesson("a", 1, ""),
		"course.yaml": {Data: []byte("title:\n  en: Protocols 101\n  fr: Protocoles 101\nintro:\n  en: Our own words.\n")},
	}
	c, err := LoadLessons(fsys, markdown.New())
	if err != nil {
		t.Fatal(err)
	}
	got := []string{c.Title(i18n.EN), c.Title(i18n.FR), c.Intro(i18n.EN), c.Intro(i18n.FR)}
	if diff := cmp.Diff([]string{"Protocols 101", "Protocoles 101", "Our own words.", ""}, got); diff != "" {
		t.Errorf("title and intro (-want +got):\n%s", diff)
	}
	fsys["course.yaml"] = &fstest.MapFile{Data: []byte("title:\n  de: Kurs\n")}
	if _, err := LoadLessons(fsys, markdown.New()); err == nil || !strings.Contains(err.Error(), "course.yaml") {
		t.Errorf("an unknown language = %v, want an error naming course.yaml", err)
	}
	fsys["course.yaml"] = &fstest.MapFile{Data: []byte("colour: red\n")}
	if _, err := LoadLessons(fsys, markdown.New()); err == nil {
		t.Error("an unknown field is accepted")
	}
}
