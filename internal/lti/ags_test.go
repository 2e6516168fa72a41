package lti

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// The scores URL of the line item shapes real platforms send: "/scores"
// goes on the path, the query stays (a score posted after Moodle's
// ?type_id= is lost).
func TestScoresURL(t *testing.T) {
	for in, want := range map[string]string{
		"https://moodle.example.edu/mod/lti/services.php/2/lineitems/9/lineitem?type_id=1": "https://moodle.example.edu/mod/lti/services.php/2/lineitems/9/lineitem/scores?type_id=1",
		"https://canvas.example.edu/api/lti/courses/1/line_items/5":                        "https://canvas.example.edu/api/lti/courses/1/line_items/5/scores",
		"https://lms.example.edu/lineitems/7/":                                             "https://lms.example.edu/lineitems/7/scores",
		"https://lms.example.edu/a%2Fb/lineitem?x=1&y=2":                                   "https://lms.example.edu/a%2Fb/lineitem/scores?x=1&y=2",
	} {
		got, err := ScoresURL(in)
		if err != nil || got != want {
			t.Errorf("ScoresURL(%s) = %s, %v; want %s", in, got, err, want)
		}
	}
	for _, bad := range []string{"", "ftp://lms/x", "/relative/lineitem", "https:///nohost"} {
		if _, err := ScoresURL(bad); err == nil {
			t.Errorf("ScoresURL(%q) took it", bad)
		}
	}
}

// The outbox retries within a minute first, then doubling, never more
// than an hour apart.
func TestRetryAfter(t *testing.T) {
	var got []time.Duration
	for tries := range 9 {
		got = append(got, retryAfter(tries))
	}
	want := []time.Duration{30 * time.Second, time.Minute, 2 * time.Minute, 4 * time.Minute, 8 * time.Minute, 16 * time.Minute, 32 * time.Minute, time.Hour, time.Hour}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("retry schedule (-want +got):\n%s", diff)
	}
}

// Roles in the full and the short vocabularies; a learner or a mentor is
// not a teacher.
func TestInstructorRoles(t *testing.T) {
	for roles, want := range map[string]bool{
		"http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor":                   true,
		"http://purl.imsglobal.org/vocab/lis/v2/membership/Instructor#TeachingAssistant": true,
		"http://purl.imsglobal.org/vocab/lis/v2/institution/person#Administrator":        true,
		"Instructor": true,
		"http://purl.imsglobal.org/vocab/lis/v2/membership#Learner":         false,
		"http://purl.imsglobal.org/vocab/lis/v2/membership#Mentor":          false,
		"http://purl.imsglobal.org/vocab/lis/v2/institution/person#Student": false,
	} {
		if got := (Launch{Roles: []string{roles}}).Instructor(); got != want {
			t.Errorf("Instructor(%s) = %v", roles, got)
		}
	}
}

// A Link header's rel="next" is the next page of an NRPS roster.
func TestNextLink(t *testing.T) {
	h := []string{`<https://lms/m?p=1>; rel="prev", <https://lms/m?p=3>; rel="next"`}
	if got := nextLink(h); got != "https://lms/m?p=3" {
		t.Errorf("nextLink = %q", got)
	}
	if got := nextLink([]string{`<https://lms/m?p=1>; rel="differences"`}); got != "" {
		t.Errorf("nextLink without next = %q", got)
	}
}
