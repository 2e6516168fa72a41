package guard

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

func TestTokenBucket(t *testing.T) {
	l := NewLimiter(RateLimit{PerSecond: 2, Burst: 3})
	t0 := time.Unix(1000, 0)
	steps := []struct {
		at   time.Duration
		key  string
		ok   bool
		wait time.Duration
	}{
		{0, "a", true, 0},
		{0, "a", true, 0},
		{0, "a", true, 0},
		{0, "a", false, 500 * time.Millisecond}, // burst spent: one token per 500 ms
		{0, "b", true, 0},                       // another key has its own bucket
		{250 * time.Millisecond, "a", false, 250 * time.Millisecond},
		{500 * time.Millisecond, "a", true, 0},
		{500 * time.Millisecond, "a", false, 500 * time.Millisecond},
		{10 * time.Second, "a", true, 0}, // refilled, but never above the burst
		{10 * time.Second, "a", true, 0},
		{10 * time.Second, "a", true, 0},
		{10 * time.Second, "a", false, 500 * time.Millisecond},
	}
	for i, st := range steps {
		ok, wait := l.Take(st.key, t0.Add(st.at))
		if ok != st.ok || wait != st.wait {
			t.Errorf("step %d: take(%s) at +%v = %v, %v; want %v, %v", i, st.key, st.at, ok, wait, st.ok, st.wait)
		}
	}
	// Buckets that refilled are forgotten at the next sweep.
	if n := l.size(); n != 2 {
		t.Fatalf("%d buckets, want 2", n)
	}
	l.Take("c", t0.Add(2*time.Minute))
	if n := l.size(); n != 1 {
		t.Errorf("after a sweep %d buckets are kept, want only the new one", n)
	}
	off := NewLimiter(RateLimit{PerSecond: -1})
	for range 1000 {
		if ok, _ := off.Take("x", t0); !ok {
			t.Fatal("a limit turned off refused a request")
		}
	}
}

func TestRateLimitDefaults(t *testing.T) {
	def := RateLimit{PerSecond: 5, Burst: 20}
	for _, c := range []struct {
		name     string
		in, want RateLimit
	}{
		{"zero takes the default", RateLimit{}, def},
		{"no burst is a burst of one", RateLimit{PerSecond: 1}, RateLimit{PerSecond: 1, Burst: 1}},
		{"off stays off", RateLimit{PerSecond: -1}, RateLimit{PerSecond: -1, Burst: 1}},
		{"set is kept", RateLimit{PerSecond: 2, Burst: 3}, RateLimit{PerSecond: 2, Burst: 3}},
	} {
		if diff := cmp.Diff(c.want, c.in.OrDefault(def)); diff != "" {
			t.Errorf("%s (-want +got):\n%s", c.name, diff)
		}
	}
}

// TestLimiterCeiling: each key has its bucket and all of them together
// one more; a take the ceiling refuses leaves the key's token unspent.
func TestLimiterCeiling(t *testing.T) {
	l := NewLimiter(RateLimit{PerSecond: 0.001, Burst: 2}).WithCeiling(RateLimit{PerSecond: 0.001, Burst: 3})
	t0 := time.Unix(1000, 0)
	var got []bool
	for _, k := range []string{"a", "a", "b", "b", "c"} {
		ok, _ := l.Take(k, t0)
		got = append(got, ok)
	}
	if diff := cmp.Diff([]bool{true, true, true, false, false}, got); diff != "" {
		t.Errorf("takes (-want +got):\n%s", diff)
	}
	if b := l.buckets["b"]; b == nil || b.tokens != 1 {
		t.Errorf("b's bucket after a refused take = %+v, want one token left", b)
	}
}
