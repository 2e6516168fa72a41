package clientcheck

import (
	"context"

	"github.com/mcpplayground/playground/internal/exercise"
	"github.com/mcpplayground/playground/internal/frontmatter"
	"github.com/mcpplayground/playground/internal/i18n"
)

// PlanOf is the plan of a client exercise, in language l.
func PlanOf(ex *exercise.Exercise, l i18n.Lang) *Plan {
	p := &Plan{Exercise: ex.ID, Title: ex.TextIn(l).Title, Protocol: ex.Protocol, Revisions: ex.Revisions}
	for _, st := range ex.Steps {
		p.Steps = append(p.Steps, PlanStep{Name: st.Name, Title: st.Title(l), Rule: st.Rule(l)})
	}
	return p
}

// Lint proves what check-content must for client exercises (LintPlan),
// each problem placed in the exercise's file (a *frontmatter.Error).
func Lint(ctx context.Context, exs []*exercise.Exercise) []error {
	var errs []error
	for _, ex := range exs {
		if ex.Kind != exercise.KindClient {
			continue
		}
		line := map[string]int{}
		for _, st := range ex.Steps {
			line[st.Name] = st.Line
		}
		mistakes := map[string]string{}
		mline := 1
		for _, mc := range ex.Mistakes {
			mistakes[mc.Mistake] = mc.Step
			mline = mc.Line
		}
		for _, p := range LintPlan(ctx, PlanOf(ex, i18n.Default), mistakes) {
			errs = append(errs, frontmatter.Errorf(ex.File, mline, "%s", p))
		}
	}
	return errs
}
