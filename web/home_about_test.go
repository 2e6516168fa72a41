package web

import (
	"context"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/mcpplayground/playground/exercises"
	"github.com/mcpplayground/playground/internal/course"
	"github.com/mcpplayground/playground/internal/markdown"
	"github.com/mcpplayground/playground/internal/store"
	"github.com/mcpplayground/playground/lessons"
)

// The home page's title and introduction come from the content's
// lessons/course.yaml when it has them.
func TestHomeTitleAndIntroFromTheContent(t *testing.T) {
	t.Parallel()
	own := fstest.MapFS{"course.yaml": {Data: []byte("title:\n  en: Protocols 101 <b>\nintro:\n  en: Our own words, week by week.\n")}}
	cat, err := course.Load(course.Extend(lessons.FS, own, true), exercises.FS, markdown.New())
	if err != nil {
		t.Fatal(err)
	}
	st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "p.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	srv, err := New(Config{Logger: quietLogger()}, Deps{Store: st, Content: course.Static(cat)})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(srv.Close)
	e := &testEnv{srv: srv, h: srv.Handler(), catalog: cat, store: st}
	for lang, want := range map[string][]string{
		"en": {"<h1>Protocols 101 &lt;b&gt;</h1>", "Our own words, week by week.", "<title>Protocols 101 &lt;b&gt;"},
		"fr": {"<h1>Le cours</h1>", "leçons"},
	} {
		r := e.do(t, "GET", "/"+lang+"/", nil)
		if r.Code != http.StatusOK {
			t.Fatalf("/%s/ = %d", lang, r.Code)
		}
		for _, w := range want {
			if !strings.Contains(r.Body.String(), w) {
				t.Errorf("/%s/ lacks %q", lang, w)
			}
		}
	}
}
