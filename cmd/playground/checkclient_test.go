package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/mcpplayground/playground/internal/clientcheck"
	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/internal/repo"
)

// TestCheckClientHelper is not a test: check-client starts this test
// binary as the learner's client, which plays the reference client at the
// URL in its arguments ({url}) or in MCP_SERVER_URL.
func TestCheckClientHelper(t *testing.T) {
	exID := os.Getenv("CHECKCLIENT_HELPER")
	if exID == "" {
		t.Skip("started by check-client only")
	}
	url := os.Getenv(clientcheck.EnvURL)
	if last := os.Args[len(os.Args)-1]; last != "at="+url {
		t.Fatalf("{url} gave %q, MCP_SERVER_URL %q", last, url)
	}
	exs, err := clientExercises(checkClientConfig{exercise: exID})
	if err != nil {
		t.Fatal(err)
	}
	plan := clientcheck.PlanOf(exs[0], i18n.EN)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	clientcheck.PlayReference(ctx, url, plan, plan.Protocol, os.Getenv("CHECKCLIENT_MISTAKE"))
}

func checkClient(t *testing.T, exID, mistake string, args ...string) (int, string, string) {
	t.Helper()
	t.Setenv("CHECKCLIENT_HELPER", exID)
	t.Setenv("CHECKCLIENT_MISTAKE", mistake)
	var out, errb bytes.Buffer
	args = append(args, "--", os.Args[0], "-test.run=^TestCheckClientHelper$", "at={url}")
	code := runCheckClient(args, &out, &errb)
	return code, out.String(), errb.String()
}

// The reference client passes with exit 0, and the JSON report has
// check-server's shape; {url} and MCP_SERVER_URL name the same server.
func TestCheckClientJSON(t *testing.T) {
	repo.SkipProcessInShort(t, "a client process")
	code, out, errs := checkClient(t, "lifecycle-client-first-call", "", "-exercise", "lifecycle-client-first-call", "-json", "-timeout", "60s")
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
	if res.Exercise != "lifecycle-client-first-call" || res.Protocol != "2025-11-25" || !res.Passed || len(res.Steps) != 4 {
		t.Errorf("report = %+v", res)
	}
	for _, key := range []string{"name", "title", "rule", "status", "sent", "received", "report", "messages"} {
		if _, ok := res.Steps[0][key]; !ok {
			t.Errorf("step has no %q: %s", key, res.Steps[0]["name"])
		}
	}
}

// A planted mistake fails its step, exit 1, with the checker's words and
// what to look at, in French with -lang fr.
func TestCheckClientMistakeText(t *testing.T) {
	repo.SkipProcessInShort(t, "a client process")
	code, out, errs := checkClient(t, "lifecycle-client-first-call", "tool-for-name", "-exercise", "lifecycle-client-first-call", "-lang", "fr", "-timeout", "60s")
	if code != 1 {
		t.Fatalf("exit %d, want 1; stderr %s\n%s", code, errs, out)
	}
	for _, want := range []string{"✔ initialize\u00a0:", "✘ first-call\u00a0:", "règle\u00a0:", "client\u00a0: {", "problème\u00a0: Le nom de l’outil est dans `tool`", "à regarder\u00a0:"} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in\n%s", want, out)
		}
	}
}

// A client that exits at once never connected: exit 2, with its log.
func TestCheckClientNeverConnected(t *testing.T) {
	t.Parallel()
	repo.SkipProcessInShort(t, "a client process")
	var out, errb bytes.Buffer
	code := runCheckClient([]string{"-exercise", "lifecycle-client-first-call", "--", "sh", "-c", "echo cannot find the server >&2; exit 3"}, &out, &errb)
	if code != 2 || !strings.Contains(errb.String(), "never connected") || !strings.Contains(errb.String(), "cannot find the server") {
		t.Errorf("exit %d, stderr %q", code, errb.String())
	}
	code = runCheckClient([]string{"-exercise", "lifecycle-client-first-call", "--", "/nonexistent/client"}, &out, &errb)
	if code != 2 {
		t.Errorf("a client that cannot start: exit %d", code)
	}
}

func TestCheckClientUsage(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{{}, {"-lang", "de", "--", "x"}, {"-protocol", "1999-01-01", "--", "x"}, {"-exercise", "nope", "--", "x"}, {"-timeout", "0s", "--", "x"}} {
		var out, errb bytes.Buffer
		if code := runCheckClient(args, &out, &errb); code != 2 || errb.Len() == 0 {
			t.Errorf("%q: exit %d, stderr %q", args, code, errb.String())
		}
	}
}
