package main

import (
	"context"
	"flag"
	"fmt"
	"io"

	"github.com/mcpplayground/playground/internal/course"
	"github.com/mcpplayground/playground/internal/exercise"
	"github.com/mcpplayground/playground/internal/grader"
	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/internal/lti"
	"github.com/mcpplayground/playground/internal/markdown"
	"github.com/mcpplayground/playground/internal/store"
	"github.com/mcpplayground/playground/web"
)

// regradeCount is what regrading did to one exercise's attempts.
type regradeCount struct {
	attempts, toPass, toFail int
	lines                    []string // with -v: one per attempt, in the order stored
}

// runRegrade grades every stored answer again with today's exercises and
// prints, per exercise, how many verdicts changed each way. Server
// exercises are skipped: their answer is a run against a learner's
// server, which cannot be replayed. With -dry-run nothing is written. With
// -v it lists each attempt under its exercise, with the first check that
// now fails it, so an instructor sees whether a fix took.
func runRegrade(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("regrade", flag.ContinueOnError)
	fs.SetOutput(stderr)
	db := fs.String("db", "playground.db", "SQLite database file or postgres:// URL")
	dir := fs.String("content", "", "content directory (default: the bundled course)")
	mode := fs.String("content-mode", contentReplace, contentModeHelp)
	only := fs.String("exercise", "", "regrade this exercise only")
	dry := fs.Bool("dry-run", false, "print what would change, write nothing")
	verbose := fs.Bool("v", false, "list each attempt, its verdict before and now, and the first check that now fails it")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: playground regrade [-db DSN] [-content DIR [-content-mode extend]] [-exercise ID] [-dry-run] [-v]")
		fs.PrintDefaults()
	}
	if err := parseFlags(fs, args); err != nil {
		return flagsExit(err)
	}
	if fs.NArg() != 0 {
		fs.Usage()
		return 2
	}
	src, err := newContentSource(*dir, *mode)
	if err != nil {
		fmt.Fprintf(stderr, "regrade: %v\n", err)
		return 2
	}
	cat, err := src.load(markdown.New())
	if err != nil {
		fmt.Fprintf(stderr, "regrade: the content does not load:\n%v\n", err)
		return 1
	}
	if _, ok := cat.Exercise(*only); *only != "" && !ok {
		fmt.Fprintf(stderr, "regrade: no exercise %q in the content\n", *only)
		return 2
	}
	ctx := context.Background()
	st, err := store.Open(ctx, *db)
	if err != nil {
		fmt.Fprintf(stderr, "regrade: %v\n", err)
		return 2
	}
	defer st.Close()
	counts, changes, err := regrade(ctx, st, cat, *only, *verbose)
	if err == nil && !*dry {
		err = st.ApplyRegrade(ctx, changes)
	}
	queued := 0
	if err == nil && !*dry {
		// The LMS gradebooks get the scores the regrade changed: queued
		// here, sent by the running server's outbox sender.
		queued, err = lti.New(st, lti.Config{}).Regrade(ctx)
	}
	if err != nil {
		fmt.Fprintf(stderr, "regrade: %v\n", err)
		return 2
	}
	printRegrade(stdout, cat, counts, *dry)
	if queued > 0 {
		fmt.Fprintf(stdout, "%d changed scores queued for the LMS gradebooks.\n", queued)
	}
	return 0
}

