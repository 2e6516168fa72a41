package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/mcpplayground/playground/exercises"
	"github.com/mcpplayground/playground/internal/course"
	"github.com/mcpplayground/playground/internal/exercise"
	"github.com/mcpplayground/playground/internal/markdown"
	"github.com/mcpplayground/playground/internal/repo"
	"github.com/mcpplayground/playground/internal/store"
	"github.com/mcpplayground/playground/lessons"
)

// startPlayground starts the real binary on db and stops it when the test
// ends.
func startPlayground(t *testing.T, bin, db string) *repo.Process {
	t.Helper()
	pg, err := repo.Start(context.Background(), bin, []string{"-addr", "127.0.0.1:0", "-db", db, "-log-level", "info"}, repo.StartOptions{})
	if pg != nil {
		t.Cleanup(pg.Kill)
	}
	if err != nil {
		if pg != nil {
			t.Fatalf("playground exited before it was ready (%v):\n%s", pg.Err, pg.Log())
		}
		t.Fatal(err)
	}
	return pg
}

// ack is an attempt the server acknowledged with a 2xx.
type ack struct {
	id     int64
	answer string
	passed bool
}

// The server is killed with SIGKILL in the middle of a burst of
// submissions; after a restart every acknowledged attempt is in the
// database, and the progress counters agree with the attempts.
func TestKilledServerLosesNoAcknowledgedAttempt(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and kills the playground binary; skipped in -short mode")
	}
	dir := t.TempDir()
	bin, err := repo.BuildPlayground(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	cat, err := course.Load(lessons.FS, exercises.FS, markdown.New())
	if err != nil {
		t.Fatal(err)
	}
	ex, err := pickExercise(cat, "")
	if err != nil {
		t.Fatal(err)
	}
	db := filepath.Join(dir, "kill.db")
	acks := burstThenKill(t, startPlayground(t, bin, db), ex)
	restartAndStop(t, bin, db)
	checkStored(t, db, ex, acks)
}

// burstThenKill has learners answer in waves until the server has
// acknowledged killAt attempts, kills it with SIGKILL, and returns what it
// acknowledged.
//
// 80 learners answer in waves, all at once every 250 ms: a classroom's
// burst, kept under the per-learner rate limit so that every answer is
// taken. The kill follows the 300th acknowledgement, which is in the
// middle of the fourth wave (300 = 3×80 + 60): a score of that wave's
// answers are still in the server.
func burstThenKill(t *testing.T, pg *repo.Process, ex *exercise.Exercise) []ack {
	const learners, wave, killAt = 80, 250 * time.Millisecond, 300
	waves := time.Now().Add(100 * time.Millisecond)
	var mu sync.Mutex
	var acks []ack
	var sent int
	killed := make(chan struct{})
	burst := make(chan struct{}) // closed at the killAt-th acknowledgement
	tr := &http.Transport{MaxIdleConnsPerHost: learners}
	defer tr.CloseIdleConnections()
	var wg sync.WaitGroup
	for i := range learners {
		wg.Go(func() {
			jar, _ := cookiejar.New(nil)
			c := &http.Client{Transport: tr, Jar: jar, Timeout: 10 * time.Second}
			for k := 0; ; k++ {
				select {
				case <-killed:
					return
				case <-time.After(time.Until(waves.Add(time.Duration(k) * wave))):
				}
				// Each answer is unique, so the database cannot hold it by chance.
				answer := ex.Starter + fmt.Sprintf("\n// learner %d attempt %d", i, k)
				if k%3 == 2 {
					answer = ex.Solutions[0]
				}
				a, err := sendAttempt(c, "http://"+pg.Addr+"/api/exercises/"+ex.ID+"/attempts", answer)
				mu.Lock()
				sent++
				if err == nil {
					if acks = append(acks, a); len(acks) == killAt {
						close(burst)
					}
				}
				mu.Unlock()
				if err != nil {
					select {
					case <-killed:
						return // the connection died with the server
					default:
						if errors.Is(err, errRefused) && !errors.Is(err, errSlowDown) {
							t.Errorf("learner %d: %v", i, err)
							return
						}
					}
				}
			}
		})
	}
	// Let the burst build up, then kill the server without warning. If
	// the learners all give up first, the test fails below (too few acks).
	learnersGone := make(chan struct{})
	go func() { wg.Wait(); close(learnersGone) }()
	select {
	case <-burst:
	case <-learnersGone:
	}
	if err := pg.Cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatalf("SIGKILL: %v", err)
	}
	<-pg.Done
	err := pg.Err
	close(killed)
	<-learnersGone
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.Sys().(syscall.WaitStatus).Signal() != syscall.SIGKILL {
		t.Fatalf("the server did not die of SIGKILL: %v", err)
	}
	t.Logf("%d attempts sent, %d acknowledged before SIGKILL", sent, len(acks))
	if len(acks) < killAt {
		t.Fatalf("only %d attempts acknowledged before the kill, want %d: the burst did not happen", len(acks), killAt)
	}
	return acks
}

