package main

import (
	"bytes"
	"context"
	"io"
	"io/fs"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mcpplayground/playground/exercises"
	"github.com/mcpplayground/playground/lessons"
)

// syncBuffer is a log destination the test reads while the server writes.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
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
	dir := t.TempDir()
	copyContent(t, dir)
	lesson := filepath.Join(dir, "lessons", "en", "02-requests.md")
	original, err := os.ReadFile(lesson)
	if err != nil {
		t.Fatal(err)
	}

	logs := &syncBuffer{}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- serve(ctx, serveConfig{
			addr: "127.0.0.1:0", db: filepath.Join(t.TempDir(), "dev.db"), content: dir, dev: true,
			instructorToken: "tok",
		}, slog.New(slog.NewTextHandler(logs, nil)))
	}()
	defer func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("serve: %v", err)
		}
	}()
	base := ""
	ready := regexp.MustCompile(`msg="MCP Playground is ready" url=(http://[^ ]+)/ `)
	for deadline := time.Now().Add(10 * time.Second); base == "" && time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if m := ready.FindStringSubmatch(logs.String()); m != nil {
			base = m[1]
		}
	}
	if base == "" {
		t.Fatalf("the server did not start:\n%s", logs.String())
	}
	get := func(path string) string {
		resp, err := http.Get(base + path)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return string(b)
	}
	waitFor := func(what, path string, ok func(string) bool) string {
		t.Helper()
		var body string
		for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
			if body = get(path); ok(body) {
				return body
			}
		}
		t.Fatalf("%s: not seen within 10 s on %s", what, path)
		return body
	}

	if body := get("/en/lessons/requests"); !strings.Contains(body, "Requests: asking the other side to act") || strings.Contains(body, `class="content-error"`) {
		t.Fatalf("the copied course is not served as is")
	}

	edited := strings.Replace(string(original), `title: "Requests: asking the other side to act"`, `title: "Requests, rewritten by the instructor"`, 1)
	if err := os.WriteFile(lesson, []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	waitFor("the edited title", "/en/lessons/requests", func(b string) bool { return strings.Contains(b, "Requests, rewritten by the instructor") })

	broken := strings.Replace(edited, "order: 2\n", "order: two\n", 1)
	if err := os.WriteFile(lesson, []byte(broken), 0o644); err != nil {
		t.Fatal(err)
	}
	body := waitFor("the content error", "/en/", func(b string) bool { return strings.Contains(b, `class="content-error"`) })
	if !strings.Contains(body, "02-requests.md") {
		t.Errorf("the content error does not name the file:\n%s", body)
	}
	if b := get("/en/lessons/requests"); !strings.Contains(b, "Requests, rewritten by the instructor") || !strings.Contains(b, `class="content-error"`) {
		t.Error("while the file is broken, the lesson page should keep the last good version and show the error")
	}

	if err := os.WriteFile(lesson, original, 0o644); err != nil {
		t.Fatal(err)
	}
	waitFor("the fixed content", "/en/lessons/requests", func(b string) bool {
		return strings.Contains(b, "Requests: asking the other side to act") && !strings.Contains(b, `class="content-error"`)
	})
	if !strings.Contains(logs.String(), "content reload failed") || !strings.Contains(logs.String(), "content reloaded") {
		t.Errorf("the log does not report the reloads:\n%s", logs.String())
	}
}
