package web

import (
	"testing"

	"github.com/mcpplayground/playground/internal/guard"
)

// TestGeneratedTokensAreStrong: every token the playground generates is
// at least as strong as a chosen one must be.
func TestGeneratedTokensAreStrong(t *testing.T) {
	t.Parallel()
	for i := range 2000 {
		if tok := NewInstructorToken(); guard.TokenBits(tok) < guard.MinTokenBits {
			t.Fatalf("generated token %d %q is %.0f bits, below %d", i, tok, guard.TokenBits(tok), guard.MinTokenBits)
		}
	}
}
