package repo

import "testing"

// SkipProcessInShort skips t in -short mode, saying what it would have
// started: a test that builds or runs a real process (the playground
// binary, a stdio server, Node, a PostgreSQL cluster) is the slow part of
// the suite, kept by the full run and CI, and left out of the inner loop
// (go test -short ./...).
func SkipProcessInShort(t testing.TB, what string) {
	t.Helper()
	if testing.Short() {
		t.Skip("starts " + what + ": skipped in -short mode")
	}
}
