package main

import (
	"bytes"
	"net/http"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// The release's -ldflags win; a build without them says what the Go
// toolchain recorded, and a plain word where nothing was recorded.
func TestStampedBuild(t *testing.T) {
	t.Parallel()
	vcs := &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: []debug.BuildSetting{
		{Key: "vcs.revision", Value: "abc123"}, {Key: "vcs.time", Value: "2026-12-01T10:00:00Z"}, {Key: "vcs.modified", Value: "true"},
	}}
	for _, c := range []struct {
		name     string
		v, cm, d string
		bi       *debug.BuildInfo
		want     buildInfo
	}{
		{"release", "1.2.0", "def456", "2026-12-05T00:00:00Z", vcs, buildInfo{"1.2.0", "def456", "2026-12-05T00:00:00Z"}},
		{"checkout", "", "", "", vcs, buildInfo{"(devel)", "abc123+dirty", "2026-12-01T10:00:00Z"}},
		{"go install", "", "", "", &debug.BuildInfo{Main: debug.Module{Version: "v1.3.0"}}, buildInfo{"v1.3.0", "unknown", "unknown"}},
		{"nothing", "", "", "", nil, buildInfo{"(devel)", "unknown", "unknown"}},
		{"snapshot without a git remote", "0.0.1-snapshot-none", "none", "2026-12-05T00:00:00Z", nil, buildInfo{"0.0.1-snapshot-none", "unknown", "2026-12-05T00:00:00Z"}},
	} {
		if d := cmp.Diff(c.want, stampedBuild(c.v, c.cm, c.d, c.bi)); d != "" {
			t.Errorf("%s (-want +got):\n%s", c.name, d)
		}
	}
}

func TestVersionCommand(t *testing.T) {
	t.Parallel()
	var stdout, stderr bytes.Buffer
	if code := run([]string{"version"}, nil, &stdout, &stderr); code != 0 {
		t.Fatalf("version: exit %d, %s", code, stderr.String())
	}
	b := currentBuild()
	want := "playground " + b.Version + "\ncommit " + b.Commit + "\ndate " + b.Date + "\n"
	if stdout.String() != want || !strings.HasPrefix(want, "playground ") {
		t.Errorf("version printed %q, want %q", stdout.String(), want)
	}
	if code := run([]string{"version", "extra"}, nil, &stdout, &stderr); code != 2 {
		t.Errorf("version extra: exit %d, want 2", code)
	}
}

// The server's first log line names the version, and so does /healthz.
func TestServeNamesItsVersion(t *testing.T) {
	t.Parallel()
	p := startServe(t, serveConfig{addr: "127.0.0.1:0"})
	b := currentBuild()
	first, _, _ := strings.Cut(p.logs.String(), "\n")
	if !strings.Contains(first, `msg="MCP Playground" version=`+b.Version) && !strings.Contains(first, `msg="MCP Playground" version="`+b.Version+`"`) {
		t.Errorf("first log line %q does not name version %s", first, b.Version)
	}
	resp, err := http.Get(p.base + "/healthz")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 || resp.Header.Get("X-Playground-Version") != b.Version {
		t.Errorf("/healthz = %d, X-Playground-Version %q; want 200 and %q", resp.StatusCode, resp.Header.Get("X-Playground-Version"), b.Version)
	}
}
