package guard

import (
	"context"
	"time"
)

// Clock tells the guards the time. The web layer's clock, the store's
// and mockserver.Clock all satisfy it; nil in a Config is the system
// clock, which testing/synctest moves in a test's bubble.
type Clock interface {
	Now() time.Time
}

type systemClock struct{}

func (systemClock) Now() time.Time { return time.Now() }

// orSystem is c, or the system clock when c is nil.
func orSystem(c Clock) Clock {
	if c == nil {
		return systemClock{}
	}
	return c
}

// SleepCtx waits d, or until ctx ends, whose error it returns then.
func SleepCtx(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
