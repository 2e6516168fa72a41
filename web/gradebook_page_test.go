package web

import (
	"strconv"
	"strings"
	"testing"

	"github.com/mcpplayground/playground/internal/store"
	"github.com/mcpplayground/playground/web/pagevm"
)

// The gradebook page shows pagevm.GradebookPageSize learners at a time, with
// links to the pages around it that keep the filter; the CSV has them all.
func TestGradebookPaged(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t, Config{}, asWorkshop())
	base := e.serve(t)
	var roster []store.RosterStudent
	for i := range 2*pagevm.GradebookPageSize + 50 {
		roster = append(roster, store.RosterStudent{StudentID: "s" + strconv.Itoa(1000+i), Name: "Student " + strconv.Itoa(i)})
	}
	if _, _, err := e.store.ImportRoster(t.Context(), roster); err != nil {
		t.Fatal(err)
	}
	lesson := e.catalog.Lessons("en")[0].Slug
	for _, tt := range []struct {
		query      string
		rows       int
		first      string
		page       string
		prev, next string
	}{
		{"", 100, "s1000", "Learners 1 to 100 of 250", "", "/instructor/gradebook?lesson=" + lesson + "&amp;page=2"},
		{"&page=2", 100, "s1100", "Learners 101 to 200 of 250", "page=1", "page=3"},
		{"&page=3", 50, "s1200", "Learners 201 to 250 of 250", "page=2", ""},
		{"&page=99", 100, "s1000", "Learners 1 to 100 of 250", "", "page=2"},
	} {
		r := instructorGet(t, base, "/instructor/gradebook?lesson="+lesson+tt.query)
		rows := strings.Count(r.body, "<tr data-learner=")
		if r.status != 200 || rows != tt.rows || !strings.Contains(r.body, `data-learner="`+tt.first+`"`) || !strings.Contains(r.body, tt.page) {
			t.Errorf("page %q: %d, %d rows, want %d from %s saying %q", tt.query, r.status, rows, tt.rows, tt.first, tt.page)
		}
		for rel, want := range map[string]string{"prev": tt.prev, "next": tt.next} {
			has := strings.Contains(r.body, `rel="`+rel+`"`)
			if has != (want != "") || want != "" && !strings.Contains(r.body, want) {
				t.Errorf("page %q: link %s present %v, want %q", tt.query, rel, has, want)
			}
		}
	}
	if rows := readCSV(t, instructorGet(t, base, "/instructor/gradebook.csv").body); len(rows) != 251 {
		t.Errorf("the CSV has %d learners, want all 250", len(rows)-1)
	}
}
