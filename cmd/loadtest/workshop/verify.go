package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"time"
)

// exportedAttempt is one line of /instructor/attempts.jsonl.
type exportedAttempt struct {
	ID          int64  `json:"id"`
	LearnerID   int64  `json:"learner_id"`
	DisplayName string `json:"display_name"`
	ExerciseID  string `json:"exercise_id"`
	Passed      bool   `json:"passed"`
}

// dashboard is what /instructor/dashboard.json says.
type dashboard struct {
	Attempts int `json:"attempts"`
	Learners []struct {
		ID        int64  `json:"id"`
		Name      string `json:"name"`
		Passed    int    `json:"passed"`
		Exercises map[string]struct {
			Status   string `json:"status"`
			Attempts int    `json:"attempts"`
		} `json:"exercises"`
	} `json:"learners"`
}

// verify reads the instructor's exports, as a script would, and checks
// that no acknowledged attempt is missing and that the dashboard agrees
// with the attempts stored.
func (r *room) verify(ctx context.Context, out io.Writer) error {
	// The dashboard shares a snapshot for a second; let it expire.
	time.Sleep(1200 * time.Millisecond)
	raw, err := r.instructorGet(ctx, "/instructor/attempts.jsonl")
	if err != nil {
		return err
	}
	stored, cells, err := readExport(raw)
	if err != nil {
		return err
	}
	ac := r.checkAcknowledged(stored)
	problems := ac.problems

	raw, err = r.instructorGet(ctx, "/instructor/dashboard.json")
	if err != nil {
		return err
	}
	var d dashboard
	if err := json.Unmarshal(raw, &d); err != nil {
		return fmt.Errorf("dashboard.json: %w", err)
	}
	if d.Attempts != len(stored) {
		problems = append(problems, fmt.Errorf("the dashboard counts %d attempts, the export has %d", d.Attempts, len(stored)))
	}
	dashProblems, disagree := r.checkDashboard(d, cells)
	problems = append(problems, dashProblems...)

	fmt.Fprintf(out, "check: %d attempts acknowledged, %d missing; %d stored in all\n", ac.acked, ac.lost, len(stored))
	fmt.Fprintf(out, "check: dashboard lists %d learners (%d joined), %d cells disagree with the stored attempts\n", len(d.Learners), ac.joined, disagree)
	return errors.Join(problems...)
}

// instructorGet reads an instructor page with the room's token.
func (r *room) instructorGet(ctx context.Context, path string) ([]byte, error) {
	c := &http.Client{Transport: r.client, Timeout: 2 * time.Minute}
	req, err := http.NewRequestWithContext(ctx, "GET", r.cfg.url+path, nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Authorization", "Bearer "+r.cfg.token)
	resp, err := c.Do(req)
	if err != nil {
		return nil, fmt.Errorf("GET %s: %w", path, err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err == nil && resp.StatusCode != http.StatusOK {
		err = fmt.Errorf("GET %s: %d %s", path, resp.StatusCode, firstLine(b))
	}
	return b, err
}

// cellKey is a learner's work on one exercise, as the dashboard shows it.
type cellKey struct {
	learner  int64
	exercise string
}

// cellSum is what the export says of a cell.
type cellSum struct {
	attempts int
	passed   bool
}

// readExport reads attempts.jsonl: the attempts by id, and the sum of
// each learner×exercise cell.
func readExport(raw []byte) (map[int64]exportedAttempt, map[cellKey]cellSum, error) {
	stored := map[int64]exportedAttempt{}
	cells := map[cellKey]cellSum{}
	sc := bufio.NewScanner(bytes.NewReader(raw))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		var a exportedAttempt
		if err := json.Unmarshal(sc.Bytes(), &a); err != nil {
			return nil, nil, fmt.Errorf("attempts.jsonl: %w", err)
		}
		stored[a.ID] = a
		k := cellKey{a.LearnerID, a.ExerciseID}
		s := cells[k]
		s.attempts++
		s.passed = s.passed || a.Passed
		cells[k] = s
	}
	if err := sc.Err(); err != nil {
		return nil, nil, fmt.Errorf("attempts.jsonl: %w", err)
	}
	return stored, cells, nil
}

// ackCheck is what checkAcknowledged found.
type ackCheck struct {
	problems            []error
	acked, lost, joined int
}

// checkAcknowledged finds every acknowledged attempt in the export, as it
// was acknowledged; it also counts the learners who joined.
func (r *room) checkAcknowledged(stored map[int64]exportedAttempt) ackCheck {
	var c ackCheck
	r.mu.Lock()
	c.acked = len(r.acked)
	for id, a := range r.acked {
		s, ok := stored[id]
		if !ok {
			c.lost++
			continue
		}
		if s.DisplayName != a.learner || s.ExerciseID != a.exercise || s.Passed != a.passed {
			c.problems = append(c.problems, fmt.Errorf("attempt %d was acknowledged as %+v but is stored as %+v", id, a, s))
		}
	}
	c.joined = len(r.joined)
	r.mu.Unlock()
	if c.lost > 0 {
		c.problems = append(c.problems, fmt.Errorf("%d of %d acknowledged attempts are missing", c.lost, c.acked))
	}
	return c
}

// checkDashboard compares the dashboard's cells with the export's, and
// looks for every learner who joined. It empties cells.
func (r *room) checkDashboard(d dashboard, cells map[cellKey]cellSum) (problems []error, disagree int) {
	names := map[string]bool{}
	for _, l := range d.Learners {
		names[l.Name] = true
		for ex, cell := range l.Exercises {
			s := cells[cellKey{l.ID, ex}]
			if cell.Attempts != s.attempts || (cell.Status == "passed") != s.passed {
				disagree++
				if disagree <= 3 {
					problems = append(problems, fmt.Errorf("dashboard: %s on %s is %s with %d attempts; the export has %d attempts, passed=%v",
						l.Name, ex, cell.Status, cell.Attempts, s.attempts, s.passed))
				}
			}
			delete(cells, cellKey{l.ID, ex})
		}
	}
	if len(cells) > 0 {
		problems = append(problems, fmt.Errorf("%d learner×exercise pairs have attempts but no cell on the dashboard", len(cells)))
	}
	r.mu.Lock()
	for name := range r.joined {
		if !names[name] {
			problems = append(problems, fmt.Errorf("%s joined but is not on the dashboard", name))
			break
		}
	}
	r.mu.Unlock()
	return problems, disagree
}
