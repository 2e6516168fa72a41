package main

import (
	"context"
	"database/sql"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/internal/markdown"
	"github.com/mcpplayground/playground/internal/store"
	"github.com/mcpplayground/playground/internal/testing/filetest"
	"github.com/mcpplayground/playground/internal/testing/pgtest"
	"github.com/mcpplayground/playground/web"
)

// upgradeDir keeps databases written by earlier versions of the program,
// one folder per schema version (schema-7: written with 7 migrations):
// every later version must open them, migrate them and serve their
// learners' progress (docs/operations.md, "Backups and upgrades"). A
// folder is written once and never rewritten; a version that adds
// migrations adds its own folder with -write-upgrade-data.
const upgradeDir = "../../internal/store/testdata/upgrade"

var writeUpgrade = flag.Bool("write-upgrade-data", false, "write this version's database into internal/store/testdata/upgrade (SQLite file, PostgreSQL dump, expected progress)")

// upgradeStep is one thing a learner did.
type upgradeStep struct {
	lesson   string // marks the lesson read
	exercise string // with one of:
	wrong    bool   //   the exercise's starter, a failed attempt
	solution bool   //   its first solution, a pass
	hint     int    //   this hint opened
}

// upgradeLearners is what the database's learners did.
var upgradeLearners = map[string][]upgradeStep{
	"Ada Lovelace": {
		{lesson: "json-rpc"},
		{exercise: "json-rpc-fix-batch", wrong: true},
		{exercise: "json-rpc-fix-batch", hint: 1},
		{exercise: "json-rpc-fix-batch", solution: true},
		{lesson: "requests"},
	},
	"Alan Turing": {
		{exercise: "json-rpc-fix-batch", wrong: true},
		{exercise: "json-rpc-fix-batch", wrong: true},
	},
}

// upgradeFacts is what a learner's progress must still say after an
// upgrade: their own data, not the course's (which later versions change).
type upgradeFacts struct {
	Token       string                   `json:"token"`
	DisplayName string                   `json:"display_name"`
	ResumeCode  string                   `json:"resume_code"`
	Read        map[string]string        `json:"read"`
	Exercises   map[string]exerciseFacts `json:"exercises"`
}

// exerciseFacts is a learner's progress on one exercise they touched.
type exerciseFacts struct {
	Status         string `json:"status"`
	Attempts       int    `json:"attempts"`
	FailedAttempts int    `json:"failed_attempts"`
	HintsRevealed  int    `json:"hints_revealed"`
	PassedAt       string `json:"passed_at,omitempty"`
}

// The databases kept in internal/store/testdata/upgrade, written by an
// earlier version (SQLite: the file; PostgreSQL: its dump), open with this
// version: the migrations they lack are applied, and each learner's
// progress is served as it was.
func TestUpgradeKeepsProgress(t *testing.T) {
	t.Parallel()
	if *writeUpgrade {
		writeUpgradeData(t)
	}
	dirs, _ := filepath.Glob(filepath.Join(upgradeDir, "schema-*"))
	if len(dirs) == 0 {
		t.Fatalf("no database kept in %s", upgradeDir)
	}
	for _, dir := range dirs {
		var want map[string]map[string]upgradeFacts
		readJSON(t, filepath.Join(dir, "progress.json"), &want)
		t.Run(filepath.Base(dir)+"/sqlite", func(t *testing.T) {
			db := filepath.Join(t.TempDir(), "p.db")
			filetest.CopyFile(t, filepath.Join(dir, "sqlite.db"), db)
			checkUpgraded(t, db, want["sqlite"])
		})
		t.Run(filepath.Base(dir)+"/postgres", func(t *testing.T) {
			dsn := pgtest.DSN(t)
			dump, err := os.ReadFile(filepath.Join(dir, "postgres.sql"))
			if err != nil {
				t.Fatal(err)
			}
			execScript(t, dsn, string(dump))
			checkUpgraded(t, dsn, want["postgres"])
		})
	}
}

