package guard

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// TestFailureLimiterBurst: failures count from the first one of a burst,
// over the window, whatever the clock's minute; a network (an IPv6 /64)
// counts as one; every network together has a ceiling.
func TestFailureLimiterBurst(t *testing.T) {
	f := newFailureLimiter(FailureLimit{Max: 3, GlobalMax: 5, Window: time.Minute})
	t0 := time.Date(2026, 1, 1, 10, 0, 50, 0, time.UTC) // ten seconds before a minute ends
	for _, d := range []time.Duration{0, 5 * time.Second, 15 * time.Second} {
		f.Fail("2001:db8::1", t0.Add(d))
	}
	if f.Allow("2001:db8::2", t0.Add(16*time.Second)) {
		t.Error("three failures across a clock minute's end were not counted together")
	}
	if !f.Allow("2001:db8:0:1::1", t0.Add(16*time.Second)) {
		t.Error("another /64 was refused for the first one's failures")
	}
	if !f.Allow("2001:db8::1", t0.Add(time.Minute)) {
		t.Error("the burst did not end a window after its first failure")
	}
	f.Fail("10.0.0.1", t0.Add(20*time.Second))
	f.Fail("10.0.0.2", t0.Add(20*time.Second))
	if f.Allow("10.0.0.3", t0.Add(21*time.Second)) {
		t.Error("past the ceiling overall, a fresh address was allowed")
	}
	def := FailureLimit{Max: 20, GlobalMax: 1000, Window: time.Minute}
	f2 := newFailureLimiter(FailureLimit{}.OrDefault(def))
	if diff := cmp.Diff(def, f2.lim); diff != "" {
		t.Errorf("zero limit (-want +got):\n%s", diff)
	}
}
