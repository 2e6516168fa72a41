package servercheck

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/mcpplayground/playground/internal/exchange"
	"github.com/mcpplayground/playground/internal/exercise"
	"github.com/mcpplayground/playground/internal/grader"
	"github.com/mcpplayground/playground/internal/i18n"
)

// DefaultTimeout bounds one step when Options.Timeout is zero.
const DefaultTimeout = 10 * time.Second

// Options tune a Run.
type Options struct {
	// Protocol is the revision to speak ("" = grader.DefaultRevision).
	Protocol string
	Lang     i18n.Lang
	// Timeout bounds each step (0 = DefaultTimeout).
	Timeout time.Duration
	// OnStep, when set, is called with each step's verdict as soon as the
	// step ends, in order (a page shows the steps live).
	OnStep func(StepResult)
	// OnPage says the run is shown on the check page, where the revision
	// is chosen in the form, not with -protocol.
	OnPage bool
}

// ClientName is the clientInfo the playground sends in initialize.
const ClientName = "playground-check-server"

// Run runs a server exercise against the server behind t, step by step.
// The error is non-nil only when the server could not be reached at all
// (IsUnreachable); every other misbehaviour is a failed step. Run does not
// close t.
func Run(ctx context.Context, ex *exercise.Exercise, t Transport, opts Options) (*Result, error) {
	if opts.Protocol == "" {
		opts.Protocol = grader.DefaultRevision
	}
	if opts.Timeout <= 0 {
		opts.Timeout = DefaultTimeout
	}
	if opts.Lang == "" {
		opts.Lang = i18n.Default
	}
	r := &runner{ex: ex, t: t, opts: opts, rev: opts.Protocol, replies: map[string][]byte{}, passed: map[string]bool{}, sentIDs: map[string]string{},
		x: exchange.New(exchange.Options{Protocol: opts.Protocol, Lang: opts.Lang, MaxEvents: maxEvents, MaxRawBytes: MaxKeptBytesPerRun})}
	res := &Result{Exercise: ex.ID, Title: ex.TextIn(opts.Lang).Title, Protocol: opts.Protocol, Steps: []StepResult{}}
	if !ex.RunsIn(opts.Protocol) {
		res.Skipped = r.say(msgExerciseRevision, opts.Protocol)
		return res, nil
	}
	res.Passed = true
	for _, st := range ex.Steps {
		sr, err := r.step(ctx, st)
		if err != nil {
			return nil, err
		}
		if err := r.after(st, &sr); err != nil {
			return nil, err
		}
		if sr.Status == StatusPassed {
			r.passed[st.Name] = true
		}
		if sr.Status == StatusFailed {
			res.Passed = false
		}
		res.Steps = append(res.Steps, sr)
		if opts.OnStep != nil {
			opts.OnStep(sr)
		}
	}
	res.Protocol = r.rev
	if none := r.noneDeclared(); none != "" && res.Passed {
		res.Passed, res.Skipped = false, r.say(msgNothingChecked, none)
	}
	return res, nil
}

// noneDeclared lists the capabilities the exercise's conditional steps
// look at when the server declared none of them ("" otherwise, or when the
// exercise has no such step): the handshake alone then passed, and nothing
// the exercise is about was checked.
func (r *runner) noneDeclared() string {
	var names []string
	for _, st := range r.ex.Steps {
		if st.When == "" || slices.Contains(names, "`"+st.When+"`") {
			continue
		}
		if r.caps != nil {
			if _, ok := r.caps.At("/" + st.When); ok {
				return ""
			}
		}
		names = append(names, "`"+st.When+"`")
	}
	return strings.Join(names, ", ")
}

// runner is one run's state.
type runner struct {
	ex      *exercise.Exercise
	t       Transport
	opts    Options
	rev     string
	caps    *grader.Value // the capabilities the server declared, nil before
	shaken  bool          // the handshake was answered
	replies map[string][]byte
	passed  map[string]bool
	sentIDs map[string]string // request id -> step, to recognise late replies
	queue   [][]byte          // notifications no wait step consumed yet
	queued  []int             // their events in x
	gone    error             // the server is gone
	first   bool              // a message has been sent
	heard   bool              // the server has sent something
	// stop says why the remaining steps do not run ("" while they do): the
	// handshake failed, the server is gone or stopped answering.
	stop     string
	timeouts int // steps in a row whose request timed out
	// x is the run's conversation: every message sent and received, judged
	// and paired by the exchange; a step's report is the exchange's.
	x    *exchange.Exchange
	kept int // bytes of messages the steps kept
}

