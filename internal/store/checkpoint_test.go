package store

import (
	"context"
	"testing"
)

// Commits never checkpoint (the write connection has it turned off), and
// Checkpoint moves every committed frame into the database file.
func TestCheckpointRunsOutsideCommits(t *testing.T) {
	ctx := context.Background()
	s := openTest(t)
	s.stopCheckpoints() // this test drives the checkpoints itself
	var auto int
	if err := s.write.QueryRowContext(ctx, "PRAGMA wal_autocheckpoint").Scan(&auto); err != nil {
		t.Fatal(err)
	}
	if auto != 0 {
		t.Errorf("write connection wal_autocheckpoint = %d, want 0", auto)
	}
	l, _, err := s.CreateLearner(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for i := range 300 { // well past SQLite's default threshold of 1000 pages
		if _, _, err := s.RecordAttempt(ctx, NewAttempt{LearnerID: l.ID, ExerciseID: "ex", Answer: string(make([]byte, 4000+i))}); err != nil {
			t.Fatal(err)
		}
	}
	var busy, logFrames, moved int
	if err := s.read.QueryRowContext(ctx, "PRAGMA wal_checkpoint(NOOP)").Scan(&busy, &logFrames, &moved); err != nil {
		t.Fatal(err)
	}
	if logFrames < 1000 || moved != 0 {
		t.Errorf("before Checkpoint: %d of %d WAL frames moved; want none moved, over 1000 written", moved, logFrames)
	}
	if err := s.Checkpoint(ctx); err != nil {
		t.Fatalf("Checkpoint: %v", err)
	}
	if err := s.read.QueryRowContext(ctx, "PRAGMA wal_checkpoint(PASSIVE)").Scan(&busy, &logFrames, &moved); err != nil {
		t.Fatal(err)
	}
	if logFrames == 0 || moved != logFrames {
		t.Errorf("after Checkpoint: %d of %d WAL frames in the database file", moved, logFrames)
	}
	n, err := s.CountAttempts(ctx)
	if err != nil || n != 300 {
		t.Errorf("%d attempts (%v), want 300", n, err)
	}
}
