package clientcheck

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"sort"
	"strings"
	"time"
)

// lintTimeout bounds a step of check-content's runs. The reference client
// answers in microseconds in process and says when it has played its
// whole part, so a step waiting for what a mistake leaves unsent ends
// then: the bound is only reached by a broken run, and is wide enough
// that a loaded machine never reaches it.
const lintTimeout = 30 * time.Second

// waitedOut are the mistakes that can only be seen by waiting: the
// reference client, still connected and waiting for its own answer,
// leaves the server's request unanswered. Their runs wait lintWaitOut,
// the step's time the checking server gives before it says so.
var waitedOut = map[string]bool{"unanswered": true}

const lintWaitOut = 3 * time.Second

// RunReference runs plan against the reference client in revision rev,
// planting mistake ("" for none), over a loopback listener.
func RunReference(ctx context.Context, plan *Plan, rev, mistake string) (*Result, error) {
	s := NewSession()
	defer s.Close()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, fmt.Errorf("listen for the reference client: %w", err)
	}
	srv := &http.Server{Handler: s, ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = srv.Serve(ln) }()
	defer srv.Close()
	cctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() {
		defer close(done)
		PlayReference(cctx, "http://"+ln.Addr().String()+"/mcp", plan, rev, mistake)
		// All the reference client sends is in the inbox: a step waiting
		// for what a planted mistake leaves unsent need not wait its time.
		s.put(inbound{gone: true, err: keyReferenceDone}, nil)
	}()
	timeout := lintTimeout
	if waitedOut[mistake] {
		timeout = lintWaitOut
	}
	res, err := Run(ctx, plan, s, Options{Protocol: rev, Timeout: timeout})
	cancel()
	s.Close()
	<-done
	return res, err
}

// LintPlan proves what check-content must for a client exercise: the
// reference client passes every step in every revision the plan runs in,
// and each mistake named fails it at its step and at no earlier one. The
// problems are returned as text, for the caller to place in the file.
func LintPlan(ctx context.Context, plan *Plan, mistakes map[string]string) []string {
	var out []string
	for _, st := range plan.Steps {
		if !KnownStep(st.Name) {
			out = append(out, fmt.Sprintf("step %q is not a step of check-client (%s)", st.Name, strings.Join(Steps(), ", ")))
		}
	}
	if len(out) > 0 {
		return out
	}
	for _, rev := range Revisions {
		if !plan.RunsIn(rev) {
			continue
		}
		res, err := RunReference(ctx, plan, rev, "")
		if err != nil {
			out = append(out, fmt.Sprintf("the reference client did not connect in %s: %v", rev, err))
			continue
		}
		for _, sr := range res.Steps {
			if sr.Status != StatusPassed {
				out = append(out, fmt.Sprintf("the reference client does not pass step %s in %s: %s%s", sr.Name, rev, strings.Join(sr.Problems, " "), sr.Reason))
			}
		}
	}
	for mistake, step := range mistakes {
		out = append(out, lintMistake(ctx, plan, mistake, step)...)
	}
	return out
}

func lintMistake(ctx context.Context, plan *Plan, mistake, step string) []string {
	if _, ok := Mistakes[mistake]; !ok {
		return []string{fmt.Sprintf("mistake %s is not a mistake of the reference client (%s)", mistake, strings.Join(mistakeNames(), ", "))}
	}
	res, err := RunReference(ctx, plan, plan.Protocol, mistake)
	if err != nil {
		return []string{fmt.Sprintf("the reference client with mistake %s did not connect: %v", mistake, err)}
	}
	for _, sr := range res.Steps {
		if sr.Name == step {
			if sr.Status != StatusFailed {
				return []string{fmt.Sprintf("mistake %s does not fail step %s (%s)", mistake, step, sr.Status)}
			}
			return nil
		}
		if sr.Status == StatusFailed {
			return []string{fmt.Sprintf("mistake %s fails step %s, before step %s", mistake, sr.Name, step)}
		}
	}
	return []string{fmt.Sprintf("mistake %s: there is no step %s", mistake, step)}
}

func mistakeNames() []string {
	out := make([]string, 0, len(Mistakes))
	for m := range Mistakes {
		out = append(out, m)
	}
	sort.Strings(out)
	return out
}
