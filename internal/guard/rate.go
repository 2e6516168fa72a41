package guard

import (
	"net/http"
	"time"
)

// RateConfig is one rate limit: a bucket per known client in Known, a
// bucket per address in Anonymous.
type RateConfig struct {
	Clock            Clock // nil: the system clock
	Client           ClientFunc
	Known, Anonymous *Limiter
	// Refuse answers a request over its limit (429), saying when a token
	// is back.
	Refuse func(w http.ResponseWriter, r *http.Request, retryAfter time.Duration)
}

// Rate is the middleware of a token-bucket limit: a request spends a token
// of its client's bucket, or is refused.
func Rate(cfg RateConfig) Middleware {
	clock := orSystem(cfg.Clock)
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			now := clock.Now()
			who, ok := cfg.Client(w, r)
			if !ok {
				return
			}
			lim := cfg.Anonymous
			if who.Known {
				lim = cfg.Known
			}
			if allowed, wait := lim.Take(who.Key, now); !allowed {
				cfg.Refuse(w, r, wait)
				return
			}
			next.ServeHTTP(w, r)
		})
	}
}
