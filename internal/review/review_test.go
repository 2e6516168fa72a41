package review

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// A learner's path through the boxes, one step at a time.
func TestLeitner(t *testing.T) {
	t0 := time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)
	type step struct {
		at      time.Duration // after t0
		o       Outcome
		wantBox int // 0: out of the schedule
		wantDue time.Duration
	}
	fail := Outcome{Codes: []string{"mcp.method.unknown"}}
	pass := Outcome{Passed: true}
	steps := []step{
		{0, fail, 1, 20 * time.Minute},
		{5 * time.Minute, pass, 1, 20 * time.Minute},                                                       // not due yet: no move
		{30 * time.Minute, pass, 2, 30*time.Minute + 24*time.Hour},                                         // due, no hint: box 2
		{30*time.Minute + 25*time.Hour, Outcome{Passed: true, Hints: 1}, 2, 30*time.Minute + 49*time.Hour}, // a hint: same box again
		{30*time.Minute + 50*time.Hour, Outcome{Passed: true, Hints: 1}, 3, 30*time.Minute + 50*time.Hour + 72*time.Hour},
		{30 * 24 * time.Hour, Outcome{Codes: []string{"jsonrpc.id.null"}, Hints: 1}, 1, 30*24*time.Hour + 20*time.Minute}, // a failure: back to box 1
	}
	var card *Card
	for i, st := range steps {
		next, keep := Next(card, st.o, t0.Add(st.at))
		gotBox := 0
		if keep {
			gotBox = next.Box
		}
		if gotBox != st.wantBox {
			t.Fatalf("step %d: box %d, want %d", i, gotBox, st.wantBox)
		}
		if keep && !next.Due.Equal(t0.Add(st.wantDue)) {
			t.Errorf("step %d: due %v, want %v", i, next.Due.Sub(t0), st.wantDue)
		}
		if keep {
			c := next
			card = &c
		} else {
			card = nil
		}
	}
	if d := cmp.Diff([]string{"jsonrpc.id.null", "mcp.method.unknown"}, card.Codes); d != "" {
		t.Errorf("codes (-want +got):\n%s", d)
	}
}

// Passing the last box retires the exercise; a pass with nothing scheduled
// schedules nothing.
func TestLeitnerRetires(t *testing.T) {
	now := time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)
	last := &Card{Box: Boxes, Due: now}
	if _, keep := Next(last, Outcome{Passed: true}, now); keep {
		t.Error("passing the last box keeps the card")
	}
	if _, keep := Next(nil, Outcome{Passed: true}, now); keep {
		t.Error("a first pass schedules a review")
	}
	many := make([]string, 40)
	for i := range many {
		many[i] = string(rune('a'+i%26)) + string(rune('a'+i/26))
	}
	if c, _ := Next(nil, Outcome{Codes: many}, now); len(c.Codes) != MaxCodes {
		t.Errorf("%d codes kept, want %d", len(c.Codes), MaxCodes)
	}
}

// Unfolding, during a due review, the hints opened before counts as taking
// a hint: the pass keeps the exercise in its box. Before the card is due,
// looking changes nothing.
func TestLookAgain(t *testing.T) {
	now := time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)
	due := Card{Box: 2, Due: now.Add(-time.Minute), HintsSeen: 2}
	looked := due.LookAgain(now)
	if !looked.LookedAgain() {
		t.Fatalf("a due card looked at is %+v, want its hints looked at again", looked)
	}
	next, keep := Next(&looked, Outcome{Passed: true, Hints: 2}, now)
	if !keep || next.Box != 2 || next.HintsSeen != 2 || next.LookedAgain() {
		t.Errorf("a pass after looking at the old hints gives %+v (keep %v), want box 2 again with 2 hints seen", next, keep)
	}
	if next, _ := Next(&due, Outcome{Passed: true, Hints: 2}, now); next.Box != 3 {
		t.Errorf("a pass without looking gives box %d, want 3", next.Box)
	}
	early := Card{Box: 2, Due: now.Add(time.Hour), HintsSeen: 2}
	if got := early.LookAgain(now); got.LookedAgain() {
		t.Errorf("a card not yet due is marked looked at: %+v", got)
	}
}
