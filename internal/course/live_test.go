package course

import (
	"errors"
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

// Under serve -dev, whatever is saved (a file the reader cannot take, or a
// reader that panics) leaves the last good course served, and the error
// for the instructor.
func TestReloadKeepsTheLastGoodCourseWhateverIsSaved(t *testing.T) {
	good := &Catalog{}
	calls := 0
	lv, err := NewLive(func() (*Catalog, error) {
		calls++
		switch calls {
		case 1:
			return good, nil
		case 2:
			panic("a reader's bug")
		}
		return nil, errors.New("lessons/en/01-a.md:6: front matter: a tag (!name) needs a value after it")
	})
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 2; i++ {
		if err := lv.Reload(); err == nil {
			t.Fatalf("reload %d: no error", i+2)
		}
		if lv.Catalog() != good {
			t.Fatalf("reload %d replaced the last good course", i+2)
		}
		if lv.Err() == nil {
			t.Fatalf("reload %d: the error is not kept for the instructor", i+2)
		}
	}
}
