package web

import (
	"testing"

	"github.com/mcpplayground/playground/internal/exercise"
	"github.com/mcpplayground/playground/internal/i18n"
)

// Every kind of exercise has its own label in each language: a kind added
// to exercise.Kinds without its words would show its raw name.
func TestEveryKindHasALabel(t *testing.T) {
	t.Parallel()
	for _, l := range i18n.All {
		seen := map[string]exercise.Kind{}
		for _, k := range exercise.Kinds {
			label := k.Label(l)
			if label == "" || label == string(k) {
				t.Errorf("%s: kind %s has no label (got %q)", l, k, label)
			}
			if other, dup := seen[label]; dup {
				t.Errorf("%s: kinds %s and %s share the label %q", l, other, k, label)
			}
			seen[label] = k
		}
	}
}
