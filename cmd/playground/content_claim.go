package main

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/mcpplayground/playground/internal/store"
)

// contentClaim is this instance's claim on the database's content, renewed
// while it serves: a second instance started on the same database with
// other content is refused with a clear message, instead of grading the
// same learners against other exercises.
type contentClaim struct {
	st   *store.Store
	c    *store.ContentClaim
	stop context.CancelFunc
	done chan struct{}
	log  *slog.Logger
}

func claimContent(ctx context.Context, st *store.Store, fp string, log *slog.Logger) (*contentClaim, error) {
	claim, err := st.ClaimContent(ctx, fp, time.Now())
	if errors.Is(err, store.ErrOtherContent) {
		return nil, contentError{err}
	}
	if err != nil {
		return nil, err
	}
	ctx, stop := context.WithCancel(ctx)
	c := &contentClaim{st: st, c: claim, stop: stop, done: make(chan struct{}), log: log}
	go c.renew(ctx)
	return c, nil
}

func (c *contentClaim) renew(ctx context.Context) {
	defer close(c.done)
	tick := time.NewTicker(store.ContentLease / 3)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case now := <-tick.C:
			if err := c.st.RenewContent(ctx, c.c, now); err != nil && ctx.Err() == nil {
				c.log.Error("renew the claim on the database's content", "err", err)
			}
		}
	}
}

// release stops renewing and gives the claim up, so that a restart with
// changed content is not refused.
func (c *contentClaim) release() {
	c.stop()
	<-c.done
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := c.st.ReleaseContent(ctx, c.c); err != nil {
		c.log.Warn("give up the claim on the database's content", "err", err)
	}
}
