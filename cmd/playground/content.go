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
// course, an instructor's directory holding lessons/ and exercises/ that
// replaces it, or one that extends it (contentExtend).
type contentSource struct {
	dir       string // "" for the embedded course
	lessons   fs.FS
	exercises fs.FS
}

// The -content-mode values: an instructor's directory replaces the bundled
// course (the default), or extends it, adding lessons and exercises and
// replacing those of the same slug or id.
const (
	contentReplace = "replace"
	contentExtend  = "extend"
)

// contentModeHelp is the -content-mode flag's help, the same everywhere.
const contentModeHelp = `"replace": -content DIR is the whole course; "extend": DIR adds lessons and exercises to the bundled course, replacing those with the same slug or id`

func newContentSource(dir, mode string) (contentSource, error) {
	switch mode {
	case "", contentReplace, contentExtend:
	default:
		return contentSource{}, fmt.Errorf("-content-mode %q: choose %s or %s", mode, contentReplace, contentExtend)
	}
	if dir == "" {
		return contentSource{lessons: lessons.FS, exercises: exercises.FS}, nil
	}
	if mode == contentExtend {
		return extendedSource(dir)
	}
	if _, err := os.Stat(filepath.Join(dir, "lessons")); err != nil {
		return contentSource{}, fmt.Errorf("content directory %s: expected a lessons/ folder inside (or -content-mode extend, to add to the bundled course): %w", dir, err)
	}
	return contentSource{
		dir:       dir,
		lessons:   os.DirFS(filepath.Join(dir, "lessons")),
		exercises: os.DirFS(filepath.Join(dir, "exercises")),
	}, nil
}

// extendedSource is the bundled course extended by dir's lessons/ and
// exercises/, either of which may be missing (not both).
func extendedSource(dir string) (contentSource, error) {
	cs := contentSource{dir: dir, lessons: lessons.FS, exercises: exercises.FS}
	found := false
	for sub, target := range map[string]*fs.FS{"lessons": &cs.lessons, "exercises": &cs.exercises} {
		if st, err := os.Stat(filepath.Join(dir, sub)); err == nil && st.IsDir() {
			*target = course.Extend(*target, os.DirFS(filepath.Join(dir, sub)), sub == "lessons")
			found = true
		}
	}
	if !found {
		return contentSource{}, fmt.Errorf("content directory %s: expected a lessons/ or an exercises/ folder inside, to extend the bundled course with", dir)
	}
	return cs, nil
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
