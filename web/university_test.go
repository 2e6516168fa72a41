package web

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"mime/multipart"
	"net/http"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/mcpplayground/playground/internal/exercise"
	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/internal/store"
	"github.com/mcpplayground/playground/internal/testing/e2etest"
	"github.com/mcpplayground/playground/internal/testing/pgtest"
	"github.com/mcpplayground/playground/web/pagevm"
)

// TestMain gives the tests that ask for it (onPostgres) a throwaway
// PostgreSQL cluster, without which they skip, and stops the browser the
// end-to-end tests share.
func TestMain(m *testing.M) {
	code := pgtest.Main(m)
	e2etest.Close()
	os.Exit(code)
}

// onPostgres puts the test's database on a fresh PostgreSQL schema.
func onPostgres() envOption {
	return func(s *envSetup) { s.postgres = true }
}

// eachEngine runs fn as a subtest against the real router on SQLite and on
// PostgreSQL, each with a fresh database.
func eachEngine(t *testing.T, cfg Config, fn func(t *testing.T, e *testEnv), opts ...envOption) {
	t.Helper()
	t.Run("sqlite", func(t *testing.T) { fn(t, newTestEnv(t, cfg, opts...)) })
	t.Run("postgres", func(t *testing.T) {
		pgtest.Require(t)
		fn(t, newTestEnv(t, cfg, append(opts, onPostgres())...))
	})
}

// joined is a learner's browser after joining the workshop by its code.
func joined(t *testing.T, base, code, name string) *browser {
	t.Helper()
	b := newBrowser(t, base)
	if r := joinForm(b, "en", code, name, ""); r.status != http.StatusSeeOther {
		t.Fatalf("join as %s = %d %s", name, r.status, r.body)
	}
	return b
}

// After a workshop reset, a new learner gets an id no one had and an empty
// console: never the session, timeline or draft of a learner of the old
// room (ids used to start again at 1 and the console registry is keyed by
// id).
func TestWorkshopResetGivesNewLearnersAFreshConsole(t *testing.T) {
	t.Parallel()
	eachEngine(t, Config{JoinCode: "ROOM-1"}, func(t *testing.T, e *testEnv) {
		base := e.serve(t)
		ada := joined(t, base, "ROOM-1", "Ada")
		ada.send(strings.Replace(msgInitialize, `"name":"test"`, `"name":"ada-s-own-client"`, 1))
		if x, _ := ada.exchange(); len(x.Exchange) == 0 {
			t.Fatal("Ada's console holds nothing after a message")
		}
		old, err := e.store.Learners(t.Context())
		if err != nil || len(old) != 1 {
			t.Fatalf("learners before the reset: %v, %v", old, err)
		}
		ins := newBrowser(t, base)
		signIn(t, ins, testToken)
		r := ins.do("POST", "/instructor/reset", "application/x-www-form-urlencoded", "confirm=yes", "Origin", base)
		if r.status != http.StatusSeeOther {
			t.Fatalf("workshop reset = %d %s", r.status, r.body)
		}
		if n := e.srv.consoles.Count(); n != 0 {
			t.Errorf("%d console sessions survive the workshop reset", n)
		}
		bob := joined(t, base, "ROOM-1", "Bob")
		if x, raw := bob.exchange(); len(x.Exchange) != 0 {
			t.Errorf("Bob, new after the reset, sees a console with %d messages: %s", len(x.Exchange), raw)
		}
		if page := bob.get("/en/console"); strings.Contains(page.body, "ada-s-own-client") {
			t.Errorf("Bob's console page shows an earlier learner's message")
		}
		now, err := e.store.Learners(t.Context())
		if err != nil || len(now) != 1 {
			t.Fatalf("learners after the reset: %v, %v", now, err)
		}
		if now[0].ID == old[0].ID {
			t.Errorf("Bob got Ada's learner id %d after the reset", old[0].ID)
		}
	}, asWorkshop())
}

