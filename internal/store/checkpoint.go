package store

import (
	"context"
	"log/slog"
	"time"
)

// checkpointInterval is how often the WAL is copied into the database
// file. A second of submissions is a few megabytes of WAL at most.
const checkpointInterval = time.Second

// checkpointer copies the WAL into the database file in the background.
//
// SQLite's automatic checkpoint runs inside the COMMIT that fills the WAL
// past its threshold, on the one write connection: that learner waits for
// two fsyncs (hundreds of milliseconds on a busy disk) and every other
// submission queues behind them. The write connection therefore turns the
// automatic checkpoint off (wal_autocheckpoint(0) in its DSN), and this
// loop runs a PASSIVE checkpoint from a read connection instead, which
// never takes the write lock. Durability is unchanged: in WAL mode a
// committed transaction is in the WAL file before COMMIT returns, and
// recovery replays it after a crash.
type checkpointer struct {
	cancel context.CancelFunc
	done   chan struct{}
}

func (s *Store) startCheckpoints() {
	ctx, cancel := context.WithCancel(context.Background())
	c := &checkpointer{cancel: cancel, done: make(chan struct{})}
	s.ckpt = c
	go func() {
		defer close(c.done)
		t := time.NewTicker(checkpointInterval)
		defer t.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-t.C:
			}
			if err := s.Checkpoint(ctx); err != nil && ctx.Err() == nil {
				slog.Warn("background WAL checkpoint failed; will retry", "db", s.path, "err", err)
			}
		}
	}()
}

func (s *Store) stopCheckpoints() {
	if s.ckpt != nil {
		s.ckpt.cancel()
		<-s.ckpt.done
	}
}

// Checkpoint copies as much of the WAL into the database file as readers
// allow, without blocking writers.
func (s *Store) Checkpoint(ctx context.Context) error {
	var busy, logPages, done int
	return s.read.QueryRowContext(ctx, "PRAGMA wal_checkpoint(PASSIVE)").Scan(&busy, &logPages, &done)
}
