package clientcheck

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/mcpplayground/playground/internal/exchange"
	"github.com/mcpplayground/playground/internal/grader"
)

// ErrNeverConnected is Run's error when the client sent nothing during
// the first step: it could not be started, or never reached the server.
var ErrNeverConnected = errors.New("the client never connected")

// NeverConnectedError says why the client never connected, with what it
// logged.
type NeverConnectedError struct {
	Why string // the client's exit, or the wait
	Log string
}

func (e *NeverConnectedError) Error() string { return ErrNeverConnected.Error() + ": " + e.Why }

// Unwrap makes errors.Is(err, ErrNeverConnected) true.
func (e *NeverConnectedError) Unwrap() error { return ErrNeverConnected }

// Run plays the plan's scenario to the client behind s, step by step, and
// grades what it sends. Its error is a *NeverConnectedError when the client
// sent nothing in the first step; every other misbehaviour is a failed
// step. Run does not close s.
func Run(ctx context.Context, plan *Plan, s *Session, opts Options) (*Result, error) {
	opts = opts.withDefaults(plan)
	res := &Result{Exercise: plan.Exercise, Title: plan.Title, Protocol: opts.Protocol, Steps: []StepResult{}}
	r := newRunner(plan, s, opts)
	if !plan.RunsIn(opts.Protocol) {
		res.Skipped = r.say(keyExerciseRevision, opts.Protocol)
		return res, nil
	}
	res.Passed = true
	for i, ps := range plan.Steps {
		sr := r.step(ctx, ps)
		if i == 0 && !r.heard {
			return nil, &NeverConnectedError{Why: r.neverWhy(), Log: r.log()}
		}
		if sr.Status == StatusFailed {
			res.Passed = false
		}
		res.Steps = append(res.Steps, sr)
		if opts.OnStep != nil {
			opts.OnStep(sr)
		}
		if ctx.Err() != nil {
			break
		}
	}
	return res, nil
}

func (r *runner) neverWhy() string {
	if r.gone != "" {
		return r.gone
	}
	return r.say(keyNeverConnected, r.opts.Timeout.String())
}

func (r *runner) log() string {
	if r.opts.Log == nil {
		return ""
	}
	return r.opts.Log()
}

// step runs one step and gives its verdict.
func (r *runner) step(ctx context.Context, ps PlanStep) StepResult {
	sr := &stepRun{StepResult: StepResult{Name: ps.Name, Title: ps.Title, Rule: ps.Rule, Messages: []Message{}}, r: r}
	b, ok := behaviours[ps.Name]
	switch {
	case !ok:
		sr.Status, sr.Reason = StatusSkipped, r.say(keyUnknownStep, ps.Name)
	case r.stop != "":
		sr.Status, sr.Reason = StatusSkipped, r.stop
	case b.needsHeld && r.held == nil:
		sr.Status, sr.Reason = StatusSkipped, r.say(keyNeedsCall)
	}
	if sr.Status != "" {
		return sr.StepResult
	}
	sctx, cancel := context.WithTimeout(ctx, r.opts.Timeout)
	defer cancel()
	before := r.received
	b.run(r, sctx, sr)
	sr.finish()
	r.after(sr, before)
	return sr.StepResult
}

// after decides whether the next steps can run: not once the client is
// gone, nor after two steps in a row in which it sent nothing.
func (r *runner) after(sr *stepRun, before int) {
	if r.received == before {
		r.silent++
	} else {
		r.silent = 0
	}
	switch {
	case r.stop != "":
	case r.gone != "":
		r.stop = r.say(keySkipGone, r.gone)
	case r.silent >= 2:
		r.stop = r.say(keySkipSilent)
	}
	if sr.Status == StatusFailed {
		sr.Stderr = tail(r.log(), 4<<10)
	}
}

// runner is one run's state.
type runner struct {
	plan *Plan
	s    *Session
	opts Options
	rev  string
	x    *exchange.Exchange

	unread   []*got // messages a step saw and left for the next one
	heard    bool   // the client sent something
	received int    // messages received so far
	silent   int    // steps in a row with nothing received
	gone     string // how the client went away ("" while it is there)
	stop     string // why the remaining steps do not run

	answered    bool          // initialize was answered
	initialized bool          // notifications/initialized came
	caps        *grader.Value // the client's capabilities (initialize)
	initMsg     *got

	serverID  int              // the last id of the server's requests
	pending   map[string]*got  // the server's requests waiting for an answer, by id
	answers   map[string]*got  // their answers, by id
	held      *got             // the client's request a step holds open
	unlocked  bool             // wrap_gift is listed
	pageSize  int              // tools per tools/list page (0: all at once)
	state     map[string]*held // 2026-07-28 input_required calls, by requestState
	lastState string           // the latest requestState sent
}

// held is a 2026-07-28 call answered input_required.
type held struct {
	id, name, args string
}

func newRunner(plan *Plan, s *Session, opts Options) *runner {
	r := &runner{plan: plan, s: s, opts: opts, rev: opts.Protocol,
		pending: map[string]*got{}, answers: map[string]*got{}, state: map[string]*held{},
		x: exchange.New(exchange.Options{Protocol: opts.Protocol, Lang: opts.Lang, MaxEvents: 1000, MaxRawBytes: 1 << 20})}
	for _, st := range plan.Steps {
		if st.Name == "pages" {
			r.pageSize = 2
		}
	}
	return r
}

// say is a run's message in its language.
func (r *runner) say(key string, args ...any) string { return say(r.opts.Lang, key, args...) }

func tail(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return "…" + strings.ToValidUTF8(s[len(s)-n:], "")
}

var _ = fmt.Sprint
