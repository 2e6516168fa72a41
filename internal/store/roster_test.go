package store

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestParseRoster(t *testing.T) {
	for _, tt := range []struct {
		name, in string
		want     []RosterStudent
		err      string
	}{
		{"header and email", "student_id,name,email\ns1,Ada Lovelace,ada@uni.example\ns2, Bob ,\n",
			[]RosterStudent{{"s1", "Ada Lovelace", "ada@uni.example"}, {"s2", "Bob", ""}}, ""},
		{"no header, byte order mark, quotes", "\ufeff42,\"Lovelace, Ada\"\n", []RosterStudent{{"42", "Lovelace, Ada", ""}}, ""},
		{"duplicate id", "s1,Ada\ns1,Bob\n", nil, "line 2: student id \"s1\" is already on line 1"},
		{"one column", "s1\n", nil, "line 1: 1 columns"},
		{"empty name", "s1,\u202e\n", nil, "line 1: the name is empty"},
		{"space in id", "s 1,Ada\n", nil, "line 1: the student id"},
		{"bad email", "s1,Ada,not-an-address\n", nil, "is not an e-mail address"},
		{"empty", "student_id,name\n", nil, "no student in the file"},
		{"not utf-8", "s0,Ada\ns1,\xff\n", nil, "line 2: the file is not UTF-8"},
		{"too big", strings.Repeat("x", MaxRosterBytes+1), nil, "larger than"},
		{"lone quote in the first field", "s1,Ada\n\"s2,Bob\n", nil, "line 2: a quoted field is not closed"},
		{"bare quote inside a field", "s1,Ada\ns\"2,Bob\n", nil, "line 2: a \" inside a field that is not quoted"},
		{"CR-only line ends", "student_id,name\rs1,Ada\rs2,Bob\r", []RosterStudent{{"s1", "Ada", ""}, {"s2", "Bob", ""}}, ""},
		{"CRLF line ends", "s1,Ada\r\ns2,Bob\r\n", []RosterStudent{{"s1", "Ada", ""}, {"s2", "Bob", ""}}, ""},
		{"id in NFC", "e\u0301l\u00e8ve,Ada\n", []RosterStudent{{"\u00e9l\u00e8ve", "Ada", ""}}, ""},
		{"zero-width space in id", "s\u200b1,Ada\n", nil, "line 1: the student id \"s\\u200b1\" holds an invisible character (U+200B) at character 2"},
		{"soft hyphen in id", "s\u00ad1,Ada\n", nil, "invisible character (U+00AD)"},
		{"Cyrillic look-alike in id", "\u0430da,Ada\n", nil, "line 1: the student id \"\u0430da\" mixes Latin letters with Cyrillic ones"},
		{"Greek look-alike in id", "\u03bfmar,Omar\n", nil, "mixes Latin letters with Greek ones"},
		{"an id all in Cyrillic is fine", "\u0438\u0432\u0430\u043d,Ivan\n", []RosterStudent{{"\u0438\u0432\u0430\u043d", "Ivan", ""}}, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ParseRoster(strings.NewReader(tt.in))
			if tt.err != "" {
				if !errors.Is(err, ErrBadRoster) || !strings.Contains(err.Error(), tt.err) {
					t.Errorf("error %v, want ErrBadRoster with %q", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func TestImportRoster(t *testing.T) { eachEngine(t, testImportRoster) }

func testImportRoster(t *testing.T, s *Store) {
	ctx := context.Background()
	walkIn, _, err := s.JoinWorkshop(ctx, 0, "Walk-in")
	if err != nil {
		t.Fatal(err)
	}
	added, updated, err := s.ImportRoster(ctx, []RosterStudent{{"s1", "Ada", "ada@uni.example"}, {"s2", "Bob", ""}})
	if err != nil || added != 2 || updated != 0 {
		t.Fatalf("first import: %d added, %d updated, %v", added, updated, err)
	}
	added, updated, err = s.ImportRoster(ctx, []RosterStudent{{"s2", "Bob Jones", "bob@uni.example"}, {"s3", "Cyd", ""}})
	if err != nil || added != 1 || updated != 1 {
		t.Fatalf("second import: %d added, %d updated, %v", added, updated, err)
	}
	ls, err := s.Learners(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, l := range ls {
		got = append(got, l.Key()+" "+l.DisplayName+" "+l.Email)
	}
	want := []string{itoa64(walkIn.ID) + " Walk-in ", "s1 Ada ada@uni.example", "s2 Bob Jones bob@uni.example", "s3 Cyd "}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("learners (-want +got):\n%s", diff)
	}
	// The personal code is the resume code: it finds the student and
	// adopts them on a new device.
	found, err := s.LearnerByResumeCode(ctx, strings.ToLower(ls[1].ResumeCode))
	if err != nil || found.StudentID != "s1" {
		t.Errorf("LearnerByResumeCode = %+v, %v", found, err)
	}
	adopted, token, err := s.AdoptByResumeCode(ctx, ls[1].ResumeCode)
	if err != nil || adopted.ID != ls[1].ID {
		t.Fatalf("adopt = %+v, %v", adopted, err)
	}
	if me, err := s.LearnerByToken(ctx, token); err != nil || me.StudentID != "s1" {
		t.Errorf("the student's browser is %+v, %v", me, err)
	}
	joined, err := s.Joined(ctx)
	if err != nil || !joined[ls[1].ID] || joined[ls[2].ID] {
		t.Errorf("joined = %v, %v", joined, err)
	}
}

func itoa64(n int64) string { return strconv.FormatInt(n, 10) }

func TestReissueResumeCode(t *testing.T) { eachEngine(t, testReissueResumeCode) }

// A leaked code is replaced: the old one finds no one at once, the
// browser that came in with it is signed out, the progress stays.
func testReissueResumeCode(t *testing.T, s *Store) {
	ctx := context.Background()
	if _, _, err := s.ImportRoster(ctx, []RosterStudent{{"s1", "Ada", ""}}); err != nil {
		t.Fatal(err)
	}
	ada, err := s.LearnerByStudentID(ctx, "s1")
	if err != nil {
		t.Fatal(err)
	}
	_, token, err := s.AdoptByResumeCode(ctx, ada.ResumeCode)
	if err != nil {
		t.Fatal(err)
	}
	again, err := s.ReissueResumeCode(ctx, ada.ID)
	if err != nil || again.ID != ada.ID || again.ResumeCode == ada.ResumeCode || again.StudentID != "s1" {
		t.Fatalf("reissue = %+v, %v (old code %s)", again, err, ada.ResumeCode)
	}
	if _, err := s.LearnerByResumeCode(ctx, ada.ResumeCode); !errors.Is(err, ErrNotFound) {
		t.Errorf("the old code still finds %v", err)
	}
	if _, _, err := s.AdoptByResumeCode(ctx, ada.ResumeCode); !errors.Is(err, ErrNotFound) {
		t.Errorf("the old code still adopts: %v", err)
	}
	if _, err := s.LearnerByToken(ctx, token); !errors.Is(err, ErrNotFound) {
		t.Errorf("the browser that came in with the old code is still Ada: %v", err)
	}
	if found, err := s.LearnerByResumeCode(ctx, again.ResumeCode); err != nil || found.ID != ada.ID {
		t.Errorf("the new code finds %+v, %v", found, err)
	}
	if _, err := s.ReissueResumeCode(ctx, 999999); !errors.Is(err, ErrNotFound) {
		t.Errorf("reissue of an unknown learner: %v", err)
	}
}
