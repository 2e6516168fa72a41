package store

import (
	"errors"
	"testing"
	"time"
)

// Instances with different content on one database: a new one is refused
// while another's claim lives; the same content is welcome; a released or
// lapsed claim no longer counts.
func TestClaimContent(t *testing.T) {
	eachEngine(t, func(t *testing.T, s *Store) {
		ctx := t.Context()
		now := time.Date(2026, 12, 2, 9, 0, 0, 0, time.UTC)
		a, err := s.ClaimContent(ctx, "aaa", now)
		if err != nil {
			t.Fatal(err)
		}
		twin, err := s.ClaimContent(ctx, "aaa", now.Add(time.Second))
		if err != nil {
			t.Fatalf("the same content beside it: %v", err)
		}
		if _, err := s.ClaimContent(ctx, "bbb", now.Add(2*time.Second)); !errors.Is(err, ErrOtherContent) {
			t.Errorf("other content beside live claims = %v, want ErrOtherContent", err)
		}
		// The twin stops: a's claim still stands.
		if err := s.ReleaseContent(ctx, twin); err != nil {
			t.Fatal(err)
		}
		if _, err := s.ClaimContent(ctx, "bbb", now.Add(3*time.Second)); !errors.Is(err, ErrOtherContent) {
			t.Errorf("other content once the twin stopped = %v, want ErrOtherContent", err)
		}
		if err := s.RenewContent(ctx, a, now.Add(ContentLease/3)); err != nil {
			t.Fatal(err)
		}
		if err := s.ReleaseContent(ctx, a); err != nil {
			t.Fatal(err)
		}
		b, err := s.ClaimContent(ctx, "bbb", now.Add(4*time.Second))
		if err != nil {
			t.Fatalf("after every claim was released: %v", err)
		}
		// b is never renewed: its claim lapses.
		if _, err := s.ClaimContent(ctx, "ccc", now.Add(5*time.Second+ContentLease)); err != nil {
			t.Errorf("after the claim lapsed: %v", err)
		}
		_ = b
	})
}