// instructorGet fetches an instructor URL as a script does, with the
// token as a Bearer.
func instructorGet(t *testing.T, base, path string) reply {
	t.Helper()
	return newBrowser(t, base).do("GET", path, "", "", "Authorization", "Bearer "+testToken)
}

func readCSV(t *testing.T, body string) [][]string {
	t.Helper()
	rows, err := csv.NewReader(strings.NewReader(body)).ReadAll()
	if err != nil {
		t.Fatalf("not CSV: %v\n%s", err, body)
	}
	return rows
}

// The gradebook has one row per learner of the room, zeros included, a
// column per exercise in course order, the count passed and the percent;
// it filters by lesson and by assignment, where a pass after the due time
// (the learner's extension included) is 0 and the attempt is marked late.
func TestGradebook(t *testing.T) {
	t.Parallel()
	clock := &manualClock{t: time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)}
	eachEngine(t, Config{JoinCode: "ROOM-1", Clock: clock}, func(t *testing.T, e *testEnv) {
		ctx := t.Context()
		base := e.serve(t)
		exs := e.catalog.Exercises()
		first, second := e.exerciseOfKind(t, exercise.KindFix), exs[len(exs)-1]
		if err := e.store.SaveAssignment(ctx, 0, store.Assignment{ID: "week-1", Title: "Week 1", Due: clock.Now().Add(time.Hour), Exercises: []string{first.ID}}); err != nil {
			t.Fatal(err)
		}
		ada, bob := joined(t, base, "ROOM-1", "Ada"), joined(t, base, "ROOM-1", "=Bob")
		joined(t, base, "ROOM-1", "Cyd") // never answers
		if r := ada.attempt(first.ID, first.Solutions[0]); !r.Passed {
			t.Fatalf("the solution of %s fails", first.ID)
		}
		ada.attempt(second.ID, "{}")
		// The due time is Ada's pass; Bob answers after it.
		adas, _ := e.store.Attempts(ctx, store.AttemptFilter{ExerciseID: first.ID})
		due := adas[0].CreatedAt
		if err := e.store.SaveAssignment(ctx, 0, store.Assignment{ID: "week-1", Title: "Week 1", Due: due, Exercises: []string{first.ID}}); err != nil {
			t.Fatal(err)
		}
		clock.advance(time.Minute)
		if r := bob.attempt(first.ID, first.Solutions[0]); !r.Passed {
			t.Fatalf("Bob's pass failed")
		}

		r := instructorGet(t, base, "/instructor/gradebook.csv")
		if r.status != 200 || !strings.HasPrefix(r.header.Get("Content-Type"), "text/csv") {
			t.Fatalf("gradebook.csv = %d %q", r.status, r.header.Get("Content-Type"))
		}
		rows := readCSV(t, r.body)
		wantHead := []string{"learner", "name"}
		for _, ex := range exs {
			wantHead = append(wantHead, ex.ID)
		}
		wantHead = append(wantHead, "passed", "percent", "email", "lms_user_id", "joined_by")
		if diff := cmp.Diff(wantHead, rows[0]); diff != "" {
			t.Errorf("header (-want +got):\n%s", diff)
		}
		learners, _ := e.store.Learners(ctx)
		pct := strconv.FormatFloat(100/float64(len(exs)), 'f', 1, 64)
		type line struct{ Learner, Name, First, Second, Passed, Percent string }
		var got []line
		col := slices.Index(rows[0], first.ID)
		for _, row := range rows[1:] {
			got = append(got, line{row[0], row[1], row[col], row[len(row)-6], row[len(row)-5], row[len(row)-4]})
		}
		want := []line{
			{strconv.FormatInt(learners[0].ID, 10), "Ada", "1", "0", "1", pct},
			{strconv.FormatInt(learners[1].ID, 10), "'=Bob", "1", "0", "1", pct},
			{strconv.FormatInt(learners[2].ID, 10), "Cyd", "0", "0", "0", "0.0"},
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("gradebook rows (-want +got):\n%s", diff)
		}

		rows = readCSV(t, instructorGet(t, base, "/instructor/gradebook.csv?assignment=week-1").body)
		if diff := cmp.Diff([][]string{
			{"learner", "name", first.ID, "passed", "percent", "email", "lms_user_id", "joined_by"},
			{want[0].Learner, "Ada", "1", "1", "100.0", "", "", "code"},
			{want[1].Learner, "'=Bob", "0", "0", "0.0", "", "", "code"},
			{want[2].Learner, "Cyd", "0", "0", "0.0", "", "", "code"},
		}, rows); diff != "" {
			t.Errorf("week-1 gradebook (-want +got):\n%s", diff)
		}
		late, _ := e.store.Attempts(ctx, store.AttemptFilter{LearnerID: learners[1].ID})
		early, _ := e.store.Attempts(ctx, store.AttemptFilter{LearnerID: learners[0].ID, ExerciseID: first.ID})
		if len(late) != 1 || !late[0].Late || len(early) != 1 || early[0].Late {
			t.Errorf("late marks: Bob %+v, Ada %+v", late, early)
		}
		if late[0].Version != first.Version() {
			t.Errorf("the attempt records version %q, the exercise is %q", late[0].Version, first.Version())
		}
		// An extension past now: Cyd's late pass would count, Bob's not.
		if err := e.store.SetExtension(ctx, "week-1", learners[2].ID, clock.Now().Add(time.Hour)); err != nil {
			t.Fatal(err)
		}
		cyd := newBrowser(t, base)
		if r := cyd.do("POST", "/en/progress/resume", "application/x-www-form-urlencoded", "code="+learners[2].ResumeCode); r.status != http.StatusSeeOther {
			t.Fatalf("Cyd resumes = %d", r.status)
		}
		cyd.attempt(first.ID, first.Solutions[0])
		rows = readCSV(t, instructorGet(t, base, "/instructor/gradebook.csv?assignment=week-1").body)
		if rows[3][2] != "1" {
			t.Errorf("Cyd passed within the extension, gradebook says %v", rows[3])
		}

		rows = readCSV(t, instructorGet(t, base, "/instructor/gradebook.csv?lesson="+first.Lesson).body)
		var lessonIDs []string
		for _, ex := range e.catalog.ExercisesFor(first.Lesson) {
			lessonIDs = append(lessonIDs, ex.ID)
		}
		if diff := cmp.Diff(lessonIDs, rows[0][2:len(rows[0])-5]); diff != "" {
			t.Errorf("lesson filter columns (-want +got):\n%s", diff)
		}
		for _, bad := range []string{"?lesson=nope", "?assignment=nope", "?archive=x"} {
			if r := instructorGet(t, base, "/instructor/gradebook.csv"+bad); r.status != 404 && r.status != 400 {
				t.Errorf("gradebook%s = %d", bad, r.status)
			}
		}
		if r := newBrowser(t, base).get("/instructor/gradebook.csv"); r.status != http.StatusUnauthorized && r.status != http.StatusSeeOther {
			t.Errorf("gradebook without the token = %d", r.status)
		}
		page := instructorGet(t, base, "/instructor/gradebook?assignment=week-1")
		mustContain(t, "/instructor/gradebook", page.body, "Week 1", "Ada", "=Bob", "Cyd", `data-learner="`+want[2].Learner+`"`, "late", "gradebook.csv?assignment=week-1")
	}, asWorkshop())
}