// maxEvents bounds the run's exchange: every step reads at most
// MaxMessagesPerStep messages.
const maxEvents = 1000

// after looks at a step that ended and decides whether the next ones can
// run: not after a failed handshake, nor once the server is gone or has let
// two requests in a row time out (each would wait out its timeout for
// nothing). A server that exited before it ever answered did not start:
// that is an error (exit 2), with its log.
func (r *runner) after(st *exercise.Step, sr *StepResult) error {
	if sr.Status == StatusSkipped {
		return nil
	}
	if r.gone != nil && !r.heard && st.Action == exercise.ActionHandshake {
		return &reachError{&ExitedError{Err: r.gone, Log: sr.Stderr}}
	}
	if sr.timedOut {
		r.timeouts++
	} else if sr.Sent != "" {
		r.timeouts = 0
	}
	switch {
	case r.stop != "":
	case r.gone != nil:
		r.stop = r.say(msgSkipGone)
	case st.Action == exercise.ActionHandshake && sr.Status == StatusFailed:
		r.stop = r.say(msgSkipHandshake)
	case r.timeouts >= 2:
		r.stop = r.say(msgSkipSilent)
	}
	return nil
}

// step runs one step.
func (r *runner) step(ctx context.Context, st *exercise.Step) (StepResult, error) {
	sr := StepResult{Name: st.Name, Title: st.Title(r.opts.Lang), Messages: []Message{}, x: r.x, runKept: &r.kept}
	if reason := r.skipReason(st); reason != "" {
		sr.Status, sr.Reason, sr.absent = StatusSkipped, reason, !st.RunsIn(r.rev)
		return sr, nil
	}
	sctx, cancel := context.WithTimeout(ctx, r.opts.Timeout)
	defer cancel()
	var err error
	switch st.Action {
	case exercise.ActionWait:
		r.wait(sctx, st, &sr)
	case exercise.ActionHandshake:
		err = r.handshake(sctx, st, &sr)
	default:
		err = r.send(sctx, st, &sr)
	}
	if err != nil {
		return sr, err
	}
	if log := r.t.Log(); log != "" {
		sr.Stderr = log
	}
	if sr.Status == "" {
		sr.Status = StatusPassed
		if len(sr.Problems) > 0 {
			sr.Status = StatusFailed
		}
	}
	return sr, nil
}

func (r *runner) skipReason(st *exercise.Step) string {
	if !st.RunsIn(r.rev) {
		return r.say(msgStepRevision, r.rev)
	}
	if r.stop != "" {
		return r.stop
	}
	if st.When != "" {
		if r.caps == nil {
			return r.say(msgNoCapabilities, st.When)
		}
		if _, ok := r.caps.At("/" + st.When); !ok {
			return r.say(msgNotDeclared, st.When)
		}
	}
	for _, need := range st.Needs {
		if !r.passed[need] {
			return r.say(msgNeeds, need)
		}
	}
	return ""
}

// send sends the step's request and grades the reply.
func (r *runner) send(ctx context.Context, st *exercise.Step, sr *StepResult) error {
	msg, err := st.Message(r.rev, r.ref)
	if err != nil {
		sr.Status, sr.Reason = StatusSkipped, err.Error()
		return nil
	}
	reply, err := r.exchange(ctx, msg, sr)
	if sr.httpStatus != 0 {
		// Streamable HTTP lets a server refuse a request with a 4xx status
		// and no JSON-RPC error: acceptable where an error is, not preferred.
		if st.ExpectsError() {
			sr.Warning = r.say(msgHTTPRefused, sr.httpStatus)
		} else {
			sr.Problems = append(sr.Problems, r.say(msgTransport, sr.statusText))
		}
		return nil
	}
	if err != nil || reply == nil {
		return err
	}
	if len(reply) <= maxRefBytes {
		r.replies[st.Name] = reply
	}
	r.grade(st, msg, reply, sr)
	return nil
}

