package guard

import (
	"errors"
	"io"
	"net/http"
	"time"
)

// HeavyConfig is the bound of the heavy requests (explaining a log,
// checking a learner's server).
type HeavyConfig struct {
	Clock  Clock // nil: the system clock
	Gate   *HeavyGate
	Client ClientFunc
	// Refuse answers a request the gate refused (503), mine when the
	// client's own bound refused it, saying when a slot is likely free.
	Refuse func(w http.ResponseWriter, r *http.Request, mine bool, retryAfter time.Duration)
	// Drain is how much of a refused request's body is read and dropped
	// once the refusal is sent: what the route would have taken.
	Drain int64
}

// Heavy is the middleware of the heavy routes: the request holds one of
// its client's slots and one of everyone's while the rest of the chain
// runs, or is refused before its body is read.
//
// A refused request may still be sending a body of megabytes: it is read
// and dropped, up to Drain and within the body's deadline (BodyDeadline),
// once the refusal is sent. Closing on it instead would reset the
// connection under a client still writing, which then reports a network
// failure instead of the 503 and its Retry-After. Nothing of the body is
// kept.
func Heavy(cfg HeavyConfig) Middleware {
	clock := orSystem(cfg.Clock)
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			who, ok := cfg.Client(w, r)
			if !ok {
				return
			}
			done, retry, err := cfg.Gate.Take(who.Key, r.URL.Path, clock.Now())
			if err != nil {
				cfg.Refuse(w, r, errors.Is(err, ErrKeySlots), retry)
				drain(w, r, cfg.Drain)
				return
			}
			defer func() { done(clock.Now()) }()
			next.ServeHTTP(w, r)
		})
	}
}

// drain sends what was answered, then reads and drops up to n bytes of
// the body as it came.
func drain(w http.ResponseWriter, r *http.Request, n int64) {
	body := unlimitedBody(r)
	if body == nil || body == http.NoBody {
		return
	}
	_ = http.NewResponseController(w).Flush()
	_, _ = io.Copy(io.Discard, io.LimitReader(body, n))
}
