package main

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/mcpplayground/playground/exercises"
	"github.com/mcpplayground/playground/internal/course"
	"github.com/mcpplayground/playground/internal/markdown"
	"github.com/mcpplayground/playground/lessons"
)

// contentSource says where lessons and exercises come from: the embedded
// course, or an instructor's directory holding lessons/ and exercises/.
type contentSource struct {
	dir       string // "" for the embedded course
	lessons   fs.FS
	exercises fs.FS
}

func newContentSource(dir string) (contentSource, error) {
	if dir == "" {
		return contentSource{lessons: lessons.FS, exercises: exercises.FS}, nil
	}
	if _, err := os.Stat(filepath.Join(dir, "lessons")); err != nil {
		return contentSource{}, fmt.Errorf("content directory %s: expected a lessons/ folder inside: %w", dir, err)
	}
	return contentSource{
		dir:       dir,
		lessons:   os.DirFS(filepath.Join(dir, "lessons")),
		exercises: os.DirFS(filepath.Join(dir, "exercises")),
	}, nil
}

// root is what -dev watches for changes.
func (cs contentSource) root() fs.FS {
	if cs.dir == "" {
		return nil
	}
	return os.DirFS(cs.dir)
}

// load reads and validates the whole course.
func (cs contentSource) load(r *markdown.Renderer) (*course.Catalog, error) {
	return course.Load(cs.lessons, cs.exercises, r)
}
