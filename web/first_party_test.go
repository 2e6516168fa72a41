package web

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/mcpplayground/playground/internal/exercise"
)

func (e *testEnv) learnerCount(t *testing.T) int {
	t.Helper()
	ls, err := e.store.Learners(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return len(ls)
}

// TestNoLearnerWithoutFirstParty creates a learner only for a request from
// one of the playground's pages: a script posting without cookies or
// browser headers gets a 403 that says what to do, and no row.
func TestNoLearnerWithoutFirstParty(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t, Config{})
	ex := e.exerciseOfKind(t, exercise.KindFix)
	body := `{"answer": ` + jsonString(ex.Starter) + `}`
	cases := []struct {
		name    string
		hdr     []string
		want    int
		created bool
	}{
		{"script, no browser header", []string{"Sec-Fetch-Site", ""}, http.StatusForbidden, false},
		{"browser, same origin", []string{"Sec-Fetch-Site", "same-origin"}, http.StatusOK, true},
		{"older browser, own Origin", []string{"Origin", "http://example.com"}, http.StatusOK, true},
		{"Origin of another host", []string{"Origin", "http://evil.example"}, http.StatusForbidden, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			before := e.learnerCount(t)
			hdr := append([]string{"Content-Type", "application/json"}, c.hdr...)
			rec := e.do(t, "POST", "/api/exercises/"+ex.ID+"/attempts", strings.NewReader(body), hdr...)
			if rec.Code != c.want {
				t.Fatalf("status %d %s, want %d", rec.Code, rec.Body, c.want)
			}
			if got := e.learnerCount(t) - before; got != map[bool]int{true: 1}[c.created] {
				t.Errorf("%d learners created", got)
			}
		})
	}
	rec := e.do(t, "POST", "/fr/lessons/json-rpc/read", nil, "Sec-Fetch-Site", "")
	if rec.Code == http.StatusOK || rec.Code == http.StatusNoContent {
		t.Errorf("a script's lesson-read beacon got %d", rec.Code)
	}
}

// TestLearnerCreationIsRateLimited bounds one address's new learners: past
// the burst, 429 with Retry-After and no row.
func TestLearnerCreationIsRateLimited(t *testing.T) {
	e := newTestEnv(t, Config{LearnerCreationLimit: RateLimit{PerSecond: 0.001, Burst: 3}})
	var codes []int
	for range 5 {
		rec := e.do(t, "POST", "/api/lessons/json-rpc/read", nil)
		codes = append(codes, rec.Code)
		if rec.Code == http.StatusTooManyRequests && rec.Header().Get("Retry-After") == "" {
			t.Error("429 without Retry-After")
		}
	}
	want := []int{204, 204, 204, 429, 429}
	for i := range want {
		if codes[i] != want[i] {
			t.Fatalf("statuses %v, want %v", codes, want)
		}
	}
	if n := e.learnerCount(t); n != 3 {
		t.Errorf("%d learners, want 3", n)
	}
}
