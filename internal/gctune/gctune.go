// Package gctune gives a busy server whose live heap is small room to
// allocate between garbage collections.
//
// Go's collector starts a cycle once the heap has grown by GOGC percent
// (100) of what the last cycle left live, and marks that whole live heap
// each time. The playground keeps its course in memory (a few megabytes of
// lessons, exercises and compiled checks) and net/http allocates a couple
// of kilobytes for every request, so under load the default marks the
// course again for every few thousand pages. A Tuner raises GOGC while the
// server is busy and its live heap small, so that a cycle comes once the
// heap has grown by Headroom instead; the heap's peak grows by Headroom at
// most. An idle server, or one whose live heap is larger than Headroom,
// runs with Go's default, so its resident memory is what it was.
//
// An operator who sets GOGC or GOMEMLIMIT keeps the say: Tune does nothing.
package gctune

import (
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"sync"
	"time"
)

// DefaultHeadroom is the room the playground gives its heap when busy:
// about five times the course it keeps in memory.
const DefaultHeadroom = 32 << 20

// basePercent is Go's own GOGC, which a Tuner never goes below.
const basePercent = 100

// Config says how much room to give, and where the environment and the
// clock are read.
type Config struct {
	// Headroom is how many bytes the heap may grow by between two
	// collections while the server is busy and its live heap smaller.
	Headroom uint64
	// Getenv reads the environment (os.Getenv in the program).
	Getenv func(string) string
	// Now reads the clock (time.Now when nil).
	Now func() time.Time
	// Looked, when set, is called with GOGC each time the tuner has
	// looked at the heap a collection left (tests wait on it).
	Looked func(percent int)
}

// Tuner looks at the heap after each collection and sets GOGC to match.
// Stop ends it and gives Go's default back.
type Tuner struct {
	headroom uint64
	now      func() time.Time
	looked   func(int)

	mu      sync.Mutex // look runs on the runtime's cleanup goroutine
	percent int        // what the tuner last set
	stopped bool
	last    heapAt // the heap at the previous look
	sample  []metrics.Sample
}

// heapAt is what a look saw: when, the bytes allocated since the program
// started, and the bytes the collection left live.
type heapAt struct {
	at              time.Time
	allocated, live uint64
}

// percentFor is the GOGC that lets a heap with live bytes live grow by
// headroom before the next collection, and never less than Go's 100.
func percentFor(live, headroom uint64) int {
	if live == 0 || headroom <= live {
		return basePercent
	}
	p := headroom * 100 / live
	return int(min(p, 1<<20)) // GOGC is an int; a near-empty heap would overflow it
}

// busy says whether the heap, between two looks, allocated more than its
// live size each second: with Go's default the collector would then mark
// the live heap at least once a second.
func busy(prev, cur heapAt) bool {
	elapsed := cur.at.Sub(prev.at)
	if prev.at.IsZero() || elapsed <= 0 || cur.allocated < prev.allocated {
		return false
	}
	return float64(cur.allocated-prev.allocated) > float64(cur.live)*elapsed.Seconds()
}

// Tune starts following the heap, unless the environment already says how
// the collector should run: then it returns nil and changes nothing.
func Tune(cfg Config) *Tuner {
	if cfg.Getenv("GOGC") != "" || cfg.Getenv("GOMEMLIMIT") != "" || cfg.Headroom == 0 {
		return nil
	}
	t := &Tuner{headroom: cfg.Headroom, now: cfg.Now, looked: cfg.Looked, percent: basePercent}
	if t.now == nil {
		t.now = time.Now
	}
	t.sample = []metrics.Sample{{Name: "/gc/heap/allocs:bytes"}, {Name: "/gc/heap/live:bytes"}}
	t.look()
	t.arm()
	return t
}

// Stop ends the tuning and sets GOGC back to Go's default.
func (t *Tuner) Stop() {
	if t == nil {
		return
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.stopped {
		return
	}
	t.stopped = true
	debug.SetGCPercent(basePercent)
	t.percent = basePercent
}

// arm has look run after the next collection: the runtime cleans up an
// object nothing points to once a cycle has found it unreachable, and the
// cleanup arms the next one.
func (t *Tuner) arm() {
	runtime.AddCleanup(new(cycleMark), func(t *Tuner) {
		percent, running := t.look()
		if !running {
			return
		}
		t.arm()
		if t.looked != nil {
			t.looked(percent)
		}
	}, t)
}

// cycleMark is an allocation whose only use is to be collected: big
// enough not to share a tiny block with anything that lives on.
type cycleMark struct{ _ [16]byte }

// look reads the heap the last cycle left and sets GOGC when it should
// change by a tenth or more, so that a heap that barely moves does not
// have the collector's pacing redone each cycle. It returns GOGC and
// whether the tuner still runs.
func (t *Tuner) look() (int, bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.stopped {
		return basePercent, false
	}
	metrics.Read(t.sample)
	if t.sample[0].Value.Kind() != metrics.KindUint64 || t.sample[1].Value.Kind() != metrics.KindUint64 {
		return t.percent, true
	}
	cur := heapAt{at: t.now(), allocated: t.sample[0].Value.Uint64(), live: t.sample[1].Value.Uint64()}
	want := basePercent
	if busy(t.last, cur) {
		want = percentFor(cur.live, t.headroom)
	}
	t.last = cur
	if want == t.percent || (want != basePercent && abs(want-t.percent)*10 < t.percent) {
		return t.percent, true
	}
	debug.SetGCPercent(want)
	t.percent = want
	return want, true
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
