package web

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/mcpplayground/playground/internal/course"
	"github.com/mcpplayground/playground/internal/exercise"
	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/internal/store"
	"github.com/mcpplayground/playground/internal/testing/e2etest"
	"github.com/mcpplayground/playground/web/pagevm"
	"github.com/mcpplayground/playground/web/view"
)

// liveServer is the real server on a real socket over a database file, so
// a test can stop it and start it again on the same address and database.
type liveServer struct {
	addr  string
	srv   *http.Server
	store *store.Store
	done  chan struct{}
}

func startLiveServer(t *testing.T, cat *course.Catalog, dbPath, addr string) *liveServer {
	t.Helper()
	st, err := store.Open(context.Background(), dbPath)
	if err != nil {
		t.Fatal(err)
	}
	s, err := New(Config{Logger: quietLogger()}, Deps{Store: st, Content: course.Static(cat)})
	if err != nil {
		t.Fatal(err)
	}
	// The previous server's listener is closed when stop returns, and Go
	// listens with SO_REUSEADDR, so its address is free again at once.
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		t.Fatalf("listen on %s: %v", addr, err)
	}
	ls := &liveServer{addr: ln.Addr().String(), srv: &http.Server{Handler: s.Handler()}, store: st, done: make(chan struct{})}
	go func() {
		defer close(ls.done)
		_ = ls.srv.Serve(ln)
	}()
	return ls
}

func (ls *liveServer) url() string { return "http://" + ls.addr }

func (ls *liveServer) stop(t *testing.T) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_ = ls.srv.Shutdown(ctx)
	<-ls.done
	if err := ls.store.Close(); err != nil {
		t.Errorf("close store: %v", err)
	}
}

// A student solves a "fix" exercise in a real browser: reads the lesson,
// sends the broken message with Ctrl+Enter, sees the problem marked at the
// right line, opens a hint, fixes the message, passes, and after the server
// restarts still sees the exercise passed and the lesson read.
func TestE2EExerciseSolvedAndKeptAcrossRestart(t *testing.T) {
	t.Parallel()
	ctx := e2etest.Browser(t)
	e := newTestEnv(t, Config{}) // for the catalog
	failOnJSErrors(t, ctx)
	dbPath := filepath.Join(t.TempDir(), "e2e.db")
	srv := startLiveServer(t, e.catalog, dbPath, "127.0.0.1:0")
	x := &exerciseVisit{t: t, ctx: ctx, base: srv.url(), ex: e.exerciseOfKind(t, exercise.KindFix),
		shots: os.Getenv("PLAYGROUND_E2E_SHOTS")} // a directory for screenshots, when debugging
	x.readLesson()
	first := x.sendStarter()
	x.goToProblemAndOpenHint(first)
	x.checkTabIndents()
	x.sendFix()

	// The server restarts; the progress is still there.
	srv.stop(t)
	srv = startLiveServer(t, e.catalog, dbPath, srv.addr)
	defer srv.stop(t)
	x.checkProgressKept()
}

// failOnJSErrors fails the test, at its end, for every exception thrown
// on a page.
func failOnJSErrors(t *testing.T, ctx context.Context) {
	var mu sync.Mutex
	var jsErrors []string
	if err := chromedp.Listen(ctx, func(ev any) {
		if ev, ok := ev.(*runtime.EventExceptionThrown); ok {
			mu.Lock()
			d := ev.ExceptionDetails
			msg := d.Text
			if d.Exception != nil {
				msg += " " + d.Exception.Description
			}
			jsErrors = append(jsErrors, fmt.Sprintf("%s:%d:%d: %s", d.URL, d.LineNumber+1, d.ColumnNumber+1, msg))
			mu.Unlock()
		}
	}); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		mu.Lock()
		defer mu.Unlock()
		for _, msg := range jsErrors {
			t.Errorf("JavaScript error on a page: %s", msg)
		}
	})
}

// exerciseVisit is a student working on a fix exercise in the browser.
type exerciseVisit struct {
	t     *testing.T
	ctx   context.Context
	base  string
	ex    *exercise.Exercise
	shots string
}

