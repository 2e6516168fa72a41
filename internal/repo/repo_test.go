package repo

import (
	"context"
	"os"
	"path/filepath"
	"testing"
)

func TestRootHoldsThisModule(t *testing.T) {
	root, err := Root()
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	if want := "module github.com/mcpplayground/playground\n"; string(b[:len(want)]) != want {
		t.Errorf("go.mod at %s starts %q", root, b[:len(want)])
	}
}

func TestBuildPlayground(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary; skipped in -short mode")
	}
	bin, err := BuildPlayground(context.Background(), t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if info, err := os.Stat(bin); err != nil || info.Mode()&0o111 == 0 {
		t.Errorf("%s is not an executable: %v", bin, err)
	}
}
