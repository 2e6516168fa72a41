package main

import (
	"errors"
	"fmt"

	"github.com/mcpplayground/playground/internal/exercise"
	"github.com/mcpplayground/playground/internal/markdown"
)

// exercisesOfKind returns the course's exercises of one kind, in course
// order: all of them, or the one named id. The course is the bundled one,
// or content's where it is set. check-server and check-client run them.
func exercisesOfKind(content string, kind exercise.Kind, id string) ([]*exercise.Exercise, error) {
	src, err := newContentSource(content, contentReplace)
	if err != nil {
		return nil, err
	}
	cat, err := src.load(markdown.New())
	if err != nil {
		return nil, fmt.Errorf("load the course: %w", err)
	}
	var out []*exercise.Exercise
	for _, ex := range cat.Exercises() {
		if ex.Kind == kind && (id == "" || ex.ID == id) {
			out = append(out, ex)
		}
	}
	if len(out) == 0 {
		if id != "" {
			return nil, fmt.Errorf("no %s exercise %q", kind, id)
		}
		return nil, errors.New("the course has no " + string(kind) + " exercise")
	}
	return out, nil
}
