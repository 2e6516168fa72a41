package filetest

import (
	"os"
	"path/filepath"
	"testing"
)

// The copy has the original's bytes, over a file that was there before.
func TestCopyFile(t *testing.T) {
	dir := t.TempDir()
	from, to := filepath.Join(dir, "from.db"), filepath.Join(dir, "to.db")
	want := "SQLite format 3\x00 and the rest"
	for name, body := range map[string]string{from: want, to: "an older and longer file, replaced"} {
		if err := os.WriteFile(name, []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	CopyFile(t, from, to)
	got, err := os.ReadFile(to)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != want {
		t.Errorf("the copy holds %q, want %q", got, want)
	}
}
