package guard

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestTokenBits: tokens a person picks, or that repeat or run, are weak;
// random ones of 24 characters are strong.
func TestTokenBits(t *testing.T) {
	want := map[string]bool{
		"":                     false,
		"attack":               false,
		"choose-a-long-secret": false,
		"figures-token":        false,
		"a long random token":  false,
		"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa": false,
		"abcdefghijklmnopqrstuvwxyz0123456789":     false,
		"0123456789012345678901234567890123456789": false,
		"Xk3-pQ9_vL2mZr8TwY4nB7cD":                 true,
		"q8ZP0v3r6K1wL9mT2xN5bC7d":                 true,
		"7s-kQ/2Lx+9wPzR4m=T1vN8c":                 true,
	}
	got := map[string]bool{}
	for tok := range want {
		got[tok] = TokenBits(tok) >= MinTokenBits
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("strong enough (-want +got):\n%s", diff)
	}
}
