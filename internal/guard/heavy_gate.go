package guard

import (
	"sync"
	"time"
)

// HeavyLimit bounds the heavy requests held at once: PerLearner for one
// client (a learner, or an address without one), Overall for everyone.
// RetryAfter is what a request is expected to take before any of its
// route has ended.
type HeavyLimit struct {
	PerLearner, Overall int
	RetryAfter          time.Duration
}

// OrDefault fills h's zero fields with d's.
func (h HeavyLimit) OrDefault(d HeavyLimit) HeavyLimit {
	if h.PerLearner <= 0 {
		h.PerLearner = d.PerLearner
	}
	if h.Overall <= 0 {
		h.Overall = d.Overall
	}
	if h.RetryAfter <= 0 {
		h.RetryAfter = d.RetryAfter
	}
	return h
}

// HeavyGate holds the heavy requests' slots (per client and overall) and
// remembers when each held one started and how long the last ones of its
// route took, so that a refusal can say when a slot is likely free: when
// the soonest of the requests in the way is expected to end.
type HeavyGate struct {
	slots *Slots
	prior time.Duration // what a request is expected to take before any has ended

	mu    sync.Mutex
	holds map[*heavyHold]struct{}
	took  map[string]*recentDurations // by route
}

// heavyHold is one heavy request being served.
type heavyHold struct {
	key, route string
	start      time.Time
}

// recentDurations keeps the last few durations of one route.
type recentDurations struct {
	d    [8]time.Duration
	n, i int
}

func (r *recentDurations) add(d time.Duration) {
	r.d[r.i] = d
	r.i = (r.i + 1) % len(r.d)
	r.n = min(r.n+1, len(r.d))
}

func (r *recentDurations) mean() time.Duration {
	var sum time.Duration
	for _, d := range r.d[:r.n] {
		sum += d
	}
	return sum / time.Duration(r.n)
}

// NewHeavyGate holds h's slots; its fields must be set (OrDefault).
func NewHeavyGate(h HeavyLimit) *HeavyGate {
	return &HeavyGate{slots: NewSlots(h.PerLearner, h.Overall), prior: h.RetryAfter,
		holds: map[*heavyHold]struct{}{}, took: map[string]*recentDurations{}}
}

// Take holds a slot of key for a request of route starting at now; done
// gives it back when the request ends. When a bound refuses it, err says
// which (ErrKeySlots, ErrAllSlots) and retry when a slot is likely free.
func (g *HeavyGate) Take(key, route string, now time.Time) (done func(end time.Time), retry time.Duration, err error) {
	release, err := g.slots.Take(key)
	if err != nil {
		return nil, g.retry(key, err == ErrKeySlots, now), err
	}
	h := &heavyHold{key: key, route: route, start: now}
	g.mu.Lock()
	g.holds[h] = struct{}{}
	g.mu.Unlock()
	var once sync.Once
	return func(end time.Time) {
		once.Do(func() {
			g.finish(h, end)
			release()
		})
	}, 0, nil
}

// finish forgets h and remembers how long it took.
func (g *HeavyGate) finish(h *heavyHold, end time.Time) {
	g.mu.Lock()
	defer g.mu.Unlock()
	delete(g.holds, h)
	r := g.took[h.route]
	if r == nil {
		r = &recentDurations{}
		g.took[h.route] = r
	}
	r.add(max(0, end.Sub(h.start)))
}

// retry is how long until the soonest of the requests in the way (key's
// own when mine, everyone's otherwise) is expected to end: each is
// expected to take the mean of its route's last durations, or prior before
// any ended. One already past its expected end may end at any moment.
func (g *HeavyGate) retry(key string, mine bool, now time.Time) time.Duration {
	g.mu.Lock()
	defer g.mu.Unlock()
	soonest := time.Duration(-1)
	for h := range g.holds {
		if mine && h.key != key {
			continue
		}
		expected := g.prior
		if r := g.took[h.route]; r != nil {
			expected = r.mean()
		}
		left := max(0, h.start.Add(expected).Sub(now))
		if soonest < 0 || left < soonest {
			soonest = left
		}
	}
	return max(0, soonest)
}