// checkUpgraded serves db and compares each learner's progress with want.
func checkUpgraded(t *testing.T, db string, want map[string]upgradeFacts) {
	t.Helper()
	if len(want) < 2 {
		t.Fatalf("only %d learners expected: progress.json is incomplete", len(want))
	}
	p := startServe(t, serveConfig{addr: "127.0.0.1:0", db: db, instructorToken: testInstructorToken})
	for name, w := range want {
		if got := servedFacts(t, p.base, w.Token); !cmp.Equal(w, got) {
			t.Errorf("%s after the upgrade (-before +after):\n%s", name, cmp.Diff(w, got))
		}
	}
}

// servedFacts reads a learner's facts from GET /api/progress.
func servedFacts(t *testing.T, base, token string) upgradeFacts {
	t.Helper()
	req, _ := http.NewRequest("GET", base+"/api/progress?lang=en", nil)
	req.AddCookie(&http.Cookie{Name: "learner", Value: token})
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var pj struct {
		Learner *struct {
			DisplayName string `json:"display_name"`
			ResumeCode  string `json:"resume_code"`
		} `json:"learner"`
		Lessons []struct {
			Slug      string            `json:"slug"`
			Read      bool              `json:"read"`
			ReadAt    string            `json:"read_at"`
			Exercises []json.RawMessage `json:"exercises"`
		} `json:"lessons"`
	}
	b, _ := io.ReadAll(resp.Body)
	if err := json.Unmarshal(b, &pj); err != nil || resp.StatusCode != 200 || pj.Learner == nil {
		t.Fatalf("GET /api/progress as %s…: %d %v %.300s", token[:4], resp.StatusCode, err, b)
	}
	f := upgradeFacts{Token: token, DisplayName: pj.Learner.DisplayName, ResumeCode: pj.Learner.ResumeCode,
		Read: map[string]string{}, Exercises: map[string]exerciseFacts{}}
	for _, l := range pj.Lessons {
		if l.Read {
			f.Read[l.Slug] = l.ReadAt
		}
		for _, raw := range l.Exercises {
			var e struct {
				ID string `json:"id"`
				exerciseFacts
			}
			if err := json.Unmarshal(raw, &e); err != nil {
				t.Fatal(err)
			}
			if e.Attempts > 0 || e.HintsRevealed > 0 {
				f.Exercises[e.ID] = e.exerciseFacts
			}
		}
	}
	return f
}

