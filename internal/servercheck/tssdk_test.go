package servercheck

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mcpplayground/playground/internal/testing/nodetest"
)

// tsServer installs the pinned TypeScript SDK and Node (testdata/tsserver)
// and returns the node binary and the server script.
func tsServer(t *testing.T) (node, script string) {
	return nodetest.Install(t, filepath.Join("testdata", "tsserver"), "server.mjs", "the TypeScript SDK server")
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
