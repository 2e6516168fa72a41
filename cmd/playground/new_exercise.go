package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/mcpplayground/playground/exercises"
	"github.com/mcpplayground/playground/internal/course"
	"github.com/mcpplayground/playground/internal/exercise"
	"github.com/mcpplayground/playground/internal/markdown"
)

// newKinds are the kinds "new exercise" writes: every kind of the
// registry, each from its own template (internal/exercise/templates).
func newKinds() []string {
	var out []string
	for _, k := range exercise.Kinds {
		if _, ok := k.Template("", "", 0); ok {
			out = append(out, string(k))
		}
	}
	return out
}

func newExercise(dir, id, kind, lesson string) ([]string, error) {
	if _, ok := exercise.Kind(kind).Template(id, lesson, 0); !ok {
		return nil, fmt.Errorf("-kind %q: give one of %s", kind, strings.Join(newKinds(), ", "))
	}
	src := course.Extend(exercises.FS, os.DirFS(filepath.Join(dir, "exercises")), false)
	c, err := course.Load(extendedLessons(dir), src, markdown.New())
	if err != nil {
		return nil, fmt.Errorf("the course does not load: %w", err)
	}
	if !c.HasLesson(lesson) {
		return nil, fmt.Errorf("-lesson %q: no such lesson in the course (new lesson writes one)", lesson)
	}
	if _, ok := c.Exercise(id); ok {
		return nil, fmt.Errorf("an exercise %q exists already", id)
	}
	order := 1
	for _, ex := range c.ExercisesFor(lesson) {
		order = max(order, ex.Order+1)
	}
	text, _ := exercise.Kind(kind).Template(id, lesson, order)
	p := filepath.Join(dir, "exercises", id+".md")
	if err := writeNew(p, text); err != nil {
		return nil, err
	}
	return []string{p}, nil
}
