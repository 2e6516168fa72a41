package clientcheck

import (
	"context"
	"slices"
	"strings"
	"testing"
)

func TestLintPlan(t *testing.T) {
	plan := testPlans["first-call"]
	if got := LintPlan(context.Background(), plan, map[string]string{"tool-for-name": "first-call", "no-initialized": "initialized"}); len(got) != 0 {
		t.Errorf("a good plan: %q", got)
	}
	cases := []struct {
		mistakes map[string]string
		want     string
	}{
		{map[string]string{"tool-for-name": "initialize"}, "does not fail step initialize"},
		{map[string]string{"schema": "tools-list"}, "does not fail step tools-list"},
		{map[string]string{"no-initialized": "first-call"}, "fails step initialized, before step first-call"},
		{map[string]string{"typo": "first-call"}, "is not a mistake of the reference client"},
	}
	for _, tc := range cases {
		got := LintPlan(context.Background(), plan, tc.mistakes)
		if len(got) != 1 || !strings.Contains(got[0], tc.want) {
			t.Errorf("%v: %q, want one problem with %q", tc.mistakes, got, tc.want)
		}
	}
	bad := &Plan{Exercise: "x", Protocol: "2025-11-25", Steps: steps("handshake", "juggle")}
	if got := LintPlan(context.Background(), bad, nil); len(got) != 1 || !strings.Contains(got[0], `step "juggle" is not a step`) {
		t.Errorf("an unknown step: %q", got)
	}
}

// A step that waits for what the reference client never sends (here a
// second notifications/initialized) ends when the client has played its
// whole part, not when the step's time runs out: check-content's verdicts
// do not depend on how busy the machine is.
func TestRunReferenceEndsWithTheClient(t *testing.T) {
	plan := &Plan{Exercise: "x", Protocol: "2025-11-25", Steps: steps("initialize", "initialized", "initialized")}
	res, err := RunReference(context.Background(), plan, "2025-11-25", "")
	if err != nil {
		t.Fatal(err)
	}
	done := words[keyReferenceDone][0]
	var said []string
	for _, sr := range res.Steps {
		if sr.Status == StatusFailed {
			said = append(said, sr.Problems...)
		}
	}
	if !slices.ContainsFunc(said, func(p string) bool { return strings.Contains(p, done) }) {
		t.Errorf("the failed steps say %q, want that %q", said, done)
	}
	for _, p := range said {
		if strings.Contains(p, "within") {
			t.Errorf("a step waited its time out: %q", p)
		}
	}
}
