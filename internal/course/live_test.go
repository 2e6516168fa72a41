package course

import (
	"testing"
	"testing/fstest"
	"time"
)

// A save that goes through a temporary file, or an editor's swap file
// appearing beside a lesson, does not change the content's fingerprint:
// only the files the loader reads do.
func TestFingerprintSeesOnlyContentFiles(t *testing.T) {
	mod := time.Date(2026, 12, 2, 0, 0, 0, 0, time.UTC)
	base := fstest.MapFS{
		"lessons/en/01-intro.md": {Data: []byte("# one"), ModTime: mod},
		"lessons/course.yaml":    {Data: []byte("title: x"), ModTime: mod},
	}
	with := func(name string, data string) fstest.MapFS {
		m := fstest.MapFS{}
		for k, v := range base {
			m[k] = v
		}
		m[name] = &fstest.MapFile{Data: []byte(data), ModTime: mod.Add(time.Second)}
		return m
	}
	want := fingerprint(base)
	for _, name := range []string{
		"lessons/en/01-intro.md.tmp", "lessons/en/.01-intro.md.swp", "lessons/en/.#01-intro.md",
		"lessons/en/#01-intro.md#", "lessons/en/01-intro.md~", "lessons/en/4913", "exercises/.DS_Store",
	} {
		if fingerprint(with(name, "draft")) != want {
			t.Errorf("%s changes the fingerprint: a save through it would reload twice", name)
		}
	}
	for _, name := range []string{"lessons/en/01-intro.md", "lessons/en/02-new.md", "exercises/x.md", "lessons/course.yaml"} {
		if fingerprint(with(name, "changed content")) == want {
			t.Errorf("%s changed, and the fingerprint did not", name)
		}
	}
}
