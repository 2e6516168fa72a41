package web

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/mcpplayground/playground/internal/exercise"
	"github.com/mcpplayground/playground/internal/store"
)

// The instructor creates an assignment and an extension from the
// assignments page; the learner sees what is due and when on their
// progress page; the dashboard and both exports narrow to the assignment;
// a refused form says why and saves nothing.
func TestAssignmentsFromTheDashboard(t *testing.T) {
	t.Parallel()
	eachEngine(t, Config{JoinCode: "ROOM-1"}, func(t *testing.T, e *testEnv) {
		ctx := t.Context()
		base := e.serve(t)
		fix, other := e.exerciseOfKind(t, exercise.KindFix), e.catalog.Exercises()[0]
		if fix.ID == other.ID {
			other = e.catalog.Exercises()[1]
		}
		ins := newBrowser(t, base)
		signIn(t, ins, testToken)
		post := func(path string, form url.Values) reply {
			return ins.do("POST", path, "application/x-www-form-urlencoded", form.Encode(), "Origin", base)
		}
		due := time.Now().Add(48 * time.Hour).Truncate(time.Minute)
		good := url.Values{"id": {"week-1"}, "title": {"Week <1>"}, "due": {due.In(time.Local).Format(dueLayout)}, "exercise": {fix.ID}}
		for name, change := range map[string]func(url.Values){
			"bad id":                  func(v url.Values) { v.Set("id", "Week 1") },
			"bad due":                 func(v url.Values) { v.Set("due", "next friday") },
			"due in year 0000":        func(v url.Values) { v.Set("due", "0000-01-01T00:00") },
			"due in year 9999":        func(v url.Values) { v.Set("due", "9999-12-31T23:59") },
			"due as RFC 3339 in 9999": func(v url.Values) { v.Set("due", "9999-12-31T23:59:00Z") },
			"no exercise":             func(v url.Values) { v.Del("exercise") },
			"unknown exercise":        func(v url.Values) { v.Add("exercise", "no-such-exercise") },
			"no title":                func(v url.Values) { v.Set("title", " ") },
		} {
			form := url.Values{}
			for k, vs := range good {
				form[k] = append([]string(nil), vs...)
			}
			change(form)
			r := post("/instructor/assignments", form)
			if r.status != http.StatusUnprocessableEntity || !strings.Contains(r.body, "data-assignment-error") {
				t.Errorf("%s: %d, want 422 with the problem", name, r.status)
			}
		}
		if all, _ := e.store.Assignments(ctx, 0); len(all) != 0 {
			t.Fatalf("refused forms saved %+v", all)
		}
		if r := post("/instructor/assignments", good); r.status != http.StatusSeeOther {
			t.Fatalf("save = %d %s", r.status, r.body)
		}
		a, err := e.store.AssignmentByID(ctx, 0, "week-1")
		if err != nil || !a.Due.Equal(due) || len(a.Exercises) != 1 || a.Exercises[0] != fix.ID {
			t.Fatalf("saved %+v (%v), want due %v with %s", a, err, due, fix.ID)
		}
		page := ins.get("/instructor/assignments")
		mustContain(t, "/instructor/assignments", page.body, "Week &lt;1&gt;", showDue(due), "/instructor/gradebook?assignment=week-1")
		edit := ins.get("/instructor/assignments?edit=week-1")
		mustContain(t, "edit form", edit.body, `value="week-1"`, `value="`+due.In(time.Local).Format(dueLayout)+`"`, `value="`+fix.ID+`" checked`)

		ada := joined(t, base, "ROOM-1", "Ada")
		mustContain(t, "Ada's progress", ada.get("/en/progress").body, "What is due", "Week &lt;1&gt;", "due "+showDue(due), "0 of 1 passed")
		ada.attempt(other.ID, "{}")
		if r := ada.attempt(fix.ID, fix.Solutions[0]); !r.Passed {
			t.Fatalf("the solution of %s fails", fix.ID)
		}
		mustContain(t, "Ada's progress", ada.get("/en/progress").body, "1 of 1 passed")

		learners, _ := e.store.Learners(ctx)
		ext := due.Add(72 * time.Hour)
		r := post("/instructor/assignments/extensions", url.Values{"assignment": {"week-1"}, "learner": {strconv.FormatInt(learners[0].ID, 10)}, "due": {ext.In(time.Local).Format(dueLayout)}})
		if r.status != http.StatusSeeOther {
			t.Fatalf("extension = %d %s", r.status, r.body)
		}
		mustContain(t, "Ada's progress", ada.get("/en/progress").body, "due "+showDue(ext), "(your extension)")
		mustContain(t, "assignments page", ins.get("/instructor/assignments").body, "Ada: due "+showDue(ext))
		if r := post("/instructor/assignments/extensions", url.Values{"assignment": {"week-1"}, "learner": {"999999"}, "due": {"2026-12-09T10:00"}}); r.status != http.StatusUnprocessableEntity {
			t.Errorf("extension for nobody = %d, want 422", r.status)
		}

		dash := ins.get("/instructor?assignment=week-1")
		if n := strings.Count(dash.body, `class="ex-col"`); n != 1 {
			t.Errorf("the week-1 dashboard has %d exercise columns, want 1", n)
		}
		mustContain(t, "dashboard", dash.body, "live?lang=en&amp;assignment=week-1", "export.csv?assignment=week-1", `<option value="week-1" selected`)
		if n := strings.Count(ins.get("/instructor").body, `class="ex-col"`); n != len(e.catalog.Exercises()) {
			t.Errorf("the whole dashboard has %d exercise columns, want %d", n, len(e.catalog.Exercises()))
		}
		if n := strings.Count(ins.get("/instructor/live?assignment=week-1").body, `class="ex-col"`); n != 1 {
			t.Errorf("the live week-1 fragment has %d exercise columns, want 1", n)
		}
		rows := readCSV(t, instructorGet(t, base, "/instructor/export.csv?assignment=week-1").body)
		if len(rows) != 2 || rows[1][2] != fix.ID {
			t.Errorf("week-1 progress CSV = %v, want the header and %s only", rows, fix.ID)
		}
		if all := readCSV(t, instructorGet(t, base, "/instructor/export.csv").body); len(all) != 3 {
			t.Errorf("the whole progress CSV has %d rows, want 3", len(all))
		}
		lines := strings.Split(strings.TrimSpace(instructorGet(t, base, "/instructor/attempts.jsonl?assignment=week-1").body), "\n")
		if len(lines) != 1 || !strings.Contains(lines[0], `"exercise_id":"`+fix.ID+`"`) {
			t.Errorf("week-1 attempts = %q", lines)
		}
		for _, path := range []string{"/instructor?assignment=nope", "/instructor/export.csv?assignment=nope", "/instructor/attempts.jsonl?assignment=nope", "/instructor/assignments?edit=nope"} {
			if r := instructorGet(t, base, path); r.status != http.StatusNotFound {
				t.Errorf("%s = %d, want 404", path, r.status)
			}
		}

		// Past due: the form takes a due time gone by, a new attempt is
		// kept and marked late, and the learner reads that it is late.
		good.Set("due", time.Now().Add(-time.Hour).In(time.Local).Format(dueLayout))
		good.Set("exercise", other.ID)
		good.Set("id", "week-0")
		if r := post("/instructor/assignments", good); r.status != http.StatusSeeOther {
			t.Fatalf("save week-0 = %d", r.status)
		}
		ada.attempt(other.ID, "{}")
		last, err := e.store.LastAttempt(ctx, learners[0].ID, other.ID)
		if err != nil || !last.Late {
			t.Errorf("an attempt past due: %+v %v, want late", last, err)
		}
		mustContain(t, "Ada's progress", ada.get("/en/progress").body, "data-due-late")

		if r := post("/instructor/assignments/week-1/delete", nil); r.status != http.StatusSeeOther {
			t.Fatalf("delete = %d", r.status)
		}
		if _, err := e.store.AssignmentByID(ctx, 0, "week-1"); err != store.ErrNotFound {
			t.Errorf("week-1 after delete: %v", err)
		}
		if r := post("/instructor/assignments/week-1/delete", nil); r.status != http.StatusNotFound {
			t.Errorf("deleting it again = %d, want 404", r.status)
		}
		if r := newBrowser(t, base).do("POST", "/instructor/assignments", "application/x-www-form-urlencoded", good.Encode(), "Origin", base); r.status == http.StatusSeeOther && !strings.Contains(r.header.Get("Location"), "login") {
			t.Errorf("an assignment saved without the token: %d %s", r.status, r.header.Get("Location"))
		}
	}, asWorkshop())
}
