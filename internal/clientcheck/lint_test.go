package clientcheck

import (
	"context"
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