// uploadRoster posts a roster file as the dashboard's form does.
func uploadRoster(t *testing.T, ins *browser, csvText string) reply {
	t.Helper()
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	fw, err := mw.CreateFormFile("roster", "roster.csv")
	if err != nil {
		t.Fatal(err)
	}
	fw.Write([]byte(csvText))
	mw.Close()
	return ins.do("POST", "/instructor/roster", mw.FormDataContentType(), body.String(), "Origin", ins.base)
}

// A roster uploaded on the dashboard gives each student a personal link;
// the student opens it, continues as themselves with the roster's name
// (which they cannot change), and the gradebook names them by their
// student id, beside a learner who joined by the room's code.
func TestRosterStudentsJoinByTheirPersonalLink(t *testing.T) {
	t.Parallel()
	eachEngine(t, Config{JoinCode: "ROOM-1"}, func(t *testing.T, e *testEnv) {
		base := e.serve(t)
		ins := newBrowser(t, base)
		signIn(t, ins, testToken)
		mustContain(t, "/instructor", ins.get("/instructor").body, `action="/instructor/roster"`, `enctype="multipart/form-data"`)
		if r := uploadRoster(t, ins, "student_id,name,email\ns1,Ada Lovelace,ada@uni.example\ns1,Twice\n"); r.status != http.StatusUnprocessableEntity ||
			!strings.Contains(r.body, "line 3") {
			t.Errorf("a roster with a repeated id = %d, want 422 naming line 3", r.status)
		}
		if r := uploadRoster(t, ins, "s1,Ada\n\"s2,Bob\n"); r.status != http.StatusUnprocessableEntity || !strings.Contains(r.body, "line 2") {
			t.Errorf("a roster with a lone quote = %d, want 422 naming line 2", r.status)
		}
		if n := countLearners(t, e.store); n != 0 {
			t.Fatalf("a refused roster added %d learners", n)
		}
		r := uploadRoster(t, ins, "student_id,name,email\ns1,Ada Lovelace,ada@uni.example\ns2,Bob Jones,\n")
		if r.status != http.StatusSeeOther {
			t.Fatalf("roster upload = %d %s", r.status, r.body)
		}
		page := ins.get(r.header.Get("Location"))
		mustContain(t, "/instructor/roster", page.body, "2 students added, 0 updated", `data-student="s1"`, "Ada Lovelace")
		learners, _ := e.store.Learners(t.Context())
		link := personalLink(i18n.EN, learners[0])
		if !strings.Contains(page.body, link) {
			t.Fatalf("the roster page does not show Ada's link %s", link)
		}

		ada := newBrowser(t, base)
		open := ada.get(link)
		mustContain(t, link, open.body, "Ada Lovelace", `name="code" value="`+learners[0].ResumeCode+`"`)
		if r := ada.do("POST", "/en/progress/resume", "application/x-www-form-urlencoded", "code="+learners[0].ResumeCode); r.status != http.StatusSeeOther {
			t.Fatalf("continue as Ada = %d", r.status)
		}
		if r := ada.get("/en/"); r.status != 200 {
			t.Errorf("Ada, in by her link, gets %d on the course", r.status)
		}
		if r := ada.do("POST", "/en/progress/name", "application/x-www-form-urlencoded", "name=Queen"); r.status != http.StatusForbidden ||
			!strings.Contains(r.body, "roster") {
			t.Errorf("a roster student renames herself: %d", r.status)
		}
		if r := newBrowser(t, base).get("/en/join?student=ZZZZ-ZZZZ"); r.status != http.StatusNotFound {
			t.Errorf("an unknown personal code = %d", r.status)
		}
		walkIn := joined(t, base, "ROOM-1", "Walk-in")
		ex := e.exerciseOfKind(t, exercise.KindFix)
		ada.attempt(ex.ID, ex.Solutions[0])
		walkIn.attempt(ex.ID, ex.Solutions[0])
		rows := readCSV(t, instructorGet(t, base, "/instructor/gradebook.csv?lesson="+ex.Lesson).body)
		col := slices.Index(rows[0], ex.ID)
		var got [][]string
		for _, row := range rows[1:] {
			got = append(got, []string{row[0], row[1], row[col]})
		}
		all, _ := e.store.Learners(t.Context())
		if diff := cmp.Diff([][]string{{"s1", "Ada Lovelace", "1"}, {"s2", "Bob Jones", "0"}, {strconv.FormatInt(all[2].ID, 10), "Walk-in", "1"}}, got); diff != "" {
			t.Errorf("gradebook (-want +got):\n%s", diff)
		}
		mustContain(t, "/instructor/roster", ins.get("/instructor/roster").body, "joined", "not yet")

		// Ada's code leaked: the instructor gives her a new one. The old
		// link and code stop working at once, and the browser that came
		// in with the old code is signed out.
		r = ins.do("POST", pagevm.LearnerAttemptsURL(learners[0].ID)+"/code", "application/x-www-form-urlencoded", "", "Origin", base)
		if r.status != http.StatusSeeOther {
			t.Fatalf("reissue = %d %s", r.status, r.body)
		}
		page = ins.get(r.header.Get("Location"))
		again, _ := e.store.LearnerByID(t.Context(), learners[0].ID)
		mustContain(t, "/instructor/roster", page.body, "Ada Lovelace has a new personal code", personalLink(i18n.EN, again))
		if again.ResumeCode == learners[0].ResumeCode || strings.Contains(page.body, learners[0].ResumeCode) {
			t.Fatalf("the code did not change: %s", again.ResumeCode)
		}
		if r := newBrowser(t, base).get(link); r.status != http.StatusNotFound {
			t.Errorf("the old link = %d, want 404", r.status)
		}
		if r := ada.get("/en/"); r.status != http.StatusSeeOther {
			t.Errorf("the browser that came in with the old code = %d, want 303 to the join page", r.status)
		}
		if r := newBrowser(t, base).do("POST", pagevm.LearnerAttemptsURL(learners[0].ID)+"/code", "application/x-www-form-urlencoded", "", "Origin", base); r.status == http.StatusSeeOther {
			t.Errorf("a learner reissued a code without the instructor's token")
		}
	}, asWorkshop())
}

