package store

import (
	"context"
	"log/slog"
	"os"
	"strings"
	"sync/atomic"
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
// tens of milliseconds for 16 MB. The size is looked at on every tick and,
// so that a burst cannot outrun the ticker, every walCheckEvery commits.
type checkpointer struct {
	cancel context.CancelFunc
	done   chan struct{}
	// kick asks for a checkpoint now: a commit saw the WAL past the limit.
	kick chan struct{}
	// truncateAt is the WAL size that calls for a TRUNCATE checkpoint.
	truncateAt int64
	commits    atomic.Int64
	// lastBusy is when a TRUNCATE checkpoint last gave up on readers
	// (touched only by the checkpointer's goroutine).
	lastBusy time.Time
}

// truncateRetry spaces TRUNCATE checkpoints that readers held up, so that
// writers are held at most truncateWait out of every truncateRetry.
const truncateRetry = 250 * time.Millisecond

// walCheckEvery is how many commits pass between two looks at the WAL's
// size from a learner's write (one stat call).
const walCheckEvery = 32

func (s *Store) startCheckpoints() {
	ctx, cancel := context.WithCancel(context.Background())
	c := &checkpointer{cancel: cancel, done: make(chan struct{}), kick: make(chan struct{}, 1), truncateAt: walTruncateAt}
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
			case <-c.kick:
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
	c := s.ckpt
	if s.walSize() > c.truncateAt && time.Since(c.lastBusy) >= truncateRetry {
		ok, err := s.TruncateWAL(ctx)
		if !ok {
			c.lastBusy = time.Now()
		}
		return err
	}
	return s.Checkpoint(ctx)
}

// walSize is the WAL file's size in bytes (0 when there is none).
func (s *Store) walSize() int64 {
	fi, err := os.Stat(s.path + "-wal")
	if err != nil {
		return 0
	}
	return fi.Size()
}

// committed is called after each write transaction: now and then it looks
// at the WAL and wakes the checkpointer when the WAL is past its limit.
// Past four times the limit (the checkpointer could not keep up, or
// readers held it off), the writer that notices truncates the WAL itself
// before it answers: back-pressure that bounds the WAL by commits, not by
// how fast a ticker runs on a busy machine.
func (s *Store) committed() {
	c := s.ckpt
	if c == nil || c.commits.Add(1)%walCheckEvery != 0 {
		return
	}
	size := s.walSize()
	switch {
	case size > 4*c.truncateAt:
		if _, err := s.TruncateWAL(context.Background()); err != nil {
			slog.Warn("WAL checkpoint after a commit failed; will retry", "db", s.path, "err", err)
		}
	case size > c.truncateAt:
		select {
		case c.kick <- struct{}{}:
		default:
		}
	}
}

// truncateWait is how long a TRUNCATE checkpoint keeps trying while
// readers hold old snapshots: short, so that learners' writes never queue
// long behind it; a checkpoint that could not finish is tried again later.
const truncateWait = 100 * time.Millisecond

// TruncateWAL copies the whole WAL into the database file and cuts the WAL
// to zero bytes, and reports whether it finished. Each try takes the write
// lock only for as long as it copies (busy_timeout 0: SQLite's busy handler
// sleeps in whole seconds in this build); between tries, for at most
// truncateWait, the readers of the moment finish and new ones start on
// the newest snapshot.
func (s *Store) TruncateWAL(ctx context.Context) (bool, error) {
	conn, err := s.write.pool.Conn(ctx)
	if err != nil {
		return false, err
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, "PRAGMA busy_timeout = 0"); err != nil {
		return false, err
	}
	defer conn.ExecContext(context.Background(), "PRAGMA busy_timeout = 10000") //nolint:errcheck // the DSN sets it again on a new connection
	deadline := time.Now().Add(truncateWait)
	for {
		var busy, logPages, done int
		err := conn.QueryRowContext(ctx, "PRAGMA wal_checkpoint(TRUNCATE)").Scan(&busy, &logPages, &done)
		if err == nil && busy == 0 {
			return true, nil
		}
		if err != nil && !strings.Contains(err.Error(), "busy") && !strings.Contains(err.Error(), "locked") {
			return false, err
		}
		if time.Now().After(deadline) {
			return false, nil
		}
		time.Sleep(time.Millisecond)
	}
}
