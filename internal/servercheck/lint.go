package servercheck

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/mcpplayground/playground/internal/exercise"
	"github.com/mcpplayground/playground/internal/frontmatter"
	"github.com/mcpplayground/playground/internal/grader"
	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/mockserver"
)

// lintTimeout bounds a step of check-content's runs: the gift server
// answers in microseconds in process, so this is only reached by a step
// that waits for what never comes (a mistake mode that never answers).
const lintTimeout = 2 * time.Second

// Revisions are the revisions a server exercise can run in.
var Revisions = grader.CourseRevisions()

// Lint proves what check-content must for server exercises: the bundled
// gift server (the solution) passes every step in every revision the
// exercise runs in, and each mistake mode the exercise names fails it at
// that step, no earlier one. Each error is a *frontmatter.Error.
func Lint(ctx context.Context, exs []*exercise.Exercise) []error {
	var errs []error
	for _, ex := range exs {
		if ex.Kind != exercise.KindServer {
			continue
		}
		errs = append(errs, lintOne(ctx, ex)...)
	}
	return errs
}

func lintOne(ctx context.Context, ex *exercise.Exercise) []error {
	var errs []error
	for _, rev := range Revisions {
		if !ex.RunsIn(rev) {
			continue
		}
		res, err := RunGift(ctx, ex, mockserver.Config{}, rev)
		if err != nil {
			errs = append(errs, frontmatter.Errorf(ex.File, 1, "the reference run against the gift server (%s) did not start: %v", rev, err))
			continue
		}
		for i, sr := range res.Steps {
			switch {
			case sr.Status == StatusFailed:
				errs = append(errs, frontmatter.Errorf(ex.File, ex.Steps[i].Line, "the gift server fails this step in %s: %s", rev, Explain(sr)))
			case sr.Status == StatusSkipped && ex.Steps[i].RunsIn(rev):
				errs = append(errs, frontmatter.Errorf(ex.File, ex.Steps[i].Line, "the gift server skips this step in %s: %s", rev, sr.Reason))
			}
		}
	}
	for _, mc := range ex.Mistakes {
		errs = append(errs, lintMistake(ctx, ex, mc)...)
	}
	return errs
}

func lintMistake(ctx context.Context, ex *exercise.Exercise, mc exercise.MistakeCatch) []error {
	m, err := mockserver.LookupMistake(mc.Mistake)
	if err != nil {
		return []error{frontmatter.Errorf(ex.File, mc.Line, "%v", err)}
	}
	rev := ex.Protocol
	if !ex.RunsIn(rev) {
		rev = ex.Revisions[0]
	}
	res, err := RunGift(ctx, ex, mockserver.Config{Mistake: m}, rev)
	if err != nil {
		return []error{frontmatter.Errorf(ex.File, mc.Line, "the run with mistake %s did not start: %v", mc.Mistake, err)}
	}
	for _, sr := range res.Steps {
		if sr.Name == mc.Step {
			if sr.Status != StatusFailed {
				return []error{frontmatter.Errorf(ex.File, mc.Line, "mistake %s should be caught at step %s, which is %s", mc.Mistake, mc.Step, sr.Status)}
			}
			return nil
		}
		if sr.Status == StatusFailed {
			return []error{frontmatter.Errorf(ex.File, mc.Line, "mistake %s should be caught at step %s, but step %s fails first: %s", mc.Mistake, mc.Step, sr.Name, Explain(sr))}
		}
	}
	return nil
}

// RunGift runs ex against the bundled gift server, in process over its
// stdio loop, with the lint's timeout.
func RunGift(ctx context.Context, ex *exercise.Exercise, cfg mockserver.Config, rev string) (*Result, error) {
	t := InProcess(mockserver.New(cfg))
	defer t.Close()
	return Run(ctx, ex, t, Options{Protocol: rev, Lang: i18n.EN, Timeout: lintTimeout})
}

// Explain says in one line why a step failed: its problems, the failed
// checks, and the checker's first error.
func Explain(sr StepResult) string {
	var parts []string
	parts = append(parts, sr.Problems...)
	for _, c := range sr.Checks {
		if !c.Passed {
			parts = append(parts, c.Message)
		}
	}
	if sr.Report != nil {
		for _, d := range sr.Report.Diagnostics {
			if d.Severity == grader.SeverityError {
				parts = append(parts, fmt.Sprintf("%s (%s)", d.Message, d.Code))
				break
			}
		}
	}
	return strings.Join(parts, " ")
}
