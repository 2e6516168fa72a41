package servercheck

import (
	"context"
	"github.com/mcpplayground/playground/internal/grader"
	"github.com/mcpplayground/playground/internal/testing/gifttest"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"github.com/mcpplayground/playground/internal/exercise"
	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/mockserver"
)

type transportKind struct {
	name string
	open func(t testing.TB, cfg mockserver.Config) Transport
	// bubble: the server lives in this process and talks through
	// in-memory pipes, so a test of it can run in a synctest bubble.
	bubble bool
}

var transports = []transportKind{
	{"stdio", func(_ testing.TB, cfg mockserver.Config) Transport { return InProcess(mockserver.New(cfg)) }, true},
	{"http", func(t testing.TB, cfg mockserver.Config) Transport { return NewHTTP(gifttest.URL(t, cfg), nil) }, false},
}

// run runs f as subtest name, in parallel with the others. Over stdio it
// runs in a synctest bubble: the step timeouts and the slow tool then
// take no real time and cannot be late on a busy machine. Over HTTP the
// real network is in the way, and the clock is the real one.
func (tk transportKind) run(t *testing.T, name string, f func(t *testing.T)) {
	t.Helper()
	t.Run(name, func(t *testing.T) {
		t.Parallel()
		if tk.bubble {
			synctest.Test(t, f)
			return
		}
		f(t)
	})
}

func runWith(t testing.TB, ex *exercise.Exercise, tr Transport, rev string) *Result {
	t.Helper()
	return runWithin(t, ex, tr, rev, lintTimeout)
}

// runWithin runs with a step timeout: a real process on a busy machine
// gets a long one (a passing step never waits for it).
func runWithin(t testing.TB, ex *exercise.Exercise, tr Transport, rev string, timeout time.Duration) *Result {
	t.Helper()
	defer tr.Close()
	res, err := Run(context.Background(), ex, tr, Options{Protocol: rev, Lang: i18n.EN, Timeout: timeout})
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	return res
}

// Every server exercise passes against the gift server over stdio and
// HTTP in each revision it runs in; a step is skipped only where its
// revision does not have it.
func TestBundledPassOverStdioAndHTTP(t *testing.T) {
	t.Parallel()
	for _, ex := range serverExercises(t) {
		for _, tk := range transports {
			for _, rev := range Revisions {
				if !ex.RunsIn(rev) {
					continue
				}
				tk.run(t, ex.ID+"/"+tk.name+"/"+rev, func(t *testing.T) {
					res := runWith(t, ex, tk.open(t, mockserver.Config{}), rev)
					if !res.Passed || res.Protocol != rev {
						t.Errorf("passed=%v protocol=%s", res.Passed, res.Protocol)
					}
					for i, sr := range res.Steps {
						want := StatusPassed
						if !ex.Steps[i].RunsIn(rev) {
							want = StatusSkipped
						}
						if sr.Status != want {
							t.Errorf("step %s: %s, want %s: %s %s", sr.Name, sr.Status, want, Explain(sr), sr.Reason)
						}
						if want == StatusPassed && (len(sr.Messages) < 2 || sr.Messages[0].From != grader.SenderClient || sr.Messages[len(sr.Messages)-1].From == "") {
							t.Errorf("step %s: timeline %+v", sr.Name, sr.Messages)
						}
					}
				})
			}
		}
	}
}

// expectedDiagnostic is how each mistake mode shows in the failed step: a
// code in the checker's report, a failed check, or a problem's words.
var expectedDiagnostic = map[mockserver.Mistake]string{
	mockserver.MistakeWrongID:              "code:jsonrpc.id.mismatch",
	mockserver.MistakeResultAndError:       "code:jsonrpc.response.both",
	mockserver.MistakeJSONRPCMissing:       "code:jsonrpc.version.missing",
	mockserver.MistakeNotificationWithID:   "problem:breaks a rule",
	mockserver.MistakeStdoutBanner:         "problem:not a JSON-RPC message",
	mockserver.MistakeBusinessAsProtocol:   "check:kind",
	mockserver.MistakeUnknownToolSuccess:   "check:kind",
	mockserver.MistakeNoInputSchema:        "code:mcp.field.missing",
	mockserver.MistakeUndeclaredCapability: "problem:without declaring the capability `logging`",
	mockserver.MistakeNoPingAnswer:         "problem:No reply within",
}

func hasDiagnostic(sr StepResult, want string) bool {
	kind, what, _ := strings.Cut(want, ":")
	switch kind {
	case "code":
		if sr.Report != nil {
			for _, d := range sr.Report.Diagnostics {
				if d.Code == what {
					return true
				}
			}
		}
	case "check":
		for _, c := range sr.Checks {
			if !c.Passed && c.ID == what {
				return true
			}
		}
	case "problem":
		for _, p := range sr.Problems {
			if strings.Contains(p, what) {
				return true
			}
		}
	}
	return false
}

// Each exercise fails against each mistake mode it names, at that step,
// with the expected diagnostic, over stdio and over HTTP (where the mode
// exists), and no step before it fails.
func TestMistakesCaughtWhereExpected(t *testing.T) {
	t.Parallel()
	stdioOnly := map[mockserver.Mistake]bool{}
	for _, m := range mockserver.Mistakes() {
		stdioOnly[m.Name] = m.StdioOnly
		if expectedDiagnostic[m.Name] == "" {
			t.Errorf("mistake %s has no expected diagnostic in this test", m.Name)
		}
	}
	caught := map[mockserver.Mistake]bool{}
	for _, ex := range serverExercises(t) {
		for _, mc := range ex.Mistakes {
			m := mockserver.Mistake(mc.Mistake)
			caught[m] = true
			for _, tk := range transports {
				if tk.name == "http" && stdioOnly[m] {
					continue
				}
				tk.run(t, ex.ID+"/"+mc.Mistake+"/"+tk.name, func(t *testing.T) {
					res := runWith(t, ex, tk.open(t, mockserver.Config{Mistake: m}), ex.Protocol)
					if res.Passed {
						t.Fatal("the exercise passed against a server with a mistake")
					}
					for _, sr := range res.Steps {
						if sr.Name == mc.Step {
							if sr.Status != StatusFailed || !hasDiagnostic(sr, expectedDiagnostic[m]) {
								t.Errorf("step %s: %s, want failed with %s: %s", sr.Name, sr.Status, expectedDiagnostic[m], Explain(sr))
							}
							if evs := sr.Events(); m == mockserver.MistakeResultAndError && (len(evs) < 2 || evs[len(evs)-1].Answers != evs[0].Seq) {
								t.Errorf("step %s: the malformed reply is not paired with its request: %+v", sr.Name, evs)
							}
							return
						}
						if sr.Status == StatusFailed {
							t.Fatalf("step %s fails before %s: %s", sr.Name, mc.Step, Explain(sr))
						}
					}
				})
			}
		}
	}
	for _, m := range mockserver.Mistakes() {
		if !caught[m.Name] {
			t.Errorf("no bundled server exercise catches mistake %s", m.Name)
		}
	}
}
