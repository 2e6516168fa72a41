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
	"slices"
	"strings"
	"sync"

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
	problems = append(problems, lintExercises(c.Exercises(), settings)...)
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
	return append(problems, lintExercises(exs, settings)...)
}

// lintExercises runs the exercises' own checks, then runs them: live
// exercises' solutions are replayed against the gift server, server
// exercises run against the bundled gift server (their solution), client
// exercises against the reference client (theirs). The runs spend most of
// their time waiting on the gift server's clock (the slow tool's steps, a
// step's timeout), so the four run side by side; their problems are listed
// in this order all the same.
func lintExercises(exs []*exercise.Exercise, settings exercise.Course) []error {
	ctx := context.Background()
	lints := []func() []error{
		func() []error { return exercise.Lint(exs, settings) },
		func() []error { return replay.Lint(ctx, exs) },
		func() []error { return servercheck.Lint(ctx, exs) },
		func() []error { return clientcheck.Lint(ctx, exs) },
	}
	found := make([][]error, len(lints))
	var wg sync.WaitGroup
	for i, lint := range lints {
		wg.Go(func() { found[i] = lint() })
	}
	wg.Wait()
	return slices.Concat(found...)
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
