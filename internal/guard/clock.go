package guard

import (
	"context"
	"time"
)

// Clock tells the guards the time. The web layer's clock, the store's
// and mockserver.Clock all satisfy it.
type Clock interface {
	Now() time.Time
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
