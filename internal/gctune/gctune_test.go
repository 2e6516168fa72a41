package gctune

import (
	"runtime"
	"runtime/metrics"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

const mib = 1 << 20

func TestPercentFor(t *testing.T) {
	tests := []struct {
		name           string
		live, headroom uint64
		want           int
	}{
		{"before the first cycle", 0, 32 * mib, 100},
		{"the course alone", 7 * mib, 32 * mib, 457},
		{"half the room", 16 * mib, 32 * mib, 200},
		{"as large as the room", 32 * mib, 32 * mib, 100},
		{"larger than the room", 500 * mib, 32 * mib, 100},
		{"a near-empty heap", 1, 32 * mib, 1 << 20},
	}
	var got, want []int
	for _, tt := range tests {
		got = append(got, percentFor(tt.live, tt.headroom))
		want = append(want, tt.want)
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("percentFor (-want +got):\n%s", d)
	}
}

func TestBusy(t *testing.T) {
	t0 := time.Date(2026, 12, 6, 10, 0, 0, 0, time.UTC)
	at := func(d time.Duration, allocated, live uint64) heapAt {
		return heapAt{at: t0.Add(d), allocated: allocated, live: live}
	}
	tests := []struct {
		name      string
		prev, cur heapAt
		want      bool
	}{
		{"the first look", heapAt{}, at(0, 100*mib, 7*mib), false},
		{"pages served: 140 MB a second", at(0, 100*mib, 7*mib), at(time.Second, 240*mib, 7*mib), true},
		{"just over its live size a second", at(0, 100*mib, 7*mib), at(2*time.Second, 115*mib, 7*mib), true},
		{"just under", at(0, 100*mib, 7*mib), at(2*time.Second, 113*mib, 7*mib), false},
		{"idle: the runtime's two-minute collection", at(0, 100*mib, 7*mib), at(2*time.Minute, 102*mib, 7*mib), false},
		{"no time passed", at(0, 100*mib, 7*mib), at(0, 140*mib, 7*mib), false},
		{"a clock that went back", at(time.Second, 100*mib, 7*mib), at(0, 140*mib, 7*mib), false},
	}
	for _, tt := range tests {
		if got := busy(tt.prev, tt.cur); got != tt.want {
			t.Errorf("%s: busy = %v, want %v", tt.name, got, tt.want)
		}
	}
}

func TestTuneLeavesAnOperatorsChoice(t *testing.T) {
	for _, env := range []map[string]string{{"GOGC": "200"}, {"GOGC": "off"}, {"GOMEMLIMIT": "1GiB"}} {
		before := gogc(t)
		tu := Tune(Config{Headroom: 32 * mib, Getenv: func(k string) string { return env[k] }})
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

// TestTuneFollowsTheHeap gives the heap 8 MiB of room. Busy (a
// microsecond between collections) with the test binary's small live heap,
// GOGC goes up; idle (an hour between them), it comes back to 100; busy
// with 16 MiB kept live, larger than the room, it stays at 100; Stop
// leaves 100.
func TestTuneFollowsTheHeap(t *testing.T) {
	var clock atomic.Int64 // nanoseconds; each reading moves it by step
	var step atomic.Int64
	step.Store(int64(time.Microsecond))
	looked := make(chan int, 1)
	tu := Tune(Config{
		Headroom: 8 * mib,
		Getenv:   func(string) string { return "" },
		Now:      func() time.Time { return time.Unix(0, clock.Add(step.Load())) },
		Looked: func(p int) {
			select {
			case looked <- p:
			default: // the test is not waiting: it reads the newest look
			}
		},
	})
	t.Cleanup(tu.Stop)

	if p := lookAfterCycle(t, looked, func(p int) bool { return p > 100 }); gogc(t) != p {
		t.Errorf("busy, small heap: GOGC %d, the tuner says %d", gogc(t), p)
	}
	step.Store(int64(time.Hour))
	if p := lookAfterCycle(t, looked, func(p int) bool { return p == 100 }); gogc(t) != p {
		t.Errorf("idle: GOGC %d, the tuner says %d", gogc(t), p)
	}
	step.Store(int64(time.Microsecond))
	lookAfterCycle(t, looked, func(p int) bool { return p > 100 })
	kept := make([]byte, 16*mib)
	if p := lookAfterCycle(t, looked, func(p int) bool { return p == 100 }); gogc(t) != p {
		t.Errorf("busy, heap larger than the room: GOGC %d, the tuner says %d", gogc(t), p)
	}
	runtime.KeepAlive(kept)

	tu.Stop()
	runtime.GC()
	if got := gogc(t); got != 100 {
		t.Errorf("after Stop: GOGC %d, want 100", got)
	}
}

// sink keeps the garbage lookAfterCycle makes from being optimised away.
var sink []byte

// lookAfterCycle makes some garbage and runs collections until the tuner
// reports a GOGC that ok accepts, a few cycles at most (a collection of
// the runtime's own may report the heap of before the test's change).
func lookAfterCycle(t *testing.T, looked <-chan int, ok func(int) bool) int {
	t.Helper()
	var p int
	for range 5 {
		sink = make([]byte, mib)
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