// shot saves a screenshot when PLAYGROUND_E2E_SHOTS names a directory.
func (x *exerciseVisit) shot(name string) {
	if x.shots == "" {
		return
	}
	png := e2etest.Get(x.t, x.ctx, chromedp.FullScreenshot(100))
	_ = os.WriteFile(filepath.Join(x.shots, name+".png"), png, 0o644)
}

// readLesson reads the exercise's lesson to its end, which records it.
func (x *exerciseVisit) readLesson() {
	x.t.Helper()
	e2etest.Do(x.t, x.ctx, "read the exercise's lesson",
		chromedp.Navigate(x.base+"/en/lessons/"+x.ex.Lesson),
		chromedp.WaitVisible(chromedp.CSS("article.lesson")),
		chromedp.ScrollIntoView(chromedp.CSS("article.lesson .pager")),
	)
	e2etest.Wait(x.t, x.ctx, "the lesson page to report the reading",
		`performance.getEntriesByType("resource").some(function (r) { return r.name.indexOf("/api/lessons/`+x.ex.Lesson+`/read") >= 0 && r.responseEnd > 0; })`)
}

// sendStarter sends the broken starter with Ctrl+Enter and checks that the
// first problem is marked where the checker says; it returns that problem.
func (x *exerciseVisit) sendStarter() *view.ProblemVM {
	x.t.Helper()
	want := x.ex.Grade(x.ex.Starter, i18n.EN)
	first := pagevm.Feedback(x.ex, want, x.ex.Starter).First
	if want.Passed || first == nil || first.Line == 0 {
		x.t.Fatalf("the starter of %s should fail at a line: %+v", x.ex.ID, first)
	}
	e2etest.Do(x.t, x.ctx, "open the exercise",
		chromedp.Navigate(x.base+"/en/exercises/"+x.ex.ID),
		chromedp.WaitVisible(chromedp.CSS(".editor.enhanced .editor-gutter div")),
	)
	lines := strings.Count(x.ex.Starter, "\n") + 1
	if n := e2etest.Get(x.t, x.ctx, chromedp.Evaluate[int](`document.querySelectorAll(".editor-gutter div").length`)); n != lines {
		x.t.Errorf("the gutter numbers %d lines, the starter has %d", n, lines)
	}
	e2etest.Do(x.t, x.ctx, "send the starter with Ctrl+Enter",
		chromedp.Focus(chromedp.CSS("#answer")),
		chromedp.KeyEvent("\r", chromedp.KeyModifiers(chromedp.ModifierCtrl)),
		chromedp.WaitVisible(chromedp.CSS("#feedback .fb-fail")),
	)
	x.shot("1-wrong")
	type mark struct {
		Line, Col         int
		Gutter            string
		Backdrop          bool
		Badge, BadgeLabel string
	}
	got := e2etest.Get(x.t, x.ctx, chromedp.Evaluate[mark](`(function () {
		var p = document.querySelector("#feedback .fb-first .problem");
		var line = parseInt(p.dataset.line, 10), col = parseInt(p.dataset.col, 10);
		var g = document.querySelectorAll(".editor-gutter div")[line - 1];
		var m = document.querySelector('.editor-backdrop mark[data-line="' + line + '"][data-col="' + col + '"]');
		var b = document.querySelector("#ex-state .badge");
		return {Line: line, Col: col, Gutter: g ? g.className : "", Backdrop: !!m, Badge: b.dataset.status, BadgeLabel: b.textContent};
	})()`))
	if got.Line != first.Line || got.Col != first.Column {
		x.t.Errorf("first problem shown at %d:%d, the checker says %d:%d", got.Line, got.Col, first.Line, first.Column)
	}
	if got.Gutter != "mark-"+first.Severity || !got.Backdrop {
		x.t.Errorf("line %d is not marked in the editor: gutter class %q, backdrop mark %v", got.Line, got.Gutter, got.Backdrop)
	}
	if got.Badge != "failed" {
		x.t.Errorf("status after a wrong answer = %q", got.Badge)
	}
	return first
}

