package clientcheck

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/mcpplayground/playground/internal/testing/nodetest"
)

// tsClient installs the pinned TypeScript SDK and Node (testdata/tsclient,
// the same packages as mockserver's) and returns the node binary and the
// client script.
func tsClient(t *testing.T) (node, script string) {
	return nodetest.Install(t, filepath.Join("testdata", "tsclient"), "client.mjs", "the TypeScript SDK client")
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
