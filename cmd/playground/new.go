package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/mcpplayground/playground/internal/course"
	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/internal/markdown"
	"github.com/mcpplayground/playground/lessons"
)

var newName = regexp.MustCompile(`^[a-z0-9]+(?:-[a-z0-9]+)*$`)

const (
	newLessonUsage   = "playground new lesson [-dir DIR] [-order N] SLUG"
	newExerciseUsage = "playground new exercise -kind K -lesson L [-dir DIR] ID"
)

// runNew is "playground new lesson SLUG" and "playground new exercise
// -kind K -lesson L ID": each writes a file that passes check-content,
// whose placeholder texts say what to fill in.
func runNew(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || (args[0] != "lesson" && args[0] != "exercise") {
		fmt.Fprintf(stderr, "usage: %s\n       %s\n", newLessonUsage, newExerciseUsage)
		return groupExit(args)
	}
	fs := flag.NewFlagSet("new "+args[0], flag.ContinueOnError)
	fs.SetOutput(stderr)
	dir := fs.String("dir", ".", "the course directory, holding lessons/ and exercises/")
	var order *float64
	var kind, lesson *string
	use := newExerciseUsage
	if args[0] == "lesson" {
		use = newLessonUsage
		order = fs.Float64("order", 0, "the lesson's place (default: after the last lesson; 3.5 goes between 3 and 4)")
	} else {
		kind = fs.String("kind", "", "the exercise's kind: "+strings.Join(newKinds(), ", "))
		lesson = fs.String("lesson", "", "the slug of the exercise's lesson")
	}
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: %s\n\nWrites a file that passes check-content -content-mode extend DIR, whose TODO lines say what to fill in.\n", use)
		fs.PrintDefaults()
	}
	if err := parseFlags(fs, args[1:]); err != nil {
		return flagsExit(err)
	}
	if fs.NArg() != 1 || !newName.MatchString(fs.Arg(0)) {
		fmt.Fprintf(stderr, "new %s: give one name in lower-case letters, digits and dashes, as my-topic\n", args[0])
		return 2
	}
	var files []string
	var err error
	if args[0] == "lesson" {
		files, err = newLesson(*dir, fs.Arg(0), *order)
	} else {
		files, err = newExercise(*dir, fs.Arg(0), *kind, *lesson)
	}
	if err != nil {
		fmt.Fprintf(stderr, "new %s: %v\n", args[0], err)
		return 2
	}
	for _, f := range files {
		fmt.Fprintf(stdout, "wrote %s\n", f)
	}
	fmt.Fprintf(stdout, "fill in what each TODO line asks, then run: playground check-content -content-mode extend %s\n", *dir)
	return 0
}

// extendedLessons are the bundled lessons extended by dir's.
func extendedLessons(dir string) fs.FS {
	return course.Extend(lessons.FS, os.DirFS(filepath.Join(dir, "lessons")), true)
}

// courseLessons are the lessons of the bundled course extended by dir's.
func courseLessons(dir string) (*course.Catalog, error) {
	return course.LoadLessons(extendedLessons(dir), markdown.New())
}

func newLesson(dir, slug string, order float64) ([]string, error) {
	c, err := courseLessons(dir)
	if err != nil {
		return nil, fmt.Errorf("the course's lessons do not load: %w", err)
	}
	if c.HasLesson(slug) {
		return nil, fmt.Errorf("a lesson %q exists already", slug)
	}
	if order == 0 {
		for _, l := range c.Lessons(i18n.EN) {
			order = max(order, l.Rank)
		}
		order++
	}
	if order < 0 {
		return nil, errors.New("-order must be above 0")
	}
	texts := map[string][2]string{
		"en": {"TODO: the lesson's title", "TODO: one or two sentences for the course page.\"\nobjectives:\n  - \"TODO: what the learner can do after the lesson"},
		"fr": {"TODO\u00a0: le titre de la leçon", "TODO\u00a0: une ou deux phrases pour la page du cours.\"\nobjectives:\n  - \"TODO\u00a0: ce que l’apprenant sait faire après la leçon"},
	}
	bodies := map[string]string{
		"en": "## TODO: a first heading\n\nTODO: the lesson, in Markdown. Its order is in the front matter: change `order` to move it (3.5 goes between lessons 3 and 4).\n",
		"fr": "## TODO\u00a0: un premier titre\n\nTODO\u00a0: la leçon, en Markdown. Sa place est dans l’en-tête\u00a0: changez `order` pour la déplacer (3.5 la met entre les leçons 3 et 4).\n",
	}
	var out []string
	for _, l := range []string{"en", "fr"} {
		front := fmt.Sprintf("---\nslug: %s\norder: %s\ntitle: \"%s\"\nsummary: \"%s\"\nprotocol: 2025-11-25\n---\n\n", slug, strconv.FormatFloat(order, 'f', -1, 64), texts[l][0], texts[l][1])
		p := filepath.Join(dir, "lessons", l, slug+".md")
		if err := writeNew(p, front+bodies[l]); err != nil {
			return out, err
		}
		out = append(out, p)
	}
	return out, nil
}

// writeNew writes a new file, never over an existing one.
func writeNew(p, text string) error {
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return err
	}
	f, err := os.OpenFile(p, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if errors.Is(err, os.ErrExist) {
		return fmt.Errorf("%s exists already: nothing was written", p)
	}
	if err != nil {
		return err
	}
	if _, err := f.WriteString(text); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
