package course

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/google/go-cmp/cmp"

	"github.com/mcpplayground/playground/exercises"
	"github.com/mcpplayground/playground/internal/markdown"
	"github.com/mcpplayground/playground/lessons"
)

func exerciseFile(id, lesson string, order int) *fstest.MapFile {
	return &fstest.MapFile{Data: []byte("---\nid: " + id + "\nlesson: " + lesson + "\nkind: write\norder: " + itoa(order) + `
checks:
  - method: ping
---

# Solution

` + "```json\n" + `{"jsonrpc": "2.0", "id": 1, "method": "ping"}` + "\n```\n\n# en: Ping\n\nSend a ping.\n")}
}

func TestLoadAttachesExercises(t *testing.T) {
	lessonsFS := fstest.MapFS{
		"en/01-a.md": lesson("a", 1, "## One\n"),
		"fr/01-a.md": lesson("a", 1, "## Un\n"),
		"en/02-b.md": lesson("b", 2, "## Two\n"),
		"fr/02-b.md": lesson("b", 2, "## Deux\n"),
	}
	exFS := fstest.MapFS{
		"b-first.md":  exerciseFile("b-first", "b", 1),
		"a-second.md": exerciseFile("a-second", "a", 2),
		"a-first.md":  exerciseFile("a-first", "a", 1),
	}
	c, err := Load(lessonsFS, exFS, markdown.New())
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, ex := range c.Exercises() {
		got = append(got, ex.ID)
	}
	if diff := cmp.Diff([]string{"a-first", "a-second", "b-first"}, got); diff != "" {
		t.Errorf("course order (-want +got):\n%s", diff)
	}
	got = nil
	for _, ex := range c.ExercisesFor("a") {
		got = append(got, ex.ID)
	}
	if diff := cmp.Diff([]string{"a-first", "a-second"}, got); diff != "" {
		t.Errorf("ExercisesFor(a) (-want +got):\n%s", diff)
	}
	if ex, ok := c.Exercise("b-first"); !ok || ex.Lesson != "b" {
		t.Errorf("Exercise(b-first) = %v, %v", ex, ok)
	}
	if _, ok := c.Exercise("nope"); ok {
		t.Error("Exercise(nope) found")
	}
	if n := len(c.ExercisesFor("zz")); n != 0 {
		t.Errorf("ExercisesFor(zz) = %d exercises", n)
	}
}

// Problems in lessons and in exercises are reported together.
func TestLoadReportsLessonsAndExercises(t *testing.T) {
	lessonsFS := fstest.MapFS{"en/01-a.md": lesson("a", 1, "x")}
	exFS := fstest.MapFS{"x.md": exerciseFile("x", "a", 1), "y.md": exerciseFile("y", "a", 1)}
	exFS["y.md"].Data = []byte(strings.Replace(string(exFS["y.md"].Data), "kind: write", "kind: guess", 1))
	_, err := Load(lessonsFS, exFS, markdown.New())
	if err == nil {
		t.Fatal("no error")
	}
	for _, want := range []string{`en/01-a.md:2: lesson "a" has no fr version`, `y.md:4: kind "guess" is not one of`} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error lacks %q:\n%v", want, err)
		}
	}
}

func TestLoadUnknownLessonAndLinks(t *testing.T) {
	lessonsFS := fstest.MapFS{
		"en/01-a.md": lesson("a", 1, "Try [the exercise](/en/exercises/a-one) and [this](/en/exercises/gone).\n"),
		"fr/01-a.md": lesson("a", 1, "## Un\n"),
	}
	exFS := fstest.MapFS{"a-one.md": exerciseFile("a-one", "a", 1), "z-one.md": exerciseFile("z-one", "zz", 1)}
	_, err := Load(lessonsFS, exFS, markdown.New())
	if err == nil || !strings.Contains(err.Error(), `z-one.md:3: lesson "zz" does not exist`) {
		t.Fatalf("err = %v, want the unknown lesson reported", err)
	}
	delete(exFS, "z-one.md")
	c, err := Load(lessonsFS, exFS, markdown.New())
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range c.CheckExerciseLinks() {
		got = append(got, e.Error())
	}
	if diff := cmp.Diff([]string{`en/01-a.md:8: link to "/en/exercises/gone": there is no exercise with that id`}, got); diff != "" {
		t.Errorf("CheckExerciseLinks (-want +got):\n%s", diff)
	}
}

// The bundled course loads, with its exercises attached to real lessons.
func TestLoadBundled(t *testing.T) {
	c, err := Load(lessons.FS, exercises.FS, markdown.New())
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Exercises()) == 0 {
		t.Fatal("no exercise loaded")
	}
	for _, ex := range c.Exercises() {
		if !c.HasLesson(ex.Lesson) {
			t.Errorf("%s: lesson %q missing", ex.File, ex.Lesson)
		}
	}
	for _, e := range c.CheckExerciseLinks() {
		t.Error(e)
	}
}
