package web

import (
	"context"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/mcpplayground/playground/internal/exercise"
)

// An export that reads fewer attempts than the table holds fails: here a
// row the export's paging cannot reach (an id below 1) stands for the rows
// a damaged table hides. Before it the download succeeds in full.
func TestAttemptsExportThatCannotReadEveryRowFails(t *testing.T) {
	e := newTestEnv(t, Config{}, asWorkshop())
	base := e.serve(t)
	learner := newBrowser(t, base)
	ex := e.exerciseOfKind(t, exercise.KindFix)
	for range 3 {
		learner.attempt(ex.ID, ex.Starter)
	}
	get := func() (int, string, error) {
		req, _ := http.NewRequest("GET", base+"/instructor/attempts.jsonl", nil)
		req.Header.Set("Authorization", "Bearer "+testToken)
		resp, err := http.DefaultClient.Do(req)
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
	if err := e.store.InsertRawAttemptForTest(context.Background(), -1, ex.ID); err != nil {
		t.Fatal(err)
	}
	code, body, err = get()
	if err == nil && code == http.StatusOK {
		t.Errorf("short export answered a clean 200 with %d lines", strings.Count(body, "\n"))
	}
}
