package course

import (
	"errors"
	"io/fs"
	"path"
	"slices"
	"strings"
)

// Extend is the bundled tree base extended by an instructor's tree top: a
// file of top is added, or replaces base's file of the same path (an
// exercise is its id's file; exercises/course.yaml replaces base's whole).
// When lessons is true, a lesson of top also replaces base's lesson of the
// same slug whatever their file names ("json-rpc.md" replaces
// "01-json-rpc.md"), so that an override never makes two lessons of one
// slug.
func Extend(base, top fs.FS, lessons bool) fs.FS {
	return &extended{base: base, top: top, lessons: lessons}
}

type extended struct {
	base, top fs.FS
	lessons   bool
}

func (e *extended) Open(name string) (fs.File, error) {
	f, err := e.top.Open(name)
	if err == nil {
		return f, nil
	}
	if !errors.Is(err, fs.ErrNotExist) {
		return nil, err
	}
	if e.shadowed(name) {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
	}
	return e.base.Open(name)
}

// ReadDir lists both trees' entries, top's first where a name is in both,
// without the base lessons a top lesson replaces.
func (e *extended) ReadDir(name string) ([]fs.DirEntry, error) {
	top, topErr := fs.ReadDir(e.top, name)
	base, baseErr := fs.ReadDir(e.base, name)
	if topErr != nil && baseErr != nil {
		return nil, baseErr
	}
	seen := map[string]bool{}
	out := slices.Clone(top)
	for _, d := range top {
		seen[d.Name()] = true
	}
	for _, d := range base {
		if !seen[d.Name()] && !e.shadowed(path.Join(name, d.Name())) {
			out = append(out, d)
		}
	}
	slices.SortFunc(out, func(a, b fs.DirEntry) int { return strings.Compare(a.Name(), b.Name()) })
	return out, nil
}

// shadowed reports whether base's file name is a lesson that a lesson of
// top with the same slug replaces.
func (e *extended) shadowed(name string) bool {
	if !e.lessons {
		return false
	}
	dir, file := path.Split(name)
	m := fileNameRE.FindStringSubmatch(file)
	if m == nil {
		return false
	}
	top, err := fs.ReadDir(e.top, path.Clean(dir))
	if err != nil {
		return false
	}
	return slices.ContainsFunc(top, func(d fs.DirEntry) bool {
		t := fileNameRE.FindStringSubmatch(d.Name())
		return t != nil && t[1] == m[1] && d.Name() != file
	})
}
