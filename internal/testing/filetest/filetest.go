// Package filetest holds the file helpers tests share: CopyFile puts a
// file where a test needs it (a database written by an earlier version,
// a script next to its installed packages).
package filetest

import (
	"os"
	"testing"
)

// CopyFile copies the file from to the file to (created or truncated, mode
// 0644), and fails the test if it cannot.
func CopyFile(t testing.TB, from, to string) {
	t.Helper()
	b, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, b, 0o644); err != nil {
		t.Fatal(err)
	}
}
