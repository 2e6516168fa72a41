package main

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/internal/repo"
	"github.com/mcpplayground/playground/internal/servercheck"
	"github.com/mcpplayground/playground/internal/testing/gifttest"
	"github.com/mcpplayground/playground/mockserver"
)

// playgroundBin builds the binary: check-server starts it as the learner's
// server (mockserver -stdio).
func playgroundBin(t *testing.T) string {
	t.Helper()
	repo.SkipProcessInShort(t, "the playground binary")
	bin, err := repo.BuildPlayground(context.Background(), t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	return bin
}

func checkServer(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := runCheckServer(args, &out, &errb)
	return code, out.String(), errb.String()
}

// The JSON report has the documented shape, and the exit code says whether
// every step passed: 0 against the gift server, 1 against a mistake.
func TestCheckServerStdioJSON(t *testing.T) {
	t.Parallel()
	bin := playgroundBin(t)
	code, out, errs := checkServer(t, "-exercise", "tools-server-gift-server", "-json", "--", bin, "mockserver", "-stdio")
	if code != 0 {
		t.Fatalf("exit %d, stderr %s\n%s", code, errs, out)
	}
	var res struct {
		Exercise, Protocol string
		Passed             bool
		Steps              []map[string]json.RawMessage
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatalf("not one JSON object: %v\n%s", err, out)
	}
	if res.Exercise != "tools-server-gift-server" || res.Protocol != "2025-11-25" || !res.Passed || len(res.Steps) < 8 {
		t.Errorf("report = %+v", res)
	}
	for _, key := range []string{"name", "status", "sent", "received", "report", "checks", "messages"} {
		if _, ok := res.Steps[0][key]; !ok {
			t.Errorf("step has no %q: %s", key, res.Steps[0]["name"])
		}
	}

	code, out, _ = checkServer(t, "-exercise", "tools-server-gift-server", "--", bin, "mockserver", "-stdio", "-mistake", "unknown-tool-success")
	if code != 1 || !strings.Contains(out, "✘ unknown-tool") || !strings.Contains(out, "-32602 (invalid params)") {
		t.Errorf("with a mistake: exit %d\n%s", code, out)
	}
}

// Over Streamable HTTP, in French, every bundled server exercise passes.
func TestCheckServerHTTPFrench(t *testing.T) {
	t.Parallel()
	code, out, errs := checkServer(t, "-lang", "fr", "-protocol", "2026-07-28", "-url", gifttest.URL(t, mockserver.Config{}))
	if code != 0 || !strings.Contains(out, "Exercice tools-server-gift-server") || !strings.Contains(out, "échouées\u00a0: 0") {
		t.Errorf("exit %d, stderr %s\n%s", code, errs, out)
	}
}

// Exit 2: a server that cannot be reached or started, and usage mistakes.
func TestCheckServerExit2(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{
		{"-url", "http://127.0.0.1:1/mcp"},
		{"--", "/nonexistent/server"},
		{},
		{"-url", "http://127.0.0.1:1/mcp", "--", "node"},
		{"-protocol", "2024-01-01", "-url", "http://127.0.0.1:1/mcp"},
		{"-exercise", "no-such-exercise", "-url", "http://127.0.0.1:1/mcp"},
	} {
		if code, out, errs := checkServer(t, args...); code != 2 || errs == "" {
			t.Errorf("%q: exit %d, stdout %q, stderr %q", args, code, out, errs)
		}
	}
}

// A run that was not graded still shows its steps, then says why.
func TestPrintResultNotGraded(t *testing.T) {
	t.Parallel()
	res := &servercheck.Result{Exercise: "x", Title: "T", Protocol: "2025-11-25", Skipped: "nothing declared",
		Steps: []servercheck.StepResult{{Name: "handshake", Title: "The handshake", Status: servercheck.StatusPassed}}}
	var b bytes.Buffer
	printResult(&b, res, i18n.EN)
	out := b.String()
	step, note := strings.Index(out, "✔ handshake: The handshake"), strings.Index(out, "– nothing declared\n")
	if step < 0 || note < step {
		t.Errorf("printResult =\n%s\nwant the step, then the reason it was not graded", out)
	}
}

// A server that crashes at start is exit 2, with its log printed once
// (not once per exercise), and a closed port says nothing listens there.
func TestCheckServerCrashAtStart(t *testing.T) {
	t.Parallel()
	code, out, errs := checkServer(t, "--", "/bin/sh", "-c", "echo \"ModuleNotFoundError: No module named 'mcp'\" >&2; exit 1")
	if code != 2 || out != "" || strings.Count(errs, "No module named 'mcp'") != 1 || !strings.Contains(errs, "exited before it answered anything") {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out, errs)
	}
	code, _, errs = checkServer(t, "-url", "http://127.0.0.1:1/mcp")
	if code != 2 || !strings.Contains(errs, "nothing is listening on 127.0.0.1:1 — is your server running?") {
		t.Errorf("closed port: exit %d, stderr %q", code, errs)
	}
}
