package main

import (
	"context"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/mcpplayground/playground/internal/repo"
)

// releaseBinary is the host's binary of the release snapshot .ci/run
// builds (go tool goreleaser build --single-target --snapshot --clean),
// or the one PLAYGROUND_RELEASE_BIN names. Without one the test skips,
// unless PLAYGROUND_RELEASE=require (set by .ci/run) makes it fail.
func releaseBinary(t *testing.T) string {
	t.Helper()
	repo.SkipProcessInShort(t, "the release binary")
	if p := os.Getenv("PLAYGROUND_RELEASE_BIN"); p != "" {
		return p
	}
	exe := "playground"
	if runtime.GOOS == "windows" {
		exe += ".exe"
	}
	found, _ := filepath.Glob(filepath.Join("..", "..", "dist", "playground_"+runtime.GOOS+"_"+runtime.GOARCH+"*", exe))
	if len(found) > 0 {
		return found[0]
	}
	msg := "no release snapshot in dist/: build one with `go tool goreleaser build --single-target --snapshot --clean` (or set PLAYGROUND_RELEASE_BIN)"
	if os.Getenv("PLAYGROUND_RELEASE") == "require" {
		t.Fatal(msg)
	}
	t.Skip(msg)
	return ""
}

// pathWithoutGo is PATH without the folders that hold a go command.
func pathWithoutGo() string {
	var keep []string
	for _, dir := range filepath.SplitList(os.Getenv("PATH")) {
		if _, err := os.Stat(filepath.Join(dir, "go")); err == nil {
			continue
		}
		if _, err := os.Stat(filepath.Join(dir, "go.exe")); err == nil {
			continue
		}
		keep = append(keep, dir)
	}
	return strings.Join(keep, string(filepath.ListSeparator))
}

// The release binary runs alone, as an instructor runs it: copied into an
// empty folder, with no Go on the PATH, it says its version, serves its
// health and a lesson, answers its own health check (the container's),
// and creates its database there.
func TestReleaseBinaryRunsAlone(t *testing.T) {
	t.Parallel()
	src := releaseBinary(t)
	dir := t.TempDir()
	bin := filepath.Join(dir, filepath.Base(src))
	b, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(bin, b, 0o755); err != nil {
		t.Fatal(err)
	}
	env := []string{"PATH=" + pathWithoutGo(), "HOME=" + dir, "GOROOT=", "GOPATH=", "GOFLAGS="}

	cmd := exec.Command(bin, "version")
	cmd.Dir, cmd.Env = dir, env
	out, err := cmd.Output()
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	if err != nil || len(lines) != 3 || !strings.HasPrefix(lines[0], "playground ") ||
		!strings.HasPrefix(lines[1], "commit ") || !strings.HasPrefix(lines[2], "date ") || strings.HasSuffix(lines[2], "unknown") {
		t.Fatalf("playground version: %v\n%s", err, out)
	}
	version := strings.TrimPrefix(lines[0], "playground ")
	if version == "(devel)" {
		t.Errorf("the release binary says version %q: -ldflags did not stamp it", version)
	}

	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	p, err := repo.Start(ctx, bin, []string{"-addr", "127.0.0.1:0"}, repo.StartOptions{Env: env, Dir: dir})
	if p != nil {
		t.Cleanup(p.Kill)
	}
	if err != nil {
		t.Fatalf("serve: %v\n%s", err, p.Log())
	}
	if first, _, _ := strings.Cut(p.Log(), "\n"); !strings.Contains(first, "version="+version) {
		t.Errorf("the first log line %q does not name version %s", first, version)
	}
	base := "http://" + p.Addr
	resp, err := http.Get(base + "/healthz")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 || resp.Header.Get("X-Playground-Version") != version {
		t.Errorf("/healthz = %d, X-Playground-Version %q; want 200 and %q", resp.StatusCode, resp.Header.Get("X-Playground-Version"), version)
	}
	resp, err = http.Get(base + "/en/lessons/json-rpc")
	if err != nil {
		t.Fatal(err)
	}
	page, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || !strings.Contains(string(page), "JSON-RPC") {
		t.Errorf("a lesson: %d, %d bytes", resp.StatusCode, len(page))
	}
	check := exec.Command(bin, "healthcheck", "-addr", p.Addr)
	check.Dir, check.Env = dir, env
	if out, err := check.CombinedOutput(); err != nil || !strings.Contains(string(out), version) {
		t.Errorf("playground healthcheck -addr %s: %v\n%s", p.Addr, err, out)
	}
	if _, err := os.Stat(filepath.Join(dir, "playground.db")); err != nil {
		t.Errorf("the database was not created where the binary runs: %v", err)
	}
}