// grade runs the step's checks on its reply. The verdict on the reply is
// the run's exchange's, given once when the reply came (checked against
// the step's request, with what the conversation found on it): the
// checks read it and judge nothing again.
func (r *runner) grade(st *exercise.Step, sent, reply []byte, sr *StepResult) {
	var g exercise.StepGrade
	if e, ok := r.x.Event(sr.last); ok && e.Raw == string(reply) {
		g = st.GradeReply(sent, reply, e.Report, r.rev, r.opts.Lang)
		g.Passed, sr.reply = g.Passed && g.Report.Valid, e.Seq
	} else {
		g = st.GradeStep(sent, reply, r.rev, r.opts.Lang) // a reply the exchange keeps only the start of
	}
	sr.Report, sr.Checks, sr.Warning = &g.Report, g.Checks, g.Warning
	if !g.Passed {
		sr.Status = StatusFailed
	}
}

// maxRefBytes bounds a reply kept for later steps to refer to.
const maxRefBytes = 256 << 10

// ref finds a value in an earlier step's reply.
func (r *runner) ref(step, pointer string) (json.RawMessage, bool) {
	raw, ok := r.replies[step]
	if !ok {
		return nil, false
	}
	v, err := grader.Parse(raw)
	if err != nil {
		return nil, false
	}
	at, ok := v.At(pointer)
	if !ok {
		return nil, false
	}
	return json.RawMessage(at.Raw), true
}

// exchange sends one request and reads until its reply, answering what the
// server asks meanwhile. It returns the reply (nil when none came: the
// problems say why), or an error when the server cannot be reached at all.
func (r *runner) exchange(ctx context.Context, msg []byte, sr *StepResult) ([]byte, error) {
	sr.Sent = string(msg)
	sr.keep(Message{From: grader.SenderClient, Message: string(msg)}, true)
	sr.sent = sr.last
	if r.gone != nil {
		sr.Problems = append(sr.Problems, r.say(msgGone, netWords(r.gone, r.opts.Lang)))
		return nil, nil
	}
	info := r.sendInfo(msg, true)
	id := messageID(msg)
	if err := r.t.Send(ctx, msg, info); err != nil {
		switch {
		case IsUnreachable(err) && !r.first:
			return nil, err
		case ctx.Err() != nil: // HTTP: not even the response headers in time
			sr.timedOut = true
			sr.Problems = append(sr.Problems, r.say(msgTimeout, r.opts.Timeout.String()))
		case errors.Is(err, ErrDied):
			r.gone = err
			sr.Problems = append(sr.Problems, r.say(msgDied, netWords(err, r.opts.Lang)))
		default:
			if errors.Is(err, ErrClosed) {
				r.gone = err // the next steps need not wait
			}
			sr.Problems = append(sr.Problems, r.say(msgSendFailed, netWords(err, r.opts.Lang)))
		}
		return nil, nil
	}
	r.first = true
	r.sentIDs[id] = sr.Name
	return r.readUntil(ctx, sr, func(raw []byte, v *grader.Value) bool {
		return v == nil || v.Get("method") == nil
	}, func(raw []byte, v *grader.Value) bool {
		// A late reply to an earlier step is shown, not taken.
		if v == nil || v.Kind != grader.Object || v.Get("method") != nil {
			return false
		}
		rid := v.Get("id")
		if rid == nil {
			return false
		}
		step, known := r.sentIDs[rid.Raw]
		return known && rid.Raw != id && step != sr.Name
	})
}

