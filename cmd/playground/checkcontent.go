package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/mcpplayground/playground/internal/clientcheck"
	"github.com/mcpplayground/playground/internal/course"
	"github.com/mcpplayground/playground/internal/courselink"
	"github.com/mcpplayground/playground/internal/exercise"
	"github.com/mcpplayground/playground/internal/exercise/replay"
	"github.com/mcpplayground/playground/internal/frontmatter"
	"github.com/mcpplayground/playground/internal/markdown"
	"github.com/mcpplayground/playground/internal/servercheck"
)

// runCheckContent lints a course directory (or the bundled course) and prints
// one "file:line: what is wrong" per problem: what loading finds (front
// matter, sections, links, lessons that exist), then what only running the
// exercises' checks finds (starters fail, solutions pass, every check can
// fail, every text in each required language).
func runCheckContent(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("check-content", flag.ContinueOnError)
	fs.SetOutput(stderr)
	mode := fs.String("content-mode", contentReplace, contentModeHelp)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: playground check-content [-content-mode extend] [DIR]\n\nDIR holds lessons/ and exercises/; without it, the bundled course is checked.\nWith -content-mode extend, the bundled course extended by DIR is checked.\nExits 1 when the content has problems, listed as file:line: what is wrong.")
		fs.PrintDefaults()
	}
	if err := parseFlags(fs, args); err != nil {
		return flagsExit(err)
	}
	if fs.NArg() > 1 {
		fs.Usage()
		return 2
	}
	src, err := newContentSource(fs.Arg(0), *mode)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 2
	}
	problems := checkContent(src)
	for _, e := range problems {
		fmt.Fprintln(stdout, locateProblem(e, src.dir))
	}
	if len(problems) > 0 {
		fmt.Fprintf(stdout, "%d problem(s)\n", len(problems))
		return 1
	}
	fmt.Fprintln(stdout, "content OK")
	return 0
}

func checkContent(src contentSource) []error {
	c, err := src.load(markdown.New())
	if err != nil {
		return append(unjoin(err), lintLoaded(src)...)
	}
	return lintCatalog(src, c, false)
}

// lintCatalog runs check-content's checks on a loaded course; located
// names each file by its path in the course directory (for serve -dev's
// band).
func lintCatalog(src contentSource, c *course.Catalog, located bool) []error {
	var problems []error
	problems = append(problems, c.CheckExerciseLinks()...)
	problems = append(problems, course.CheckFrenchSpaces(src.lessons)...)
	problems = append(problems, course.CheckFrenchExerciseSpaces(src.exercises)...)
	settings, err := exercise.ReadCourse(src.exercises)
	if err != nil {
		return append(problems, err)
	}
	problems = append(problems, exercise.Lint(c.Exercises(), settings)...)
	// Live exercises: each solution is replayed against the gift server.
	problems = append(problems, replay.Lint(context.Background(), c.Exercises())...)
	// Server exercises: the bundled gift server is their solution.
	problems = append(problems, servercheck.Lint(context.Background(), c.Exercises())...)
	// Client exercises: the reference client is their solution.
	problems = append(problems, clientcheck.Lint(context.Background(), c.Exercises())...)
	if located {
		for i, e := range problems {
			problems[i] = errors.New(locateProblem(e, ""))
		}
	}
	return problems
}

// lintLoaded runs the checks on the exercises whose own file loaded
// without a problem, when some other file has one: a YAML error in one file
// does not hide the problems of the others. Concepts are left out: they
// need the whole set of exercises.
func lintLoaded(src contentSource) []error {
	r := markdown.New()
	var (
		lessonExists func(string) bool
		anchors      courselink.Checker
	)
	if lessons, err := course.LoadLessons(src.lessons, r); err == nil {
		lessonExists, anchors.Anchor = lessons.HasLesson, lessons.HasAnchor
	}
	exs, _ := exercise.LoadEach(src.exercises, r, lessonExists)
	settings, err := exercise.ReadCourse(src.exercises)
	if err != nil {
		return []error{err}
	}
	settings.Concepts = nil
	problems := course.CheckFrenchSpaces(src.lessons)
	problems = append(problems, course.CheckFrenchExerciseSpaces(src.exercises)...)
	if anchors.Anchor != nil {
		for _, ex := range exs {
			problems = append(problems, ex.CheckLinks(anchors)...)
		}
	}
	problems = append(problems, exercise.Lint(exs, settings)...)
	problems = append(problems, replay.Lint(context.Background(), exs)...)
	problems = append(problems, servercheck.Lint(context.Background(), exs)...)
	return append(problems, clientcheck.Lint(context.Background(), exs)...)
}

// locateProblem names files from the course directory, so that an editor or
// a CI log can jump to them: lessons live in en/ and fr/, exercises at the
// root of exercises/.
func locateProblem(err error, dir string) string {
	var fe *frontmatter.Error
	if !errors.As(err, &fe) || fe.File == "" {
		return err.Error()
	}
	sub := "exercises"
	if strings.Contains(fe.File, "/") {
		sub = "lessons"
	}
	file := path.Join(sub, fe.File)
	if dir != "" {
		own := filepath.Join(dir, filepath.FromSlash(file))
		if _, err := os.Stat(own); err == nil {
			file = own
		} else {
			// -content-mode extend: a problem of the bundled course.
			file = "(bundled) " + file
		}
	}
	located := *fe
	located.File = file
	return located.Error()
}

// unjoin flattens errors.Join trees into one error per line.
func unjoin(err error) []error {
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		var out []error
		for _, e := range j.Unwrap() {
			out = append(out, unjoin(e)...)
		}
		return out
	}
	if err == nil {
		return nil
	}
	return []error{err}
}