// The dashboard says when an exercise changed after attempts were graded
// against an earlier version, and only then.
func TestDashboardSaysAnExerciseChanged(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t, Config{}, asWorkshop())
	base := e.serve(t)
	ex := e.exerciseOfKind(t, exercise.KindFix)
	b := newBrowser(t, base)
	b.attempt(ex.ID, ex.Starter)
	if page := instructorGet(t, base, "/instructor"); strings.Contains(page.body, "data-exercise-changed") {
		t.Errorf("the dashboard says %s changed, but every attempt is of today's version", ex.ID)
	}
	learners, _ := e.store.Learners(t.Context())
	if _, _, err := e.store.RecordAttempt(t.Context(), store.NewAttempt{LearnerID: learners[0].ID, ExerciseID: ex.ID, Answer: "{}", Version: "0123456789ab"}); err != nil {
		t.Fatal(err)
	}
	page := instructorGet(t, base, "/instructor")
	mustContain(t, "/instructor", page.body, "data-exercise-changed", ex.ID+" changed after 1 attempt was graded", "playground regrade")
}

// A workshop reset archives the room: the new room is empty, the archive
// keeps its learners and attempts readable and exportable (every failed
// check and code of each attempt, with labels) until it is erased, which
// is its own confirmed action.
func TestWorkshopResetArchivesTheRoom(t *testing.T) {
	t.Parallel()
	eachEngine(t, Config{JoinCode: "ROOM-1"}, func(t *testing.T, e *testEnv) {
		base := e.serve(t)
		ex := e.exerciseOfKind(t, exercise.KindFix)
		ada := joined(t, base, "ROOM-1", "Ada")
		ada.attempt(ex.ID, ex.Starter)
		ins := newBrowser(t, base)
		signIn(t, ins, testToken)
		if r := ins.do("POST", "/instructor/reset", "application/x-www-form-urlencoded", "confirm=yes", "Origin", base); r.status != http.StatusSeeOther {
			t.Fatalf("reset = %d", r.status)
		}
		rows := readCSV(t, instructorGet(t, base, "/instructor/gradebook.csv").body)
		if len(rows) != 1 {
			t.Errorf("the new room's gradebook has %d rows", len(rows)-1)
		}
		archives, err := e.store.Archives(t.Context())
		if err != nil || len(archives) != 1 {
			t.Fatalf("archives: %v, %v", archives, err)
		}
		q := "?archive=" + strconv.FormatInt(archives[0].ID, 10)
		mustContain(t, "/instructor", ins.get("/instructor").body, "Archived rooms", "/instructor/gradebook"+q, "1 learner, 1 attempt")
		rows = readCSV(t, instructorGet(t, base, "/instructor/gradebook.csv"+q).body)
		if len(rows) != 2 || rows[1][1] != "Ada" {
			t.Errorf("the archive's gradebook: %v", rows)
		}
		jl := instructorGet(t, base, "/instructor/attempts.jsonl"+q)
		var line struct {
			DisplayName  string `json:"display_name"`
			FailedChecks []struct{ ID, Label string }
			Codes        []struct{ ID, Label string }
		}
		if err := json.Unmarshal([]byte(strings.TrimSpace(jl.body)), &line); err != nil {
			t.Fatalf("archive's attempts.jsonl: %v\n%s", err, jl.body)
		}
		if line.DisplayName != "Ada" || len(line.FailedChecks)+len(line.Codes) == 0 {
			t.Errorf("the archived attempt has no failed check or code: %s", jl.body)
		}
		for _, c := range append(line.FailedChecks, line.Codes...) {
			if c.ID == "" || c.Label == "" {
				t.Errorf("an unlabelled check or code: %s", jl.body)
			}
		}
		if r := instructorGet(t, base, "/instructor/attempts.jsonl"); strings.TrimSpace(r.body) != "" {
			t.Errorf("the new room's export holds the old room's attempts: %s", r.body)
		}
		erase := "/instructor/archives/" + strconv.FormatInt(archives[0].ID, 10) + "/erase"
		if r := ins.do("POST", erase, "application/x-www-form-urlencoded", "", "Origin", base); r.status != http.StatusUnprocessableEntity {
			t.Errorf("an unconfirmed erase = %d", r.status)
		}
		if r := ins.do("POST", erase, "application/x-www-form-urlencoded", "confirm=yes", "Origin", base); r.status != http.StatusSeeOther {
			t.Fatalf("erase = %d", r.status)
		}
		if n, _ := e.store.CountAttempts(t.Context()); n != 0 {
			t.Errorf("%d attempts after erasing the archive", n)
		}
	}, asWorkshop())
}

// A stuck learner's name opens their attempts, and the card says their
// repeated mistake in words.
func TestStuckLearnerLinksToTheirAttempts(t *testing.T) {
	t.Parallel()
	eachEngine(t, Config{}, func(t *testing.T, e *testEnv) {
		base := e.serve(t)
		ex, _ := e.catalog.Exercise("json-rpc-fix-batch")
		b := newBrowser(t, base)
		for range stuckRule.MinFailures {
			b.attempt(ex.ID, ex.Starter)
		}
		learners, _ := e.store.Learners(t.Context())
		page := instructorGet(t, base, "/instructor")
		mustContain(t, "/instructor", page.body, `data-stuck-learner`, `href="`+pagevm.LearnerAttemptsURL(learners[0].ID)+`#latest"`, `data-stuck-mistake`)
		if anon := instructorGet(t, base, "/instructor?anon=1"); strings.Contains(anon.body, "data-stuck-learner") {
			t.Error("the projected dashboard links the stuck learner to their attempts")
		}
	}, asWorkshop())
}
