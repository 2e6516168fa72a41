package store

import (
	"bytes"
	"context"
	"testing"
	"time"
)

func TestSecretIsCreatedOnceAndShared(t *testing.T) { eachEngine(t, testSecretIsCreatedOnceAndShared) }

func testSecretIsCreatedOnceAndShared(t *testing.T, s *Store) {
	ctx := context.Background()
	a, err := s.Secret(ctx, "cookie", 32)
	if err != nil {
		t.Fatal(err)
	}
	b, err := s.Secret(ctx, "cookie", 32)
	if err != nil {
		t.Fatal(err)
	}
	if len(a) != 32 || !bytes.Equal(a, b) {
		t.Errorf("secret changed between calls: %x then %x", a, b)
	}
	other, err := s.Secret(ctx, "other", 32)
	if err != nil || bytes.Equal(a, other) {
		t.Errorf("two secrets share a value (%v)", err)
	}
	if _, err := s.Secret(ctx, "huge", MaxSecretBytes+1); err == nil {
		t.Error("an oversized secret was created")
	}
}

func TestInstructorSessions(t *testing.T) { eachEngine(t, testInstructorSessions) }

func testInstructorSessions(t *testing.T, s *Store) {
	ctx := context.Background()
	now := time.Now()
	live, old := []byte("live-session-hash"), []byte("old-session-hash")
	if err := s.CreateInstructorSession(ctx, old, now.Add(-2*time.Hour), now.Add(-time.Hour)); err != nil {
		t.Fatal(err)
	}
	if err := s.CreateInstructorSession(ctx, live, now, now.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name string
		id   []byte
		at   time.Time
		want bool
	}{
		{"live", live, now, true},
		{"live after expiry", live, now.Add(2 * time.Hour), false},
		{"expired and swept", old, now.Add(-90 * time.Minute), false},
		{"unknown", []byte("nope"), now, false},
	} {
		got, err := s.InstructorSessionValid(ctx, tt.id, tt.at)
		if err != nil || got != tt.want {
			t.Errorf("%s: valid = %v (%v), want %v", tt.name, got, err, tt.want)
		}
	}
	if err := s.RevokeInstructorSession(ctx, live); err != nil {
		t.Fatal(err)
	}
	if ok, err := s.InstructorSessionValid(ctx, live, now); ok || err != nil {
		t.Errorf("revoked session still valid (%v)", err)
	}
}
