package web

import "testing"

func TestTokenBits(t *testing.T) {
	for i := range 2000 {
		if tok := NewInstructorToken(); TokenBits(tok) < MinTokenBits {
			t.Fatalf("generated token %d %q is %.0f bits, below %d", i, tok, TokenBits(tok), MinTokenBits)
		}
	}
	for _, weak := range []string{
		"", "attack", "choose-a-long-secret", "figures-token", "a long random token",
		"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", "abcdefghijklmnopqrstuvwxyz0123456789",
		"0123456789012345678901234567890123456789",
	} {
		if b := TokenBits(weak); b >= MinTokenBits {
			t.Errorf("TokenBits(%q) = %.0f, want below %d", weak, b, MinTokenBits)
		}
	}
	for _, strong := range []string{"Xk3-pQ9_vL2mZr8TwY4nB7cD", "q8ZP0v3r6K1wL9mT2xN5bC7d", "7s-kQ/2Lx+9wPzR4m=T1vN8c"} {
		if b := TokenBits(strong); b < MinTokenBits {
			t.Errorf("TokenBits(%q) = %.0f, want at least %d", strong, b, MinTokenBits)
		}
	}
}
