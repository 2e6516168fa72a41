package web

import (
	"context"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/mcpplayground/playground/internal/store"
	"github.com/mcpplayground/playground/internal/testing/ltitest"
)

// Each room has its own assignments: an LMS course's instructor sees and
// makes their course's only, and cannot see, change or remove another
// room's; the gradebook, deep linking and launches resolve an assignment
// within the course; the token holder sees every room's.
func TestLTIAssignmentsAreTheCourses(t *testing.T) {
	t.Parallel()
	onEachEngine(t, testAssignmentsAreTheCourses)
}

func testAssignmentsAreTheCourses(t *testing.T, le *ltiEnv) {
	ctx := context.Background()
	ex := le.catalog.Exercises()[0]
	if err := le.store.SaveAssignment(ctx, 0, store.Assignment{ID: "ws-1", Title: "Workshop week", Due: le.clock.Now().Add(time.Hour), Exercises: []string{ex.ID}}); err != nil {
		t.Fatal(err)
	}
	prof, course := instructorOf(t, le, "u-prof", "c-101")
	other, _ := instructorOf(t, le, "u-prof2", "c-202")
	if page := prof.get("/instructor/assignments"); page.status != http.StatusOK || strings.Contains(page.body, "Workshop week") {
		t.Fatalf("the course's assignments page = %d, shows the workshop's: %v", page.status, strings.Contains(page.body, "Workshop week"))
	}
	due := le.clock.Now().Add(48 * time.Hour).In(time.Local).Format(dueLayout)
	form := url.Values{"id": {"c101-week"}, "title": {"Course week"}, "due": {due}, "exercise": {ex.ID}}
	saved := prof.postForm("/instructor/assignments", form)
	if want := "/instructor/assignments?course=" + course + "&done=saved&id=c101-week"; saved.status != http.StatusSeeOther || saved.header.Get("Location") != want {
		t.Fatalf("save = %d %q, want %q\n%s", saved.status, saved.header.Get("Location"), want, saved.body)
	}
	mustContain(t, "the course's page", prof.get(saved.header.Get("Location")).body, "Course week", "/instructor/gradebook?assignment=c101-week&amp;course="+course)
	if r := prof.get("/instructor/gradebook?assignment=c101-week"); r.status != http.StatusOK {
		t.Errorf("the course's gradebook of its assignment = %d", r.status)
	}
	// Another course's instructor: nothing of c-101's, and no way to it.
	if page := other.get("/instructor/assignments"); page.status != http.StatusOK || strings.Contains(page.body, "Course week") || strings.Contains(page.body, "Workshop week") {
		t.Errorf("another course's assignments page = %d and shows others' assignments", page.status)
	}
	for name, r := range map[string]reply{
		"edit":      other.get("/instructor/assignments?edit=c101-week"),
		"edit ws":   other.get("/instructor/assignments?edit=ws-1"),
		"delete":    other.postForm("/instructor/assignments/c101-week/delete", nil),
		"extension": other.postForm("/instructor/assignments/extensions", url.Values{"assignment": {"c101-week"}, "learner": {"1"}, "due": {due}}),
		"gradebook": other.get("/instructor/gradebook?assignment=c101-week"),
		"dashboard": other.get("/instructor?assignment=c101-week"),
	} {
		if r.status != http.StatusNotFound {
			t.Errorf("another course's instructor, %s: %d, want 404", name, r.status)
		}
	}
	if r := other.get("/instructor/assignments?course=" + course); r.status == http.StatusOK {
		t.Errorf("another course's instructor opened c-101's assignments")
	}
	if r := other.postForm("/instructor/assignments", form); r.status != http.StatusUnprocessableEntity {
		t.Errorf("another course reusing the id = %d, want 422", r.status)
	}
	if a, err := le.store.AssignmentByID(ctx, mustID(t, course), "c101-week"); err != nil || a.Title != "Course week" {
		t.Errorf("c-101's assignment after the other's tries = %+v, %v", a, err)
	}
	// The token holder: the workshop's by default, a course's with ?course=.
	tok := func(path string) reply {
		return newBrowser(t, le.base).do("GET", path, "", "", "Authorization", "Bearer "+testToken)
	}
	if ws := tok("/instructor/assignments"); !strings.Contains(ws.body, "Workshop week") || strings.Contains(ws.body, "Course week") {
		t.Errorf("the workshop's assignments page = %d %.300s", ws.status, ws.body)
	}
	mustContain(t, "token holder's course page", tok("/instructor/assignments?course="+course).body, "Course week")
	if r := tok("/instructor/assignments?course=9999"); r.status != http.StatusNotFound {
		t.Errorf("an unknown course's assignments = %d, want 404", r.status)
	}
	if r := tok("/instructor/gradebook?assignment=c101-week"); r.status != http.StatusNotFound {
		t.Errorf("the workshop's gradebook of a course's assignment = %d, want 404", r.status)
	}
	testAssignmentLinksInCourse(t, le)
}

// testAssignmentLinksInCourse: a deep link offers the course's assignments
// only, and a launch names an assignment of its own course only.
func testAssignmentLinksInCourse(t *testing.T, le *ltiEnv) {
	prof := newBrowser(t, le.base)
	picker := le.launch(t, prof, ltitest.Launch{Sub: "u-prof", Roles: []string{ltitest.Instructor}, ContextID: "c-101", MessageType: "LtiDeepLinkingRequest"})
	mustContain(t, "the course's picker", picker.body, `value="assignment:c101-week"`)
	if strings.Contains(picker.body, "assignment:ws-1") {
		t.Errorf("the course's picker offers the workshop's assignment")
	}
	_, fields, _ := ltitest.ParseForm(picker.body)
	if r := prof.postForm("/lti/deep-link", url.Values{"request": {fields.Get("request")}, "item": {"assignment:ws-1"}}); r.status != http.StatusBadRequest {
		t.Errorf("deep linking another room's assignment = %d, want 400", r.status)
	}
	zed := newBrowser(t, le.base)
	launch := ltitest.Launch{Sub: "u-zed", Name: "Zed", Roles: []string{ltitest.Learner}, ContextID: "c-202",
		Custom: map[string]string{"assignment": "c101-week"}, LineItem: le.plat.LineItem("c101-week")}
	if r := le.launch(t, zed, launch); r.status != http.StatusSeeOther {
		t.Fatalf("zed's launch = %d", r.status)
	}
	zed.attempt(le.catalog.Exercises()[0].ID, le.catalog.Exercises()[0].Solutions[0])
	if n, err := le.srv.lti.svc.SendDue(context.Background()); err != nil || n != 0 {
		t.Errorf("a launch naming another course's assignment sent %d scores, %v", n, err)
	}
}

// instructorOf launches an Instructor of the course and returns their
// browser and the course's room number.
func instructorOf(t *testing.T, le *ltiEnv, sub, contextID string) (*browser, string) {
	t.Helper()
	b := newBrowser(t, le.base)
	r := le.launch(t, b, ltitest.Launch{Sub: sub, Name: sub, Roles: []string{ltitest.Instructor}, ContextID: contextID, ContextTitle: contextID})
	loc := r.header.Get("Location")
	if r.status != http.StatusSeeOther || !strings.HasPrefix(loc, "/instructor/gradebook?course=") {
		t.Fatalf("%s's launch = %d %q", sub, r.status, loc)
	}
	return b, strings.TrimPrefix(loc, "/instructor/gradebook?course=")
}

func mustID(t *testing.T, s string) int64 {
	t.Helper()
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		t.Fatalf("room %q: %v", s, err)
	}
	return n
}
