package web

import (
	"bytes"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"syscall"
	"testing"

	"github.com/mcpplayground/playground/internal/exercise"
	"github.com/mcpplayground/playground/internal/testing/clienttest"
)

// An export that reads fewer attempts than the table holds fails: here a
// row the export's paging cannot reach (an id below 1) stands for the rows
// a damaged table hides. Before it the download succeeds in full.
func TestAttemptsExportThatCannotReadEveryRowFails(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t, Config{}, asWorkshop())
	base := e.serve(t)
	learner := newBrowser(t, base)
	client := clienttest.Own(t)
	ex := e.exerciseOfKind(t, exercise.KindFix)
	for range 3 {
		learner.attempt(ex.ID, ex.Starter)
	}
	get := func() (int, string, error) {
		req, _ := http.NewRequest("GET", base+"/instructor/attempts.jsonl", nil)
		req.Header.Set("Authorization", "Bearer "+testToken)
		resp, err := client.Do(req)
		if err != nil {
			return 0, "", err
		}
		defer resp.Body.Close()
		b, err := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b), err
	}
	code, body, err := get()
	if err != nil || code != http.StatusOK || strings.Count(body, "\n") != 3 {
		t.Fatalf("sound export = %d, %d lines, %v; want 200 with 3", code, strings.Count(body, "\n"), err)
	}
	e.behindTheStore(t, "INSERT INTO attempts(id, learner_id, exercise_id, answer, passed, created_at) SELECT -1, min(id), '"+ex.ID+"', 'raw', 0, 0 FROM learners")
	code, body, err = get()
	if err == nil && code == http.StatusOK {
		t.Errorf("short export answered a clean 200 with %d lines", strings.Count(body, "\n"))
	}
}

// brokenPipe is a client that went away: every write fails as a closed
// connection's does.
type brokenPipe struct{ h http.Header }

func (b *brokenPipe) Header() http.Header { return b.h }
func (b *brokenPipe) Write([]byte) (int, error) {
	return 0, &net.OpError{Op: "write", Net: "tcp", Err: os.NewSyscallError("write", syscall.EPIPE)}
}
func (b *brokenPipe) WriteHeader(int) {}
func (b *brokenPipe) Flush()          {}

// An export whose client went away is the client's failure: an INFO line
// that says so, no ERROR and no 500 written; a database that cannot read
// every row is still an ERROR.
func TestExportAbandonedByTheClientIsNotAnError(t *testing.T) {
	t.Parallel()
	var logs bytes.Buffer
	e := newTestEnv(t, Config{Logger: slog.New(slog.NewTextHandler(&logs, nil))}, asWorkshop())
	base := e.serve(t)
	learner := newBrowser(t, base)
	ex := e.exerciseOfKind(t, exercise.KindFix)
	learner.attempt(ex.ID, ex.Starter)
	for _, path := range []string{"/instructor/attempts.jsonl", "/instructor/export.csv", "/instructor/gradebook.csv"} {
		t.Run(path, func(t *testing.T) {
			logs.Reset()
			req := httptest.NewRequest("GET", path, nil)
			req.Header.Set("Authorization", "Bearer "+testToken)
			e.h.ServeHTTP(&brokenPipe{h: http.Header{}}, req)
			out := logs.String()
			if strings.Contains(out, "level=ERROR") || !strings.Contains(out, "the client went away") {
				t.Errorf("a client gone mid-export logged:\n%s\nwant an INFO line that the client went away, no ERROR", out)
			}
		})
	}
	logs.Reset()
	e.behindTheStore(t, "INSERT INTO attempts(id, learner_id, exercise_id, answer, passed, created_at) SELECT -1, min(id), '"+ex.ID+"', 'raw', 0, 0 FROM learners")
	req, _ := http.NewRequest("GET", base+"/instructor/attempts.jsonl", nil)
	req.Header.Set("Authorization", "Bearer "+testToken)
	if resp, err := clienttest.Own(t).Do(req); err == nil {
		_, _ = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
	}
	if !strings.Contains(logs.String(), "level=ERROR") {
		t.Errorf("a short read of the attempts logged no ERROR:\n%s", logs.String())
	}
}
