// Package repo finds what tests and load programs need from around the
// source tree: the repository root, the official MCP schemas that sit beside
// it (../shared/mcp-schema, reference data that is never copied in), and a
// freshly built playground binary, which Start runs until it is ready.
package repo

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// Root walks up from the working directory to the directory holding go.mod.
func Root() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", fmt.Errorf("find the repository: %w", err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("find the repository: no go.mod above the working directory")
		}
		dir = parent
	}
}

// SchemaDir returns ../shared/mcp-schema beside the repository root. Where
// it is missing the test is skipped with a message saying why the
// comparison does not run, unless PLAYGROUND_SCHEMAS=require (set by CI),
// in which case it fails.
func SchemaDir(t testing.TB) string {
	t.Helper()
	dir, err := schemaDir()
	if err != nil {
		if os.Getenv("PLAYGROUND_SCHEMAS") == "require" {
			t.Fatalf("PLAYGROUND_SCHEMAS=require but %v", err)
		}
		t.Skipf("%v: skipping the comparison with them", err)
	}
	return dir
}

func schemaDir() (string, error) {
	root, err := Root()
	if err != nil {
		return "", fmt.Errorf("the official MCP schemas cannot be found: %w", err)
	}
	dir := filepath.Join(filepath.Dir(root), "shared", "mcp-schema")
	if _, err := os.Stat(filepath.Join(dir, "2025-11-25", "schema.json")); err != nil {
		return "", fmt.Errorf("the official MCP schemas are not at %s (they live beside the repository, never in it)", dir)
	}
	return dir, nil
}

// BuildPlayground compiles ./cmd/playground into dir and returns the binary.
func BuildPlayground(ctx context.Context, dir string) (string, error) {
	root, err := Root()
	if err != nil {
		return "", err
	}
	bin := filepath.Join(dir, "playground")
	cmd := exec.CommandContext(ctx, "go", "build", "-o", bin, "./cmd/playground")
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("go build ./cmd/playground: %w\n%s", err, out)
	}
	return bin, nil
}
