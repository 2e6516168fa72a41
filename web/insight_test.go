package web

import (
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/mcpplayground/playground/internal/exercise"
	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/web/pagevm"
)

// The instructor's path from "stuck" to "why": the stuck card says the
// repeated failed check in words (the author's feedback, or what the check
// looks at), the exercise links open a read-only view, the learner's
// attempts are numbered in the order sent, and a learner who has sent
// nothing since joining is flagged.
func TestInstructorFromStuckToWhy(t *testing.T) {
	t.Parallel()
	clock := &manualClock{t: time.Now()}
	eachEngine(t, Config{JoinCode: "ROOM-1", Clock: clock}, func(t *testing.T, e *testEnv) {
		base := e.serve(t)
		ex, ok := e.catalog.Exercise("notifications-classify-no-id")
		if !ok {
			t.Fatal("no notifications-classify-no-id exercise")
		}
		ada := joined(t, base, "ROOM-1", "Ada")
		joined(t, base, "ROOM-1", "Bob") // sends nothing
		// Message 3 ("id": null) taken for a notification: the check
		// answer:3, which has the author's feedback.
		for range stuckRule.MinFailures {
			if r := ada.attempt(ex.ID, `{"answers": ["notification", "request", "notification"]}`); r.Passed {
				t.Fatal("a wrong classification passed")
			}
		}
		ada.attempt(ex.ID, `{"answers": ["request", "request", "invalid"]}`) // answer:1, no feedback
		learners, _ := e.store.Learners(t.Context())
		if got := stuckMistake(t, instructorGet(t, base, "/instructor").body); !strings.Contains(got, "does not turn a message into a notification") {
			t.Errorf("the stuck card's mistake = %q, want the check's feedback in words", got)
		}
		dash := instructorGet(t, base, "/instructor").body
		mustContain(t, "/instructor", dash, `href="`+pagevm.LearnerAttemptsURL(learners[0].ID)+`#latest"`, `href="/instructor/exercises/`+ex.ID+`"`)
		if strings.Contains(dash, `href="/en/exercises/`+ex.ID+`"`) {
			t.Error("the dashboard still links the learner's exercise page")
		}
		if strings.Contains(dash, "data-idle") {
			t.Error("a learner who just joined is flagged idle")
		}

		view := instructorGet(t, base, "/instructor/exercises/"+ex.ID)
		if view.status != http.StatusOK {
			t.Fatalf("the instructor's exercise view = %d", view.status)
		}
		mustContain(t, "the exercise view", view.body, "data-instructor-exercise", ex.TextIn("en").Title, `data-check="answer:3"`,
			"does not turn a message into a notification", "the answer for message 1", "data-solution", `data-problem="answer:3"`, "1 tried, 0 passed")
		if r := newBrowser(t, base).get("/instructor/exercises/" + ex.ID); r.status == http.StatusOK {
			t.Error("the exercise view opens without the token")
		}
		if r := instructorGet(t, base, "/instructor/exercises/nope"); r.status != http.StatusNotFound {
			t.Errorf("an unknown exercise's view = %d, want 404", r.status)
		}

		page := instructorGet(t, base, pagevm.LearnerAttemptsURL(learners[0].ID)).body
		numbers := regexp.MustCompile(`data-attempt-number>([^<]*)<`).FindAllStringSubmatch(page, -1)
		var got []string
		for _, m := range numbers {
			got = append(got, m[1])
		}
		if diff := cmp.Diff([]string{"attempt 1", "attempt 2", "attempt 3", "attempt 4"}, got); diff != "" {
			t.Errorf("attempt numbers (-want +got):\n%s", diff)
		}
		mustContain(t, "attempts page", page, `start="1"`, `id="latest"`)
		if strings.Contains(page, "reversed") {
			t.Error("the attempts are still numbered backwards")
		}

		clock.advance(pagevm.IdleAfter + time.Minute)
		t.Cleanup(func() { clock.advance(-pagevm.IdleAfter - time.Minute) }) // the next engine's run starts now
		dash = instructorGet(t, base, "/instructor").body
		if n := strings.Count(dash, "data-idle"); n != 1 {
			t.Errorf("%d learners flagged idle, want 1 (Bob)", n)
		}
		mustContain(t, "/instructor", dash, "no answer since joining at")
	}, asWorkshop())
}

// stuckMistake is the text of the first stuck card's mistake, tags removed.
func stuckMistake(t *testing.T, body string) string {
	t.Helper()
	m := regexp.MustCompile(`(?s)data-stuck-mistake>(.*?)</span>`).FindStringSubmatch(body)
	if m == nil {
		t.Fatal("no stuck card with a mistake on the dashboard")
	}
	return regexp.MustCompile(`<[^>]+>`).ReplaceAllString(m[1], "")
}

// A mistake is said in words whatever it is: a rule's title, a check's
// feedback, what a check without feedback looks at, a server step's title.
func TestMistakeInWords(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t, Config{})
	find := func(id string) *exercise.Exercise {
		ex, ok := e.catalog.Exercise(id)
		if !ok {
			t.Fatalf("no exercise %s", id)
		}
		return ex
	}
	classify, fix, server := find("notifications-classify-no-id"), find("tools-fix-call-params"), find("tools-server-gift-server")
	for _, tc := range []struct {
		ex   *exercise.Exercise
		id   string
		l    i18n.Lang
		want string
	}{
		{classify, "answer:1", i18n.EN, "the answer for message 1"},
		{classify, "answer:1", i18n.FR, "la réponse pour le message 1"},
		{fix, "absent:/params/args", i18n.EN, "<code>args</code> is a common abbreviation"},
		{fix, "method", i18n.EN, "the method"},
		{server, "step.handshake", i18n.EN, "the step “The handshake”"},
		{server, "step.handshake", i18n.FR, "l’étape «\u00a0La poignée de main\u00a0»"},
		{fix, "mcp.params.missing", i18n.EN, "<code>params</code> missing"},
		{nil, "answer:9", i18n.EN, "one of the exercise’s checks"},
	} {
		got := string(e.srv.codeTitles.MistakeInWords(tc.l, tc.ex, tc.id))
		if tc.want == "" || !strings.Contains(got, tc.want) {
			t.Errorf("mistakeInWords(%s, %s) = %q, want %q in it", tc.l, tc.id, got, tc.want)
		}
	}
}
