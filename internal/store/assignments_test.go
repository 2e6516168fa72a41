package store

import (
	"errors"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// Assignments are saved, replaced (their extensions kept), listed soonest
// first and deleted with their extensions; a learner's dues carry their
// own extension.
func TestAssignmentsAndExtensions(t *testing.T) {
	eachEngine(t, func(t *testing.T, s *Store) {
		ctx := t.Context()
		day := time.Date(2026, 12, 9, 23, 59, 0, 0, time.UTC)
		ada, _, err := s.CreateLearner(ctx)
		if err != nil {
			t.Fatal(err)
		}
		for _, a := range []Assignment{
			{ID: "week-2", Title: "Week 2", Due: day.AddDate(0, 0, 7), Exercises: []string{"b", "c"}},
			{ID: "week-1", Title: "Week 1", Due: day, Exercises: []string{"a", "a", "b"}},
		} {
			if err := s.SaveAssignment(ctx, 0, a); err != nil {
				t.Fatal(err)
			}
		}
		if err := s.SetExtension(ctx, "week-1", ada.ID, day.AddDate(0, 0, 2)); err != nil {
			t.Fatal(err)
		}
		// Replacing week-2 keeps nothing of its old exercises, and no
		// extension is lost elsewhere.
		if err := s.SaveAssignment(ctx, 0, Assignment{ID: "week-2", Title: "Week two", Due: day.AddDate(0, 0, 8), Exercises: []string{"c"}}); err != nil {
			t.Fatal(err)
		}
		dues, err := s.DuesFor(ctx, ada.ID)
		if err != nil {
			t.Fatal(err)
		}
		type due struct {
			ID, Title string
			Due       time.Time
			Exercises []string
			Extended  bool
		}
		var got []due
		for _, d := range dues {
			got = append(got, due{d.ID, d.Title, d.Due.UTC(), d.Exercises, d.Extended})
		}
		want := []due{
			{"week-1", "Week 1", day.AddDate(0, 0, 2), []string{"a", "b"}, true},
			{"week-2", "Week two", day.AddDate(0, 0, 8), []string{"c"}, false},
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("dues (-want +got):\n%s", diff)
		}
		xs, err := s.Extensions(ctx, 0)
		if err != nil || len(xs) != 1 || xs[0].Assignment != "week-1" || xs[0].LearnerID != ada.ID || !xs[0].Due.Equal(day.AddDate(0, 0, 2)) {
			t.Errorf("extensions = %+v, %v", xs, err)
		}
		if err := s.SetExtension(ctx, "week-1", ada.ID, time.Time{}); err != nil {
			t.Fatal(err)
		}
		if xs, _ := s.Extensions(ctx, 0); len(xs) != 0 {
			t.Errorf("a zero due left the extension: %+v", xs)
		}
		if err := s.DeleteAssignment(ctx, 0, "week-1"); err != nil {
			t.Fatal(err)
		}
		if err := s.DeleteAssignment(ctx, 0, "week-1"); !errors.Is(err, ErrNotFound) {
			t.Errorf("deleting it again = %v, want ErrNotFound", err)
		}
		if _, err := s.AssignmentByID(ctx, 0, "week-1"); !errors.Is(err, ErrNotFound) {
			t.Errorf("the deleted assignment is still found: %v", err)
		}
		for _, bad := range []Assignment{
			{ID: "Week 1", Title: "x", Due: day, Exercises: []string{"a"}},
			{ID: "w", Title: "", Due: day, Exercises: []string{"a"}},
			{ID: "w", Title: "x", Exercises: []string{"a"}},
			{ID: "w", Title: "x", Due: day},
		} {
			if err := s.SaveAssignment(ctx, 0, bad); !errors.Is(err, ErrBadAssignment) {
				t.Errorf("SaveAssignment(%+v) = %v, want ErrBadAssignment", bad, err)
			}
		}
	})
}

// Assignments belong to a room: each room lists, finds and deletes its
// own; an id is one room's; a course's learner is due its course's
// assignments, a workshop learner the workshop's.
func TestAssignmentsPerRoom(t *testing.T) {
	eachEngine(t, func(t *testing.T, s *Store) {
		ctx := t.Context()
		due := time.Date(2026, 12, 9, 23, 59, 0, 0, time.UTC)
		p, err := s.SaveLTIPlatform(ctx, LTIPlatform{Issuer: "https://lms.example", ClientID: "c", Deployments: []string{"d"},
			AuthURL: "https://lms.example/auth", TokenURL: "https://lms.example/token", JWKSURL: "https://lms.example/jwks"})
		if err != nil {
			t.Fatal(err)
		}
		zed, _, room, err := s.SignInLTI(ctx, LTISignIn{User: LTIUser{PlatformID: p.ID, Sub: "zed", Name: "Zed"}, Room: LTIRoom{PlatformID: p.ID, ContextID: "c-1"}})
		if err != nil {
			t.Fatal(err)
		}
		ada, _, err := s.CreateLearner(ctx)
		if err != nil {
			t.Fatal(err)
		}
		ws := Assignment{ID: "ws", Title: "Workshop", Due: due, Exercises: []string{"a"}}
		lms := Assignment{ID: "lms", Title: "Course", Due: due, Exercises: []string{"b"}}
		if err := s.SaveAssignment(ctx, 0, ws); err != nil {
			t.Fatal(err)
		}
		if err := s.SaveAssignment(ctx, room.ID, lms); err != nil {
			t.Fatal(err)
		}
		if err := s.SaveAssignment(ctx, room.ID, ws); !errors.Is(err, ErrBadAssignment) {
			t.Errorf("a course taking the workshop's id = %v, want ErrBadAssignment", err)
		}
		ids := func(course int64) []string {
			all, err := s.Assignments(ctx, course)
			if err != nil {
				t.Fatal(err)
			}
			var out []string
			for _, a := range all {
				out = append(out, a.ID)
			}
			return out
		}
		if diff := cmp.Diff([][]string{{"ws"}, {"lms"}}, [][]string{ids(0), ids(room.ID)}); diff != "" {
			t.Errorf("rooms' assignments (-want +got):\n%s", diff)
		}
		if _, err := s.AssignmentByID(ctx, 0, "lms"); !errors.Is(err, ErrNotFound) {
			t.Errorf("the workshop finds the course's assignment: %v", err)
		}
		if err := s.DeleteAssignment(ctx, 0, "lms"); !errors.Is(err, ErrNotFound) {
			t.Errorf("the workshop deletes the course's assignment: %v", err)
		}
		// A course's past due time makes no workshop attempt late.
		late := s.SaveAssignment(ctx, room.ID, Assignment{ID: "lms-past", Title: "Past", Due: s.now().Add(-time.Hour), Exercises: []string{"a"}})
		if late != nil {
			t.Fatal(late)
		}
		for _, who := range []struct {
			id   int64
			late bool
		}{{ada.ID, false}, {zed.ID, true}} {
			got, _, err := s.RecordAttempt(ctx, NewAttempt{LearnerID: who.id, ExerciseID: "a", Answer: "x"})
			if err != nil || got.Late != who.late {
				t.Errorf("learner %d's attempt late = %v, %v; want %v", who.id, got.Late, err, who.late)
			}
		}
		if err := s.DeleteAssignment(ctx, room.ID, "lms-past"); err != nil {
			t.Fatal(err)
		}
		for _, c := range []struct {
			learner int64
			want    string
		}{{ada.ID, "ws"}, {zed.ID, "lms"}} {
			dues, err := s.DuesFor(ctx, c.learner)
			if err != nil || len(dues) != 1 || dues[0].ID != c.want {
				t.Errorf("learner %d is due %+v, %v; want %s only", c.learner, dues, err, c.want)
			}
		}
	})
}
