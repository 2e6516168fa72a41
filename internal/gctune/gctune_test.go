package gctune

import (
	"runtime"
	"runtime/metrics"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

func TestPercent(t *testing.T) {
	const mib = 1 << 20
	tests := []struct {
		name           string
		live, headroom uint64
		want           int
	}{
		{"before the first cycle", 0, 64 * mib, 100},
		{"the course alone", 6 * mib, 64 * mib, 1066},
		{"half the room", 32 * mib, 64 * mib, 200},
		{"as large as the room", 64 * mib, 64 * mib, 100},
		{"larger than the room", 500 * mib, 64 * mib, 100},
		{"a near-empty heap", 1, 64 * mib, 1 << 20},
	}
	var got, want []int
	for _, tt := range tests {
		got = append(got, Percent(tt.live, tt.headroom))
		want = append(want, tt.want)
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("Percent (-want +got):\n%s", d)
	}
}

func TestTuneLeavesAnOperatorsChoice(t *testing.T) {
	for _, env := range []map[string]string{{"GOGC": "200"}, {"GOGC": "off"}, {"GOMEMLIMIT": "1GiB"}} {
		before := gogc(t)
		tu := Tune(Config{Headroom: 64 << 20, Getenv: func(k string) string { return env[k] }})
		if tu != nil {
			tu.Stop()
			t.Fatalf("Tune with %v: a tuner, want none", env)
		}
		tu.Stop() // a nil tuner stops without harm
		if got := gogc(t); got != before {
			t.Errorf("Tune with %v: GOGC %d, want %d as before", env, got, before)
		}
	}
}

// TestTuneFollowsTheLiveHeap gives the heap 8 MiB of room: the test
// binary's own live heap is far smaller, so GOGC goes up; 16 MiB kept
// live is larger, so GOGC comes back to 100; Stop leaves 100.
func TestTuneFollowsTheLiveHeap(t *testing.T) {
	looked := make(chan int, 1)
	tu := Tune(Config{Headroom: 8 << 20, Getenv: func(string) string { return "" }, Looked: func(p int) {
		select {
		case looked <- p:
		default: // the test is not waiting: it reads the newest look
		}
	}})
	t.Cleanup(tu.Stop)

	if p := lookAfterCycle(t, looked, func(p int) bool { return p > 100 }); gogc(t) != p {
		t.Errorf("small heap: GOGC %d, the tuner says %d", gogc(t), p)
	}
	kept := make([]byte, 16<<20)
	if p := lookAfterCycle(t, looked, func(p int) bool { return p == 100 }); gogc(t) != p {
		t.Errorf("heap larger than the room: GOGC %d, the tuner says %d", gogc(t), p)
	}
	runtime.KeepAlive(kept)

	kept = nil
	tu.Stop()
	runtime.GC()
	if got := gogc(t); got != 100 {
		t.Errorf("after Stop: GOGC %d, want 100", got)
	}
}

// lookAfterCycle runs collections until the tuner reports a GOGC that ok
// accepts, a few cycles at most (a collection of the runtime's own may
// report the heap of before the test's change).
func lookAfterCycle(t *testing.T, looked <-chan int, ok func(int) bool) int {
	t.Helper()
	var p int
	for range 5 {
		runtime.GC()
		select {
		case p = <-looked:
		case <-time.After(time.Minute):
			t.Fatal("no look at the heap within a minute of a collection")
		}
		if ok(p) {
			return p
		}
	}
	t.Fatalf("the tuner says GOGC %d after five collections", p)
	return p
}

func gogc(t *testing.T) int {
	t.Helper()
	s := []metrics.Sample{{Name: "/gc/gogc:percent"}}
	metrics.Read(s)
	return int(s[0].Value.Uint64())
}
