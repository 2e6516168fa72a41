package servercheck

import (
	"context"
	"testing"
)

// The bundled server exercises pass against the gift server in every
// revision they run in, and catch each mistake they name where they say.
func TestLintBundled(t *testing.T) {
	for _, err := range Lint(context.Background(), serverExercises(t)) {
		t.Error(err)
	}
}
