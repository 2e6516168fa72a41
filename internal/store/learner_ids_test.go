package store

import (
	"context"
	"database/sql"
	"path/filepath"
	"testing"
)

// A learner id names one person for ever: after the newest learner is
// deleted, after a workshop reset and after the database is reopened, the
// next learner gets an id no learner had before (SQLite's rowid would
// hand out max(id)+1 again).
func TestLearnerIDsAreNeverReused(t *testing.T) {
	ctx := context.Background()
	for _, e := range []Engine{SQLite, Postgres} {
		t.Run(string(e), func(t *testing.T) {
			dsn := filepath.Join(t.TempDir(), "p.db")
			if e == Postgres {
				dsn = pgtestDSN(t)
			}
			s, err := Open(ctx, dsn)
			if err != nil {
				t.Fatal(err)
			}
			seen := map[int64]bool{}
			fresh := func(how string) {
				t.Helper()
				var l Learner
				var err error
				if len(seen)%2 == 0 {
					l, _, err = s.CreateLearner(ctx)
				} else {
					l, _, err = s.JoinWorkshop(ctx, 0, "learner")
				}
				if err != nil {
					t.Fatalf("%s: %v", how, err)
				}
				if seen[l.ID] {
					t.Errorf("%s: learner id %d handed out again", how, l.ID)
				}
				seen[l.ID] = true
			}
			fresh("first learner")
			fresh("second learner")
			if _, err := s.write.ExecContext(ctx, `DELETE FROM learners WHERE id = (SELECT max(id) FROM learners)`); err != nil {
				t.Fatal(err)
			}
			fresh("after deleting the newest learner")
			if _, err := s.ResetWorkshop(ctx); err != nil {
				t.Fatal(err)
			}
			fresh("after a workshop reset")
			if _, err := s.ResetWorkshop(ctx); err != nil {
				t.Fatal(err)
			}
			archives, _ := s.Archives(ctx)
			for _, a := range archives {
				if _, err := s.EraseArchive(ctx, a.ID); err != nil {
					t.Fatal(err)
				}
			}
			var left int
			if err := s.read.QueryRowContext(ctx, `SELECT count(*) FROM learners`).Scan(&left); err != nil || left != 0 {
				t.Fatalf("%d learners left after erasing every archive (%v)", left, err)
			}
			s.Close()
			if s, err = Open(ctx, dsn); err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			fresh("after erasing every learner and a restart")
			if len(seen) != 5 {
				t.Errorf("%d distinct ids for 5 learners", len(seen))
			}
		})
	}
}

// A database whose learners were created before migration 0006 draws
// the next id past them.
func TestLearnerIDCounterStartsPastExistingLearners(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "old.db")
	raw, err := sql.Open("sqlite", sqliteDSN(path, true))
	if err != nil {
		t.Fatal(err)
	}
	ms, err := loadMigrations(SQLite)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range ms[:5] {
		if _, err := raw.ExecContext(ctx, m.sql); err != nil {
			t.Fatalf("%s: %v", m.name, err)
		}
	}
	if _, err := raw.ExecContext(ctx, `PRAGMA user_version = 5;
		INSERT INTO learners(id, token_hash, resume_code, created_at, last_seen_at) VALUES (41, x'00', 'AAAA-AAAA', 0, 0)`); err != nil {
		t.Fatal(err)
	}
	raw.Close()
	s, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	l, _, err := s.CreateLearner(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if l.ID != 42 {
		t.Errorf("next id = %d, want 42", l.ID)
	}
}
