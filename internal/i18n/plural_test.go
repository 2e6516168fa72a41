package i18n

import "testing"

func TestSprintfPlural(t *testing.T) {
	tests := []struct {
		l      Lang
		format string
		args   []any
		want   string
	}{
		{EN, "%d {learner|learners} · %d {attempt|attempts}", []any{1, 2}, "1 learner · 2 attempts"},
		{EN, "%d {learner|learners} · %d {attempt|attempts}", []any{0, 1}, "0 learners · 1 attempt"},
		{FR, "%d {apprenant|apprenants} · %d {tentative|tentatives}", []any{0, 1}, "0 apprenant · 1 tentative"},
		{FR, "%d {apprenant|apprenants}, la dernière à %s", []any{3, "10:05"}, "3 apprenants, la dernière à 10:05"},
		{EN, "100%% of %d {check|checks}", []any{1}, "100% of 1 check"},
		{EN, "no groups: %d", []any{4}, "no groups: 4"},
		{EN, "an unclosed {brace", nil, "an unclosed {brace"},
	}
	for _, tt := range tests {
		if got := Sprintf(tt.l, tt.format, tt.args...); got != tt.want {
			t.Errorf("Sprintf(%s, %q, %v) = %q, want %q", tt.l, tt.format, tt.args, got, tt.want)
		}
	}
}
