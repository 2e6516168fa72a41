package main

import (
	"bytes"
	"io"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/mcpplayground/playground/exercises"
	"github.com/mcpplayground/playground/lessons"
)

// syncBuffer is a log destination the test reads while the server writes,
// and waits on: every write wakes the waiters.
type syncBuffer struct {
	mu      sync.Mutex
	b       bytes.Buffer
	written chan struct{} // closed at the next write; nil when nobody waits
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.written != nil {
		close(s.written)
		s.written = nil
	}
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// waitCount blocks until the log holds sub at least n times; the test's
// own deadline (go test -timeout) bounds the wait.
func (s *syncBuffer) waitCount(t *testing.T, sub string, n int) {
	t.Helper()
	for {
		s.mu.Lock()
		if strings.Count(s.b.String(), sub) >= n {
			s.mu.Unlock()
			return
		}
		if s.written == nil {
			s.written = make(chan struct{})
		}
		written := s.written
		s.mu.Unlock()
		select {
		case <-written:
		case <-t.Context().Done():
			t.Fatalf("the log never held %q %d times:\n%s", sub, n, s.String())
		}
	}
}

// replaceFile saves b as path the way editors do, by renaming a complete
// temporary file over it, so the watcher never sees half a file.
func replaceFile(t *testing.T, path string, b []byte) {
	t.Helper()
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, b, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(tmp, path); err != nil {
		t.Fatal(err)
	}
}

// copyContent writes the bundled course to dir, as an instructor's own
// course directory would be.
func copyContent(t *testing.T, dir string) {
	t.Helper()
	for sub, fsys := range map[string]fs.FS{"lessons": lessons.FS, "exercises": exercises.FS} {
		err := fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || strings.HasSuffix(p, ".go") {
				return err
			}
			b, err := fs.ReadFile(fsys, p)
			if err != nil {
				return err
			}
			dest := filepath.Join(dir, sub, p)
			if err := os.MkdirAll(filepath.Dir(dest), 0o755); err != nil {
				return err
			}
			return os.WriteFile(dest, b, 0o644)
		})
		if err != nil {
			t.Fatal(err)
		}
	}
}

// The authoring loop: "playground -content DIR -dev" serves the
// instructor's files, shows an edit on the next request without a restart,
// shows a broken file's error on the pages while still serving the last
// good version, and clears the error once the file is fixed.
func TestServeDevReloadsContent(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	copyContent(t, dir)
	lesson := filepath.Join(dir, "lessons", "en", "02-requests.md")
	original, err := os.ReadFile(lesson)
	if err != nil {
		t.Fatal(err)
	}

	p := startServe(t, serveConfig{
		addr: "127.0.0.1:0", db: filepath.Join(t.TempDir(), "dev.db"), content: dir, dev: true,
		instructorToken: "tok",
	})
	get := func(path string) string {
		resp, err := http.Get(p.base + path)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return string(b)
	}
	const reloaded, failed = "content reloaded", "content reload failed"

	if body := get("/en/lessons/requests"); !strings.Contains(body, "Requests: asking the other side to act") || strings.Contains(body, `class="content-error"`) {
		t.Fatalf("the copied course is not served as is")
	}

	edited := strings.Replace(string(original), `title: "Requests: asking the other side to act"`, `title: "Requests, rewritten by the instructor"`, 1)
	replaceFile(t, lesson, []byte(edited))
	p.logs.waitCount(t, reloaded, 1)
	if b := get("/en/lessons/requests"); !strings.Contains(b, "Requests, rewritten by the instructor") {
		t.Error("after the reload, the lesson page does not show the edited title")
	}

	broken := strings.Replace(edited, "order: 2\n", "order: two\n", 1)
	replaceFile(t, lesson, []byte(broken))
	p.logs.waitCount(t, failed, 1)
	body := get("/en/")
	if !strings.Contains(body, `class="content-error"`) || !strings.Contains(body, "02-requests.md") {
		t.Errorf("the content error does not name the file:\n%s", body)
	}
	if b := get("/en/lessons/requests"); !strings.Contains(b, "Requests, rewritten by the instructor") || !strings.Contains(b, `class="content-error"`) {
		t.Error("while the file is broken, the lesson page should keep the last good version and show the error")
	}

	replaceFile(t, lesson, original)
	p.logs.waitCount(t, reloaded, 2)
	if b := get("/en/lessons/requests"); !strings.Contains(b, "Requests: asking the other side to act") || strings.Contains(b, `class="content-error"`) {
		t.Error("once the file is fixed, the lesson page should show it without the content error")
	}
	if n := strings.Count(p.logs.String(), failed); n != 1 {
		t.Errorf("%d failed reloads in the log, want 1 (the broken file):\n%s", n, p.logs.String())
	}
}

// serve -dev shows check-content's problems in its band, not only what
// stops the content from loading: a wrong answer that now passes is named
// with its file and line, and the band goes once it is fixed.
func TestServeDevShowsCheckContentProblems(t *testing.T) {
	t.Parallel()
	skipCourseLintInShort(t)
	dir := t.TempDir()
	copyContent(t, dir)
	file := filepath.Join(dir, "exercises", "errors-reply-unknown-method.md")
	original, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	p := startServe(t, serveConfig{
		addr: "127.0.0.1:0", db: filepath.Join(t.TempDir(), "dev.db"), content: dir, dev: true,
		instructorToken: "tok",
	})
	get := func(path string) string {
		resp, err := http.Get(p.base + path)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return string(b)
	}
	const checked = "content checked"
	p.logs.waitCount(t, checked, 1)
	if body := get("/en/"); strings.Contains(body, `class="content-error"`) {
		t.Fatalf("the bundled course shows a band:\n%s", body)
	}

	// The author's wrong answer "-32602" now passes: the check wants it.
	broken := strings.Replace(string(original), "  - equals: -32601\n", "  - equals: -32602\n", 1)
	replaceFile(t, file, []byte(broken))
	p.logs.waitCount(t, checked, 2)
	body := get("/en/")
	if !strings.Contains(body, `class="content-error"`) || !strings.Contains(body, "exercises/errors-reply-unknown-method.md:") || !strings.Contains(body, "this wrong answer passes every check") {
		t.Errorf("the band does not show check-content's problem:\n%s", body)
	}

	replaceFile(t, file, original)
	p.logs.waitCount(t, checked, 3)
	if body := get("/en/"); strings.Contains(body, `class="content-error"`) {
		t.Error("once fixed, the band is still shown")
	}
}