// goToProblemAndOpenHint: "Line N, column M" puts the caret there, and a
// hint opens without reloading.
func (x *exerciseVisit) goToProblemAndOpenHint(first *view.ProblemVM) {
	x.t.Helper()
	e2etest.Do(x.t, x.ctx, "go to the problem", chromedp.Click(chromedp.CSS("#feedback .fb-first [data-goto]")))
	caretLine := e2etest.Get(x.t, x.ctx, chromedp.Evaluate[int](`(function () { var ta = document.getElementById("answer"); return ta.value.slice(0, ta.selectionStart).split("\n").length; })()`))
	if caretLine != first.Line {
		x.t.Errorf("after clicking the location the caret is on line %d, want %d", caretLine, first.Line)
	}

	// A hint, without reloading.
	e2etest.Do(x.t, x.ctx, "open the first hint",
		chromedp.Click(chromedp.CSS("[data-hint-button]")),
		chromedp.WaitVisible(chromedp.CSS(`.hint[data-hint="1"]`)),
	)
}

// checkTabIndents: Tab indents inside the editor and keeps the focus there.
func (x *exerciseVisit) checkTabIndents() {
	x.t.Helper()
	before := e2etest.Get(x.t, x.ctx, chromedp.Evaluate[string](`document.getElementById("answer").value`))
	e2etest.Do(x.t, x.ctx, "press Tab at the start",
		chromedp.Evaluate[chromedp.Void](`(function () { var ta = document.getElementById("answer"); ta.focus(); ta.setSelectionRange(0, 0); })()`),
		chromedp.KeyEvent("\t"),
	)
	after := e2etest.Get(x.t, x.ctx, chromedp.Evaluate[string](`document.getElementById("answer").value`))
	if after != "  "+before {
		x.t.Errorf("Tab did not indent: %q", after[:min(len(after), 20)])
	}
	if focused := e2etest.Get(x.t, x.ctx, chromedp.Evaluate[string](`document.activeElement.id`)); focused != "answer" {
		x.t.Errorf("Tab left the editor (focus on %q)", focused)
	}
}

// sendFix sends the fixed message with the button: it passes, and the
// marks are gone.
func (x *exerciseVisit) sendFix() {
	x.t.Helper()
	e2etest.Do(x.t, x.ctx, "write the fixed message and check it",
		chromedp.SetValue(chromedp.CSS("#answer"), x.ex.Solutions[0]),
		chromedp.Evaluate[chromedp.Void](`document.getElementById("answer").dispatchEvent(new Event("input"))`),
		chromedp.Click(chromedp.CSS("[data-submit]")),
		chromedp.WaitVisible(chromedp.CSS("#feedback .fb-pass")),
		chromedp.WaitVisible(chromedp.CSS("#solution [data-unlocked]")),
	)
	x.shot("2-passed")
	if n := e2etest.Get(x.t, x.ctx, chromedp.Evaluate[int](`document.querySelectorAll(".editor-backdrop mark, .editor-gutter .mark-error").length`)); n != 0 {
		x.t.Errorf("%d marks left after a pass", n)
	}
	if st := e2etest.Get(x.t, x.ctx, chromedp.Evaluate[string](`document.querySelector("#ex-state .badge").dataset.status`)); st != "passed" {
		x.t.Errorf("status after the fix = %q", st)
	}
}

// checkProgressKept: the progress page shows the exercise passed, the
// lesson read and a resume code.
func (x *exerciseVisit) checkProgressKept() {
	x.t.Helper()
	e2etest.Do(x.t, x.ctx, "open the progress page after the restart",
		chromedp.Navigate(x.base+"/en/progress"),
		chromedp.WaitVisible(chromedp.CSS(".pg-lessons")),
	)
	x.shot("3-progress")
	type progressSeen struct {
		Status, Code string
		LessonRead   bool
	}
	seen := e2etest.Get(x.t, x.ctx, chromedp.Evaluate[progressSeen](fmt.Sprintf(`(function () {
		var row = document.querySelector('.ex-row[data-exercise="%s"]');
		var lesson = document.querySelector('.pg-lesson[data-lesson="/en/lessons/%s"]');
		var code = document.querySelector("[data-resume-code]");
		return {Status: row ? row.dataset.status : "", Code: code ? code.textContent : "",
			LessonRead: !!(lesson && lesson.querySelector(".badge-done"))};
	})()`, x.ex.ID, x.ex.Lesson)))
	if seen.Status != "passed" || seen.Code == "" || !seen.LessonRead {
		x.t.Errorf("after the restart the progress page shows %+v, want the exercise passed, the lesson read and a resume code", seen)
	}
}
