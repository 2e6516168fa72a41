package store

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestLearnerTokenFindsOnlyItsLearner(t *testing.T) {
	eachEngine(t, testLearnerTokenFindsOnlyItsLearner)
}

func testLearnerTokenFindsOnlyItsLearner(t *testing.T, s *Store) {
	ctx := context.Background()
	a, tokA, err := s.CreateLearner(ctx)
	if err != nil {
		t.Fatal(err)
	}
	b, tokB, err := s.CreateLearner(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if a.ID == b.ID || tokA == tokB || a.ResumeCode == b.ResumeCode {
		t.Fatalf("two learners share an id, token or code: %+v %+v", a, b)
	}
	if len(tokA) < 22 { // 128 bits in base64url
		t.Errorf("token %q is shorter than 128 bits", tokA)
	}
	for _, tt := range []struct {
		token string
		want  int64
	}{{tokA, a.ID}, {tokB, b.ID}} {
		got, err := s.LearnerByToken(ctx, tt.token)
		if err != nil || got.ID != tt.want {
			t.Errorf("LearnerByToken = %d, %v; want %d", got.ID, err, tt.want)
		}
	}
	// The database holds only hashes: no row contains the token itself.
	var n int
	if err := s.read.QueryRowContext(ctx, `SELECT count(*) FROM learners WHERE token_hash = ?`, []byte(tokA)).Scan(&n); err != nil || n != 0 {
		t.Errorf("token stored in clear (%d rows, %v)", n, err)
	}
	forged := []string{"", "abc", strings.Repeat("A", 43), tokA[:42] + "!", tokA + "A", "'; DROP TABLE learners; --"}
	for _, tok := range forged {
		if _, err := s.LearnerByToken(ctx, tok); !errors.Is(err, ErrNotFound) {
			t.Errorf("LearnerByToken(%q) = %v, want ErrNotFound", tok, err)
		}
	}
}

func TestResumeCodeAdoptsIdentityOnANewDevice(t *testing.T) {
	eachEngine(t, testResumeCodeAdoptsIdentityOnANewDevice)
}

func testResumeCodeAdoptsIdentityOnANewDevice(t *testing.T, s *Store) {
	ctx := context.Background()
	l, first, err := s.CreateLearner(ctx)
	if err != nil {
		t.Fatal(err)
	}
	typed := strings.ToLower(strings.ReplaceAll(l.ResumeCode, "-", " "))
	got, second, err := s.AdoptByResumeCode(ctx, typed)
	if err != nil {
		t.Fatalf("AdoptByResumeCode(%q): %v", typed, err)
	}
	if got.ID != l.ID || second == first {
		t.Fatalf("adopted learner %d with token %q, want learner %d with a new token", got.ID, second, l.ID)
	}
	for _, tok := range []string{first, second} {
		if found, err := s.LearnerByToken(ctx, tok); err != nil || found.ID != l.ID {
			t.Errorf("after adoption, token finds %d, %v; want %d (both devices keep working)", found.ID, err, l.ID)
		}
	}
	for _, code := range []string{"", "ZZZZ-ZZZZ", "0000-0000", "ABCD-EFG", "ABCD-EFGHJ", "ÀBCD-EFGH"} {
		if code == l.ResumeCode {
			continue
		}
		if _, _, err := s.AdoptByResumeCode(ctx, code); !errors.Is(err, ErrNotFound) {
			t.Errorf("AdoptByResumeCode(%q) = %v, want ErrNotFound", code, err)
		}
	}
}

func TestNormalizeResumeCode(t *testing.T) {
	tests := []struct {
		in   string
		want string
		ok   bool
	}{
		{"ABCD-2345", "ABCD-2345", true},
		{"abcd2345", "ABCD-2345", true},
		{" ab cd - 23 45 ", "ABCD-2345", true},
		{"ABCD-234", "", false},
		{"ABCD-23456", "", false},
		{"ABCD-0000", "", false}, // 0 is not in the alphabet
		{"ABCI-2345", "", false}, // nor I
		{"", "", false},
	}
	for _, tt := range tests {
		got, ok := NormalizeResumeCode(tt.in)
		if diff := cmp.Diff(struct {
			S  string
			OK bool
		}{tt.want, tt.ok}, struct {
			S  string
			OK bool
		}{got, ok}); diff != "" {
			t.Errorf("NormalizeResumeCode(%q) (-want +got):\n%s", tt.in, diff)
		}
	}
	for range 100 {
		c := newResumeCode()
		if n, ok := NormalizeResumeCode(c); !ok || n != c {
			t.Fatalf("generated code %q does not normalise to itself (%q, %v)", c, n, ok)
		}
	}
}

func TestDisplayName(t *testing.T) { eachEngine(t, testDisplayName) }

func testDisplayName(t *testing.T, s *Store) {
	ctx := context.Background()
	l, _, err := s.CreateLearner(ctx)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct{ in, want string }{
		{"  Ada  ", "Ada"},
		{"Zoé\x00\x1b[31m", "Zoé[31m"},
		{strings.Repeat("é", 60), strings.Repeat("é", MaxDisplayName)},
		{"<script>", "<script>"}, // kept as text; the views escape it
		{"", ""},
	}
	for _, tt := range tests {
		got, err := s.SetDisplayName(ctx, l.ID, tt.in)
		if err != nil {
			t.Fatal(err)
		}
		back, err := s.LearnerByID(ctx, l.ID)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff([]string{tt.want, tt.want}, []string{got, back.DisplayName}); diff != "" {
			t.Errorf("SetDisplayName(%q) (-want +got):\n%s", tt.in, diff)
		}
	}
	if _, err := s.SetDisplayName(ctx, 9999, "x"); !errors.Is(err, ErrNotFound) {
		t.Errorf("SetDisplayName on a missing learner = %v, want ErrNotFound", err)
	}
}