// writeUpgradeData writes this version's database (-write-upgrade-data):
// the learners' steps through the store on each engine, then what the
// server answers for them.
func writeUpgradeData(t *testing.T) {
	ctx := context.Background()
	dir := filepath.Join(upgradeDir, fmt.Sprintf("schema-%d", len(migrationNames(t))))
	if _, err := os.Stat(dir); err == nil {
		t.Fatalf("%s exists: a kept database is never rewritten", dir)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	sqlitePath := filepath.Join(dir, "sqlite.db")
	dsn := pgtest.DSN(t)
	out := map[string]map[string]upgradeFacts{}
	for engine, db := range map[string]string{"sqlite": sqlitePath, "postgres": dsn} {
		st, err := store.Open(ctx, db)
		if err != nil {
			t.Fatal(err)
		}
		tokens := playUpgradeSteps(t, st)
		if engine == "sqlite" {
			if err := st.Checkpoint(ctx); err != nil {
				t.Fatal(err)
			}
		}
		st.Close()
		p := startServe(t, serveConfig{addr: "127.0.0.1:0", db: db, instructorToken: testInstructorToken})
		out[engine] = map[string]upgradeFacts{}
		for name, tok := range tokens {
			out[engine][name] = servedFacts(t, p.base, tok)
		}
		if err := p.stop(); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range []string{"-wal", "-shm"} {
		os.Remove(sqlitePath + f)
	}
	b, _ := json.MarshalIndent(out, "", "  ")
	if err := os.WriteFile(filepath.Join(dir, "progress.json"), append(b, '\n'), 0o644); err != nil {
		t.Fatal(err)
	}
	dumpPostgres(t, dsn, filepath.Join(dir, "postgres.sql"))
}

// playUpgradeSteps does upgradeLearners' steps and returns their tokens.
func playUpgradeSteps(t *testing.T, st *store.Store) map[string]string {
	t.Helper()
	ctx := context.Background()
	src, err := newContentSource("", contentReplace)
	if err != nil {
		t.Fatal(err)
	}
	cat, err := src.load(markdown.New())
	if err != nil {
		t.Fatal(err)
	}
	tokens := map[string]string{}
	for name, steps := range upgradeLearners {
		l, tok, err := st.CreateLearner(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := st.SetDisplayName(ctx, l.ID, name); err != nil {
			t.Fatal(err)
		}
		tokens[name] = tok
		for _, s := range steps {
			if s.lesson != "" {
				if err := st.MarkLessonRead(ctx, l.ID, s.lesson); err != nil {
					t.Fatal(err)
				}
				continue
			}
			ex, ok := cat.Exercise(s.exercise)
			if !ok {
				t.Fatalf("no exercise %s", s.exercise)
			}
			if s.hint > 0 {
				if _, err := st.RevealHint(ctx, l.ID, ex.ID, s.hint, 3); err != nil {
					t.Fatal(err)
				}
				continue
			}
			answer := ex.Starter
			if s.solution {
				answer = ex.Solutions[0]
			}
			res := ex.Grade(answer, i18n.EN)
			if res.Passed != s.solution {
				t.Fatalf("%s: %q passed=%v", ex.ID, answer, res.Passed)
			}
			if _, _, err := st.RecordAttempt(ctx, store.NewAttempt{LearnerID: l.ID, ExerciseID: ex.ID, Answer: answer,
				Passed: res.Passed, FirstProblem: web.FirstProblem(res), Version: ex.Version()}); err != nil {
				t.Fatal(err)
			}
		}
	}
	return tokens
}

// dumpPostgres writes the schema dsn points at as a plain SQL script that
// recreates it in whichever schema the search_path names.
func dumpPostgres(t *testing.T, dsn, path string) {
	t.Helper()
	schema := regexp.MustCompile(`search_path=(\w+)`).FindStringSubmatch(dsn)[1]
	base := regexp.MustCompile(`[?&]search_path=\w+`).ReplaceAllString(dsn, "")
	out, err := exec.Command("pg_dump", "--dbname="+base, "--schema="+schema, "--no-owner", "--no-privileges",
		"--inserts", "--no-comments").Output()
	if err != nil {
		t.Fatalf("pg_dump: %v", err)
	}
	var keep []string
	for _, line := range strings.Split(string(out), "\n") {
		if strings.HasPrefix(line, "CREATE SCHEMA ") || strings.Contains(line, "set_config('search_path'") ||
			strings.HasPrefix(line, "--") || strings.HasPrefix(line, "\\") {
			continue
		}
		keep = append(keep, strings.ReplaceAll(line, schema+".", ""))
	}
	text := "-- The PostgreSQL database of TestUpgradeKeepsProgress (cmd/playground), written by\n" +
		"-- go test -run TestUpgradeKeepsProgress ./cmd/playground -args -write-upgrade-data\n" +
		regexp.MustCompile(`\n{3,}`).ReplaceAllString(strings.TrimSpace(strings.Join(keep, "\n")), "\n\n") + "\n"
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// execScript runs a SQL script on dsn.
func execScript(t *testing.T, dsn, script string) {
	t.Helper()
	db, err := sql.Open("pgx", dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec(script); err != nil {
		t.Fatalf("load the PostgreSQL dump: %v", err)
	}
}

// migrationNames are this version's migrations, as a fresh database lists
// them once opened.
func migrationNames(t *testing.T) []string {
	t.Helper()
	st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "m.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	return st.Applied()
}

func readJSON(t *testing.T, path string, v any) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
}