// restartAndStop starts the server again on the same database, checks that
// it answers, and stops it cleanly with SIGTERM.
func restartAndStop(t *testing.T, bin, db string) {
	pg := startPlayground(t, bin, db)
	resp, err := http.Get("http://" + pg.Addr + "/healthz")
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("healthz after restart: %v %v", resp, err)
	}
	resp.Body.Close()
	if err := pg.Cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	<-pg.Done
	if pg.Err != nil {
		t.Errorf("the restarted server did not stop cleanly on SIGTERM: %v", pg.Err)
	}
}

// checkStored opens the database after the kill: every acknowledged
// attempt is there as sent, and the progress counters agree with the
// attempts table.
func checkStored(t *testing.T, db string, ex *exercise.Exercise, acks []ack) {
	st, err := store.Open(context.Background(), db)
	if err != nil {
		t.Fatalf("open the database after the kill: %v", err)
	}
	defer st.Close()
	stored := map[int64]store.Attempt{}
	if err := st.EachAttempt(context.Background(), store.AttemptFilter{}, func(a store.Attempt) error {
		stored[a.ID] = a
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	lost := 0
	for _, a := range acks {
		s, ok := stored[a.id]
		if !ok || s.Answer != a.answer || s.Passed != a.passed || s.ExerciseID != ex.ID {
			lost++
			if lost <= 5 {
				t.Errorf("acknowledged attempt %d is missing or different after the kill: %+v", a.id, s)
			}
		}
	}
	if lost > 0 {
		t.Errorf("%d of %d acknowledged attempts lost", lost, len(acks))
	}
	dash, err := st.Dashboard(context.Background(), time.Now(), store.StuckRule{}, 0)
	if err != nil {
		t.Fatal(err)
	}
	counted := 0
	for _, s := range dash.Exercises {
		counted += s.Attempts
	}
	if counted != len(stored) {
		t.Errorf("progress counts %d attempts, the attempts table holds %d: a transaction was torn", counted, len(stored))
	}
	t.Logf("%d attempts in the database (%d acknowledged, the rest committed as the server died)", len(stored), len(acks))
}

var (
	errRefused  = errors.New("attempt refused")
	errSlowDown = errors.New("rate limited")
)

func sendAttempt(c *http.Client, url, answer string) (ack, error) {
	body, _ := json.Marshal(map[string]string{"answer": answer})
	req, err := http.NewRequest(http.MethodPost, url, strings.NewReader(string(body)))
	if err != nil {
		return ack{}, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Sec-Fetch-Site", "same-origin") // as the exercise page's script sends it
	resp, err := c.Do(req)
	if err != nil {
		return ack{}, err
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		return ack{}, err // cut off mid-answer: not acknowledged
	}
	if resp.StatusCode == http.StatusTooManyRequests {
		return ack{}, fmt.Errorf("%w: %w", errRefused, errSlowDown)
	}
	if resp.StatusCode/100 != 2 {
		return ack{}, fmt.Errorf("%w: %d %s", errRefused, resp.StatusCode, data)
	}
	var r struct {
		AttemptID int64 `json:"attempt_id"`
		Passed    bool  `json:"passed"`
	}
	if err := json.Unmarshal(data, &r); err != nil {
		return ack{}, err
	}
	return ack{id: r.AttemptID, answer: answer, passed: r.Passed}, nil
}
