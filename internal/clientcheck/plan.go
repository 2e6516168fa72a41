package clientcheck

import (
	"slices"
	"time"

	"github.com/mcpplayground/playground/internal/grader"
	"github.com/mcpplayground/playground/internal/i18n"
)

// Plan is one client exercise as a run needs it, in one language: the
// steps, by name, each one a behaviour of this package (Steps lists them).
type Plan struct {
	Exercise string
	Title    string
	// Protocol is the exercise's revision, Revisions those it runs in
	// (nil: Protocol only).
	Protocol  string
	Revisions []string
	Steps     []PlanStep
}

// PlanStep is one step of a plan.
type PlanStep struct {
	Name  string
	Title string
	// Rule is the rule of the specification the step checks.
	Rule string
}

// RunsIn reports whether the plan runs in revision rev.
func (p *Plan) RunsIn(rev string) bool {
	if len(p.Revisions) == 0 {
		return rev == p.Protocol
	}
	return slices.Contains(p.Revisions, rev)
}

// DefaultTimeout bounds one step when Options.Timeout is zero.
const DefaultTimeout = 10 * time.Second

// Revisions are the revisions a client can be checked in.
var Revisions = []string{grader.Rev20250618, grader.Rev20251125, grader.Rev20260728}

// Options tune a run.
type Options struct {
	// Protocol is the revision to check in ("": the plan's own).
	Protocol string
	Lang     i18n.Lang
	// Timeout bounds each step (0: DefaultTimeout).
	Timeout time.Duration
	// OnStep, when set, is called with each step's verdict as soon as it
	// ends, in order (a page shows the steps live).
	OnStep func(StepResult)
	// Log returns what the client logged so far (a command's output);
	// nil: nothing.
	Log func() string
}

func (o Options) withDefaults(p *Plan) Options {
	if o.Protocol == "" {
		o.Protocol = p.Protocol
	}
	if o.Protocol == "" {
		o.Protocol = grader.DefaultRevision
	}
	if o.Lang == "" {
		o.Lang = i18n.Default
	}
	if o.Timeout <= 0 {
		o.Timeout = DefaultTimeout
	}
	return o
}
