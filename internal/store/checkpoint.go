package store

import (
	"context"
	"log/slog"
	"os"
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
//
// A PASSIVE checkpoint never rewinds the WAL while readers keep old
// snapshots, and under a steady stream of submissions and dashboard
// refreshes the file only grows (135 MB beside a 3.5 MB database after 60
// seconds of 50 writers). So when the WAL passes walTruncateAt the loop
// runs a TRUNCATE checkpoint on the write connection instead: it waits for
// the readers of the moment (busy_timeout), copies every frame and cuts
// the file to zero. Learners' writes queue behind it for that time, a few
// tens of milliseconds for 16 MB.
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
			if err := s.checkpointOnce(ctx); err != nil && ctx.Err() == nil {
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

// checkpointOnce runs the checkpoint the WAL's size calls for.
func (s *Store) checkpointOnce(ctx context.Context) error {
	if fi, err := os.Stat(s.path + "-wal"); err == nil && fi.Size() > walTruncateAt {
		return s.TruncateWAL(ctx)
	}
	return s.Checkpoint(ctx)
}

// TruncateWAL copies the whole WAL into the database file and cuts the WAL
// to zero bytes, waiting for readers and holding writers meanwhile.
func (s *Store) TruncateWAL(ctx context.Context) error {
	var busy, logPages, done int
	return s.write.QueryRowContext(ctx, "PRAGMA wal_checkpoint(TRUNCATE)").Scan(&busy, &logPages, &done)
}