// regrade grades each stored attempt with today's exercise and returns the
// counts per exercise and the attempts whose verdict or version changed.
func regrade(ctx context.Context, st *store.Store, cat *course.Catalog, only string, verbose bool) (map[string]*regradeCount, []store.Regraded, error) {
	counts := map[string]*regradeCount{}
	var changes []store.Regraded
	err := st.EachAttempt(ctx, store.AttemptFilter{ExerciseID: only}, func(a store.Attempt) error {
		ex, ok := cat.Exercise(a.ExerciseID)
		if !ok || ex.Kind == exercise.KindServer {
			return nil
		}
		c := counts[ex.ID]
		if c == nil {
			c = &regradeCount{}
			counts[ex.ID] = c
		}
		c.attempts++
		res := ex.Grade(a.Answer, i18n.Default)
		switch {
		case res.Passed && !a.Passed:
			c.toPass++
		case !res.Passed && a.Passed:
			c.toFail++
		}
		if verbose {
			c.lines = append(c.lines, attemptLine(ex, a, res))
		}
		if v := ex.Version(); res.Passed != a.Passed || v != a.Version {
			changes = append(changes, store.Regraded{AttemptID: a.ID, LearnerID: a.LearnerID, ExerciseID: a.ExerciseID,
				Passed: res.Passed, FirstProblem: web.FirstProblem(res), Version: v})
		}
		return nil
	})
	return counts, changes, err
}

func printRegrade(w io.Writer, cat *course.Catalog, counts map[string]*regradeCount, dry bool) {
	verb := "changed"
	if dry {
		verb = "would change"
	}
	total := regradeCount{}
	for _, ex := range cat.Exercises() {
		c := counts[ex.ID]
		if c == nil {
			continue
		}
		fmt.Fprintf(w, "%s: %d %s regraded, %d now pass (failed before), %d now fail (passed before)\n",
			ex.ID, c.attempts, plural(c.attempts, "attempt", "attempts"), c.toPass, c.toFail)
		for _, l := range c.lines {
			fmt.Fprintln(w, "  "+l)
		}
		total.attempts += c.attempts
		total.toPass += c.toPass
		total.toFail += c.toFail
	}
	fmt.Fprintf(w, "%d %s regraded: %d %s %s verdict (%d to passed, %d to failed)\n", total.attempts,
		plural(total.attempts, "attempt", "attempts"), total.toPass+total.toFail, plural(total.toPass+total.toFail, "attempt", "attempts"), verb, total.toPass, total.toFail)
	if dry {
		fmt.Fprintln(w, "dry run: nothing was written")
	}
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// attemptLine says what regrading did to one attempt: "attempt 7 (learner
// 2): passed, now fails at id (line 12): The `id` is `2`."
func attemptLine(ex *exercise.Exercise, a store.Attempt, res exercise.Result) string {
	before := "failed"
	if a.Passed {
		before = "passed"
	}
	now := "now passes"
	switch {
	case res.Passed && a.Passed:
		now = "still passes"
	case !res.Passed && a.Passed:
		now = "now fails at " + firstFailing(ex, res)
	case !res.Passed:
		now = "still fails at " + firstFailing(ex, res)
	}
	return fmt.Sprintf("attempt %d (learner %d): %s, %s", a.ID, a.LearnerID, before, now)
}

// firstFailing names the first check that fails a result: its id, its line
// in the exercise file and what it wants; for the valid check, what the
// checker found.
func firstFailing(ex *exercise.Exercise, res exercise.Result) string {
	if res.Problem != "" {
		return "the answer itself: " + res.Problem
	}
	for j, cr := range res.Checks {
		if cr.Passed {
			continue
		}
		where := cr.ID
		if j < len(ex.Checks) && ex.Checks[j].ID == cr.ID && ex.Checks[j].Line > 0 {
			where += fmt.Sprintf(" (line %d)", ex.Checks[j].Line)
		}
		s := where + ": " + cr.Message
		if d := firstDiagnostic(res.Report); cr.ID == "valid" && d != nil {
			s += fmt.Sprintf(" The checker: %s at line %d: %s", d.Code, d.Line, d.Message)
		}
		return s
	}
	return "no check (the checker's report)"
}

// firstDiagnostic is the blocking error of a report, else its first error.
func firstDiagnostic(rep grader.Report) *grader.Diagnostic {
	var first *grader.Diagnostic
	for i := range rep.Diagnostics {
		d := &rep.Diagnostics[i]
		if d.Severity != grader.SeverityError {
			continue
		}
		if d.Blocking {
			return d
		}
		if first == nil {
			first = d
		}
	}
	return first
}