// readUntil reads the inbox until a message is the one want accepts; late
// says which messages to show and skip. It returns that message, or nil
// after recording why none came.
func (r *runner) readUntil(ctx context.Context, sr *StepResult, want, late func([]byte, *grader.Value) bool) ([]byte, error) {
	count := 0
	for {
		select {
		case <-ctx.Done():
			sr.timedOut = true
			sr.Problems = append(sr.Problems, r.say(msgTimeout, r.opts.Timeout.String()))
			return nil, nil
		case in := <-r.t.Inbox():
			if in.Raw != nil {
				r.heard = true
			}
			if in.Final {
				r.gone = in.Err
				sr.Problems = append(sr.Problems, r.say(msgGone, netWords(in.Err, r.opts.Lang)))
				return nil, nil
			}
			if in.Err != nil {
				r.heard = true
				if in.Raw != nil {
					sr.keep(Message{From: grader.SenderServer, Message: string(in.Raw)}, false)
				}
				if errors.Is(in.Err, ErrNoReply) {
					if len(sr.Problems) == 0 {
						sr.Problems = append(sr.Problems, r.say(msgNoReplyInBody))
					}
					return nil, nil
				}
				if errors.Is(in.Err, ErrDied) {
					r.gone = in.Err
					sr.Problems = append(sr.Problems, r.say(msgDied, netWords(in.Err, r.opts.Lang)))
					return nil, nil
				}
				if in.Status >= 400 && in.Status < 500 {
					sr.httpStatus = in.Status
					sr.statusText = in.Err.Error()
					return nil, nil
				}
				sr.Problems = append(sr.Problems, r.transportProblem(in.Err))
				if !errors.Is(in.Err, ErrTooLarge) {
					return nil, nil // the reply will not come on this request
				}
				continue
			}
			count++
			if count > MaxMessagesPerStep {
				sr.Problems = append(sr.Problems, r.say(msgFlood, MaxMessagesPerStep))
				return nil, nil
			}
			v, perr := grader.Parse(in.Raw)
			if perr != nil || v == nil || v.Kind != grader.Object {
				v = nil
			}
			if v != nil && late(in.Raw, v) {
				sr.keep(Message{From: grader.SenderServer, Message: string(in.Raw)}, false)
				sr.Problems = append(sr.Problems, r.say(msgLate))
				continue
			}
			if v != nil && want(in.Raw, v) {
				sr.keep(Message{From: grader.SenderServer, Message: string(in.Raw), replyTo: sr.sent}, true)
				sr.Received = sr.received()
				return in.Raw, nil
			}
			r.other(ctx, in.Raw, v, sr)
		}
	}
}

func (r *runner) transportProblem(err error) string {
	var re *RedirectError
	var nm *NotMCPError
	switch {
	case errors.As(err, &re):
		return r.say(msgRedirectGet, re.Status, re.Location)
	case errors.As(err, &nm) && nm.Status < 300:
		return r.say(msgNotMCP, nm.Error())
	case errors.Is(err, ErrTooLarge):
		return r.say(msgTooLarge)
	case errors.Is(err, ErrPartial):
		return r.say(msgPartial)
	}
	return r.say(msgTransport, netWords(err, r.opts.Lang))
}

// sendInfo describes a message for the transport.
func (r *runner) sendInfo(msg []byte, request bool) SendInfo {
	info := SendInfo{Request: request}
	v, err := grader.Parse(msg)
	if err != nil || v == nil {
		return info
	}
	if m := v.Get("method"); m != nil && m.Kind == grader.String {
		info.Method = m.Str
	}
	for _, key := range []string{"name", "uri"} {
		if n, ok := v.At("/params/" + key); ok && n.Kind == grader.String && (info.Method == "tools/call" || info.Method == "prompts/get" || info.Method == "resources/read") {
			info.Name = n.Str
		}
	}
	if r.rev == grader.Rev20260728 {
		info.Revision, info.Stateless = r.rev, request
	} else if r.shaken {
		info.Revision = r.rev
	}
	return info
}

// messageID is the raw id of a message ("" when none).
func messageID(raw []byte) string {
	v, err := grader.Parse(raw)
	if err != nil || v == nil {
		return ""
	}
	if id := v.Get("id"); id != nil {
		return id.Raw
	}
	return ""
}

// isResponse reports whether raw is a JSON object without a method (a
// response, or what was meant as one).
func isResponse(raw []byte) bool {
	var m map[string]json.RawMessage
	if json.Unmarshal(raw, &m) != nil {
		return false
	}
	_, method := m["method"]
	return !method
}

var _ = fmt.Sprint
