package servercheck

import (
	"reflect"
	"slices"
	"testing"
	"testing/synctest"

	"github.com/google/go-cmp/cmp"

	"github.com/mcpplayground/playground/mockserver"
)

// One verdict per message: a step's report on its reply and the report the
// page draws for that message (the run's exchange's event) are one, and it
// carries the conversation's session.* codes; every server message the
// step shows with a report has the exchange's.
// The gift server runs in this process: the test runs in a synctest
// bubble, where waiting for the reply the wrong id hides takes no real time.
func TestOneVerdictPerMessage(t *testing.T) {
	t.Parallel()
	synctest.Test(t, oneVerdictPerMessage)
}

func oneVerdictPerMessage(t *testing.T) {
	ex := serverExercises(t)[0]
	for _, e := range serverExercises(t) {
		if e.ID == "lifecycle-server-handshake-tools" {
			ex = e
		}
	}
	res := runWith(t, ex, transports[0].open(t, mockserver.Config{Mistake: mockserver.MistakeWrongID}), ex.Protocol)
	sr := res.Steps[0]
	if sr.Report == nil {
		t.Fatalf("step %s has no report: %s", sr.Name, Explain(sr))
	}
	var codes []string
	for _, d := range sr.Report.Diagnostics {
		codes = append(codes, d.Code)
	}
	for _, want := range []string{"jsonrpc.id.mismatch", "session.response.unknown-id"} {
		if !slices.Contains(codes, want) {
			t.Errorf("step %s report codes %v, want %s", sr.Name, codes, want)
		}
	}
	events := sr.Events()
	if len(events) != len(sr.Messages) {
		t.Fatalf("%d events for %d messages", len(events), len(sr.Messages))
	}
	for i, e := range events {
		m := sr.Messages[i]
		if e.Raw != m.Message || e.From != m.From {
			t.Errorf("event #%d is %s %q, message %d is %s %q", e.Seq, e.From, e.Raw, i, m.From, m.Message)
		}
		if e.Raw == sr.Received {
			if diff := cmp.Diff(*sr.Report, e.Report, wholly); diff != "" {
				t.Errorf("the page's report on the reply differs from the step's (-step +page):\n%s", diff)
			}
		}
		if m.Report != nil {
			if diff := cmp.Diff(*m.Report, e.Report, wholly); diff != "" {
				t.Errorf("message %d: report differs from the exchange's (-message +exchange):\n%s", i, diff)
			}
		}
	}
}

// wholly compares reports whole, what they say in every language included.
var wholly = cmp.Exporter(func(reflect.Type) bool { return true })
