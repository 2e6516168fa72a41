package clientcheck

import (
	"context"
	"slices"
	"strings"

	"github.com/mcpplayground/playground/internal/grader"
)

// stepRun is a step being run: its result, and what the behaviours call.
type stepRun struct {
	StepResult
	r *runner
	// key is the client's message the step is about (its report is the
	// step's Report).
	key *got
	// bad counts the client's messages of the step the checker rejected.
	bad int
}

// behaviour is what a step does: a scenario the server drives, and the
// verdict on the client's part in it.
type behaviour struct {
	run func(r *runner, ctx context.Context, sr *stepRun)
	// needsHeld: the step continues a call an earlier step holds open.
	needsHeld bool
}

// problem adds a failure in the checker's words.
func (sr *stepRun) problem(key string, args ...any) {
	p := sr.r.say(key, args...)
	if !slices.Contains(sr.Problems, p) {
		sr.Problems = append(sr.Problems, p)
	}
}

// lookAt says what to look at in the client (the first one said stays).
func (sr *stepRun) lookAt(key string, args ...any) {
	if sr.Look == "" {
		sr.Look = sr.r.say(key, args...)
	}
}

// about makes g the step's message.
func (sr *stepRun) about(g *got) {
	sr.key = g
	sr.Received = keepText(string(g.raw))
}

// finish sets the step's verdict.
func (sr *stepRun) finish() {
	if sr.key != nil {
		rep := sr.key.ev.Report
		sr.Report = &rep
	}
	if sr.bad > 0 && len(sr.Problems) == 0 {
		sr.problem(keyCheckerRejects)
	}
	sr.Status = StatusPassed
	if len(sr.Problems) > 0 || sr.bad > 0 {
		sr.Status = StatusFailed
	}
	if sr.Status == StatusPassed {
		sr.Look = ""
	}
}

// keep adds a message to the step's timeline.
func (sr *stepRun) keep(m Message) {
	if len(sr.Messages) >= MaxMessagesPerStep {
		sr.Omitted++
		return
	}
	m.Message = keepText(m.Message)
	sr.Messages = append(sr.Messages, m)
}

func keepText(s string) string {
	if len(s) <= maxKeptBytes {
		return s
	}
	return strings.ToValidUTF8(s[:maxKeptBytes], "") + "…"
}

// blocking reports whether a client message's report has an error.
func blocking(rep grader.Report) bool {
	for _, d := range rep.Diagnostics {
		if d.Severity == grader.SeverityError {
			return true
		}
	}
	return false
}
