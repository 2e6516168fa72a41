package guard

import (
	"math"
	"sync"
	"time"
)

// RateLimit is a token bucket: a client may send Burst requests at once,
// then PerSecond requests a second. A negative PerSecond turns it off.
type RateLimit struct {
	PerSecond float64
	Burst     int
}

// OrDefault is r, or d when r is zero; a burst below one is one.
func (r RateLimit) OrDefault(d RateLimit) RateLimit {
	if r.PerSecond == 0 && r.Burst == 0 {
		return d
	}
	if r.Burst <= 0 {
		r.Burst = 1
	}
	return r
}

// Limiter keeps one token bucket per key in memory. Idle buckets refill to
// full and are then forgotten, so memory follows the active clients, not
// every client ever seen.
type Limiter struct {
	rate, burst float64
	off         bool
	// overall, when set, is the ceiling of every key together: a limit
	// per address is no limit against many addresses.
	overall *Limiter

	mu        sync.Mutex
	buckets   map[string]*bucket
	lastSweep time.Time
}

type bucket struct {
	tokens float64
	last   time.Time
}

// NewLimiter is a Limiter of r per key.
func NewLimiter(r RateLimit) *Limiter {
	return &Limiter{rate: r.PerSecond, burst: float64(r.Burst), off: r.PerSecond < 0, buckets: map[string]*bucket{}}
}

// WithCeiling sets the bound of every key together.
func (l *Limiter) WithCeiling(r RateLimit) *Limiter {
	l.overall = NewLimiter(r)
	return l
}

// Take spends one token of key's bucket, and one of the ceiling's. When
// none is left it reports how long until one is.
func (l *Limiter) Take(key string, now time.Time) (bool, time.Duration) {
	ok, wait := l.takeKey(key, now)
	if !ok || l.overall == nil {
		return ok, wait
	}
	if ok, wait = l.overall.takeKey("", now); !ok {
		l.refund(key)
	}
	return ok, wait
}

// refund gives key back the token a refused take spent.
func (l *Limiter) refund(key string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if b := l.buckets[key]; b != nil {
		b.tokens = math.Min(l.burst, b.tokens+1)
	}
}

func (l *Limiter) takeKey(key string, now time.Time) (bool, time.Duration) {
	if l.off {
		return true, 0
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	l.sweep(now)
	b, ok := l.buckets[key]
	if !ok {
		b = &bucket{tokens: l.burst, last: now}
		l.buckets[key] = b
	}
	if dt := now.Sub(b.last).Seconds(); dt > 0 {
		b.tokens = math.Min(l.burst, b.tokens+dt*l.rate)
	}
	b.last = now
	if b.tokens >= 1 {
		b.tokens--
		return true, 0
	}
	if l.rate <= 0 {
		return false, time.Minute
	}
	return false, time.Duration((1 - b.tokens) / l.rate * float64(time.Second))
}

// sweep forgets, once a minute, the buckets that have refilled: a new
// bucket starts full, so forgetting them changes nothing.
func (l *Limiter) sweep(now time.Time) {
	if now.Sub(l.lastSweep) < time.Minute {
		return
	}
	l.lastSweep = now
	for k, b := range l.buckets {
		if b.tokens+now.Sub(b.last).Seconds()*l.rate >= l.burst {
			delete(l.buckets, k)
		}
	}
}

// size is the buckets kept.
func (l *Limiter) size() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.buckets)
}
