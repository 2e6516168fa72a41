package guard

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// TestHeavyGateRetry: the wait a refusal announces follows the requests
// in the way — the learner's own or everyone's —, each expected to last
// as long as the last ones of its route, the prior before any ended; one
// past its expected end may end now.
func TestHeavyGateRetry(t *testing.T) {
	t0 := time.Date(2026, 1, 1, 10, 0, 0, 0, time.UTC)
	at := func(s int) time.Time { return t0.Add(time.Duration(s) * time.Second) }
	g := NewHeavyGate(HeavyLimit{PerLearner: 1, Overall: 2, RetryAfter: 5 * time.Second})
	type refusal struct {
		Key   string
		Mine  bool
		Retry time.Duration
	}
	var got []refusal
	try := func(key, route string, now time.Time) func(time.Time) {
		done, retry, err := g.Take(key, route, now)
		if err != nil {
			got = append(got, refusal{key, err == ErrKeySlots, retry})
		}
		return done
	}
	a := try("a", "/explain", at(0))
	try("a", "/explain", at(2)) // prior: ends at 5
	a(at(10))                   // explains now take 10 s
	a = try("a", "/explain", at(10))
	b := try("b", "/check", at(11))
	try("c", "/explain", at(12)) // a's ends at 20, b's (prior) at 16
	b(at(31))                    // checks take 20 s
	b = try("b", "/check", at(31))
	try("c", "/explain", at(40)) // a's is past its end: any moment
	a(at(41))
	b(at(42))
	try("d", "/explain", at(43))
	want := []refusal{
		{"a", true, 3 * time.Second},
		{"c", false, 4 * time.Second},
		{"c", false, 0},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("refusals (-want +got):\n%s", diff)
	}
}
