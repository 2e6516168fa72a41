package deploy

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mcpplayground/playground/exercises"
	"github.com/mcpplayground/playground/internal/course"
	"github.com/mcpplayground/playground/internal/exercise"
	"github.com/mcpplayground/playground/internal/markdown"
	"github.com/mcpplayground/playground/internal/store"
	"github.com/mcpplayground/playground/internal/testing/pgtest"
	"github.com/mcpplayground/playground/lessons"
	"github.com/mcpplayground/playground/web"
)

// The same learners doing the same things on SQLite and on PostgreSQL get
// the same dashboard, the same exports and the same progress, byte for
// byte once the clock's readings are blanked.
func TestBothEnginesAgreeOnDashboardExportsAndProgress(t *testing.T) {
	cat, err := course.Load(lessons.FS, exercises.FS, markdown.New())
	if err != nil {
		t.Fatal(err)
	}
	var exs []*exercise.Exercise
	for _, ex := range cat.Exercises() {
		if ex.Kind == exercise.KindFix && len(ex.Solutions) > 0 && len(exs) < 3 {
			exs = append(exs, ex)
		}
	}
	if len(exs) < 2 {
		t.Fatal("the course needs two fix exercises with solutions")
	}
	lite := runRoom(t, cat, exs, filepath.Join(t.TempDir(), "room.db"))
	pg := runRoom(t, cat, exs, pgtest.DSN(t))
	if len(lite) == 0 {
		t.Fatal("nothing read back")
	}
	if diff := cmp.Diff(lite, pg); diff != "" {
		t.Errorf("SQLite and PostgreSQL disagree (-sqlite +postgres):\n%s", diff)
	}
}

// clock and resumeCode match what differs by nature between two runs: the
// time of day and the random resume codes.
var (
	clock      = regexp.MustCompile(`\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)`)
	resumeCode = regexp.MustCompile(`"resume_code":"[2-9A-Z]{4}-[2-9A-Z]{4}"`)
)

// runRoom serves the course on dsn with the real router, plays a small
// room through HTTP and returns what the instructor and each learner read.
func runRoom(t *testing.T, cat *course.Catalog, exs []*exercise.Exercise, dsn string) map[string]string {
	t.Helper()
	ctx := context.Background()
	st, err := store.Open(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	srv, err := web.New(web.Config{InstructorToken: token, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))},
		web.Deps{Store: st, Content: course.Static(cat)})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(srv.Close)
	hs := httptest.NewServer(srv.Handler())
	t.Cleanup(hs.Close)
	out := map[string]string{}
	var learners []*http.Client
	for i := range 5 {
		jar, _ := cookiejar.New(nil)
		c := &http.Client{Jar: jar}
		learners = append(learners, c)
		send(t, c, "POST", hs.URL+"/api/lessons/"+exs[0].Lesson+"/read", "")
		for j, ex := range exs {
			if (i+j)%2 == 0 {
				send(t, c, "POST", hs.URL+"/api/exercises/"+ex.ID+"/hints", `{"hint": 1}`)
			}
			for k := range i % 3 {
				send(t, c, "POST", hs.URL+"/api/exercises/"+ex.ID+"/attempts", fmt.Sprintf(`{"answer": %q}`, ex.Starter+fmt.Sprint(k)))
			}
			if i%2 == 0 {
				send(t, c, "POST", hs.URL+"/api/exercises/"+ex.ID+"/attempts", fmt.Sprintf(`{"answer": %q}`, ex.Solutions[0]))
			}
		}
	}
	for _, p := range []string{"/instructor/dashboard.json", "/instructor/export.csv", "/instructor/attempts.jsonl"} {
		out[p] = send(t, http.DefaultClient, "GET", hs.URL+p, "", "Authorization", "Bearer "+token)
	}
	for i, c := range learners {
		out[fmt.Sprintf("learner %d /api/progress", i)] = send(t, c, "GET", hs.URL+"/api/progress", "")
	}
	return out
}

func send(t *testing.T, c *http.Client, method, url, body string, hdr ...string) string {
	t.Helper()
	req, err := http.NewRequest(method, url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	if method != http.MethodGet {
		req.Header.Set("Sec-Fetch-Site", "same-origin") // a learner's browser on the playground's page
	}
	for i := 0; i+1 < len(hdr); i += 2 {
		req.Header.Set(hdr[i], hdr[i+1])
	}
	resp, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil || resp.StatusCode/100 != 2 {
		t.Fatalf("%s %s = %d %s (%v)", method, url, resp.StatusCode, b, err)
	}
	return resumeCode.ReplaceAllString(clock.ReplaceAllString(string(b), "TIME"), `"resume_code":"CODE"`)
}
