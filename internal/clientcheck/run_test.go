package clientcheck

import (
	"context"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// runRaw runs plan against the hand-written client with one mistake.
func runRaw(t *testing.T, plan *Plan, rev, mistake string, timeout time.Duration) *Result {
	t.Helper()
	s := NewSession()
	srv := httptest.NewServer(s)
	defer srv.Close()
	defer s.Close()
	if rev == "" {
		rev = plan.Protocol
	}
	c := newRawClient(context.Background(), srv.URL, rev, mistake)
	done := make(chan struct{})
	go func() {
		defer close(done)
		c.play(plan)
	}()
	res, err := Run(context.Background(), plan, s, Options{Protocol: rev, Timeout: timeout})
	s.Close()
	<-done
	if err != nil {
		t.Fatalf("Run: %v (client log %q)", err, c.log)
	}
	return res
}

func TestRawClientPassesEveryExercise(t *testing.T) {
	for name, plan := range testPlans {
		revs := plan.Revisions
		if len(revs) == 0 {
			revs = []string{plan.Protocol}
		}
		for _, rev := range revs {
			t.Run(name+"/"+rev, func(t *testing.T) {
				t.Parallel()
				res := runRaw(t, plan, rev, "", 5*time.Second)
				for _, sr := range res.Steps {
					if sr.Status != StatusPassed {
						t.Errorf("step %s: %s %q (reason %q); messages:\n%s", sr.Name, sr.Status, sr.Problems, sr.Reason, dump(sr))
					}
				}
			})
		}
	}
}

func dump(sr StepResult) string {
	var b strings.Builder
	for _, m := range sr.Messages {
		b.WriteString("  " + m.From + ": " + m.Message + "\n")
		if m.Report != nil {
			for _, d := range m.Report.Diagnostics {
				b.WriteString("     " + d.Severity + " " + d.Code + ": " + d.Message + "\n")
			}
		}
	}
	return b.String()
}

// TestPlantedMistakes: each usual mistake fails the step it breaks, and
// the steps before it pass.
func TestPlantedMistakes(t *testing.T) {
	cases := []struct {
		mistake, exercise string
		failed            []string
	}{
		{"tool-for-name", "first-call", []string{"first-call"}},
		{"schema", "first-call", []string{"first-call"}},
		{"no-initialized", "first-call", []string{"initialized"}},
		{"before-initialize", "first-call", []string{"initialize"}},
		{"no-session", "first-call", []string{"initialized", "tools-list", "first-call"}},
		{"no-version", "first-call", []string{"initialized", "tools-list", "first-call"}},
		{"reply-notification", "server-requests", []string{"ping"}},
		{"unanswered", "server-requests", []string{"roots"}},
		{"id-reused", "progress-cancel", []string{"ping-while-busy"}},
		{"wrong-cancel", "progress-cancel", []string{"cancel"}},
		{"cursor", "pages", []string{"pages", "relist"}},
		{"changed-state", "stateless", []string{"retry"}},
		{"same-id", "stateless", []string{"retry"}},
		{"no-meta", "stateless", []string{"discover", "call-meta", "input-required", "retry"}},
	}
	for _, tc := range cases {
		t.Run(tc.mistake, func(t *testing.T) {
			t.Parallel()
			res := runRaw(t, testPlans[tc.exercise], "", tc.mistake, 2*time.Second)
			var failed []string
			for _, sr := range res.Steps {
				if sr.Status == StatusFailed {
					failed = append(failed, sr.Name)
					if len(sr.Problems) == 0 {
						t.Errorf("step %s failed with no problem said", sr.Name)
					}
				}
			}
			if diff := cmp.Diff(tc.failed, failed); diff != "" {
				for _, sr := range res.Steps {
					t.Logf("%s %s %q\n%s", sr.Name, sr.Status, sr.Problems, dump(sr))
				}
				t.Errorf("failed steps (-want +got):\n%s", diff)
			}
		})
	}
}
