package grader

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mcpplayground/playground/internal/i18n"
)

// withTexts compares what diagnostics and findings say in every language
// too, not only in the one they were asked in.
var withTexts = cmp.AllowUnexported(Diagnostic{}, Finding{}, text{})

func TestCatalogLangsArePlaygroundLangs(t *testing.T) {
	if len(i18n.All) != len(catalogLangs) {
		t.Fatalf("i18n.All has %d languages, the catalog writes %d", len(i18n.All), len(catalogLangs))
	}
	for _, l := range i18n.All {
		if catalogLangs[langIndex(l)] != l {
			t.Errorf("%s is rendered as %s", l, catalogLangs[langIndex(l)])
		}
	}
}

// TestReportInIsCheckIn holds Report.In to Check: a report judged in one
// language and given in another is the report judged in that other, to
// the byte of its JSON, for every message of the corpus.
func TestReportInIsCheckIn(t *testing.T) {
	t.Parallel()
	judged := 0
	for _, c := range loadCorpus(t) {
		want := map[i18n.Lang]Report{}
		for _, l := range i18n.All {
			want[l] = Check(c.msg, c.opts(l))
		}
		for _, from := range i18n.All {
			for _, to := range i18n.All {
				got := want[from].In(to)
				if diff := cmp.Diff(want[to], got, withTexts); diff != "" {
					t.Fatalf("%s judged in %s, given in %s (-judged in %[3]s +given):\n%s", c.name, from, to, diff)
				}
				if a, b := mustMarshal(t, want[to]), mustMarshal(t, got); !bytes.Equal(a, b) {
					t.Fatalf("%s judged in %s, given in %s: JSON\n%s\nwant\n%s", c.name, from, to, b, a)
				}
			}
		}
		judged += len(want[i18n.EN].Diagnostics)
	}
	if judged < 100 {
		t.Fatalf("the corpus gave %d diagnostics: too few to say anything", judged)
	}
}

// TestSessionReportInIsSessionIn does the same for whole conversations:
// the conversation's diagnostics and its end follow the language too.
func TestSessionReportInIsSessionIn(t *testing.T) {
	t.Parallel()
	files, err := filepath.Glob(filepath.Join("testdata", "session", "*.txt"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no session files: %v", err)
	}
	sessionCodes := 0
	for _, path := range files {
		f := readSessionFile(t, path)
		sess := map[i18n.Lang]*Session{}
		for _, l := range i18n.All {
			o := f.opts
			o.Lang = l
			sess[l] = NewSession(o)
		}
		for i, st := range f.steps {
			reps := map[i18n.Lang]Report{}
			for _, l := range i18n.All {
				reps[l] = sess[l].Add([]byte(st.raw), st.from)
			}
			for _, d := range reps[i18n.EN].Diagnostics {
				if strings.HasPrefix(d.Code, "session.") {
					sessionCodes++
				}
			}
			for _, from := range i18n.All {
				for _, to := range i18n.All {
					if diff := cmp.Diff(reps[to], reps[from].In(to), withTexts); diff != "" {
						t.Fatalf("%s #%d judged in %s, given in %s (-judged in %[4]s +given):\n%s", f.name, i, from, to, diff)
					}
				}
			}
		}
		for _, from := range i18n.All {
			for _, to := range i18n.All {
				want, got := sess[to].End(), sess[from].End()
				for i := range got {
					got[i] = got[i].In(to)
				}
				if diff := cmp.Diff(want, got, withTexts); diff != "" {
					t.Fatalf("%s: End in %s, given in %s (-judged in %[3]s +given):\n%s", f.name, from, to, diff)
				}
			}
		}
	}
	if sessionCodes == 0 {
		t.Fatal("no session.* diagnostic in the session files: the test proves nothing about them")
	}
}

func TestInLeavesWhatTheJudgeDidNotWrite(t *testing.T) {
	rep := Check([]byte(`{"jsonrpc":"2.0","id":1,"method":"tools/cal"}`), Options{})
	if len(rep.Diagnostics) == 0 {
		t.Fatal("no diagnostic to read in French")
	}
	en := rep.Diagnostics[0].Message
	if fr := rep.In(i18n.FR).Diagnostics[0].Message; fr == en {
		t.Fatalf("the French report says %q, as the English one", fr)
	}
	if rep.Diagnostics[0].Message != en {
		t.Errorf("In changed the report it was called on: %q", rep.Diagnostics[0].Message)
	}
	changed := rep.Diagnostics[0]
	changed.Message = "a hint withheld"
	if got := changed.In(i18n.FR).Message; got != changed.Message {
		t.Errorf("a changed diagnostic in French says %q, want it as it was", got)
	}
	byHand := Diagnostic{Code: "x", Message: "as written"}
	if got := byHand.In(i18n.FR); got.Message != "as written" {
		t.Errorf("a diagnostic written by hand in French says %q", got.Message)
	}
	var decoded Report
	if err := json.Unmarshal(mustMarshal(t, rep), &decoded); err != nil {
		t.Fatal(err)
	}
	if got := decoded.In(i18n.FR).Diagnostics[0].Message; got != en {
		t.Errorf("a report read from JSON in French says %q, want it as it was", got)
	}
}

// TestTextsAreNotInTheJSON holds the JSON of a diagnostic to its exported
// fields: the other languages add nothing to it.
func TestTextsAreNotInTheJSON(t *testing.T) {
	rep := Check([]byte(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"nmae":"x"}}`), Options{})
	for _, d := range rep.Diagnostics {
		bare := d
		bare.texts = nil
		if a, b := mustMarshal(t, bare), mustMarshal(t, d); !bytes.Equal(a, b) {
			t.Errorf("JSON %s, want %s", b, a)
		}
	}
}

func mustMarshal(t testing.TB, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// A finding written outside the checker (Says) and one made from a
// diagnostic (Diagnostic.Finding) read in every language, as the
// checker's own do; one changed since reads as it is.
func TestFindingSaysAndFromDiagnostic(t *testing.T) {
	say := func(l i18n.Lang) string { return "said in " + string(l) }
	f := Finding{Code: "log.x", Severity: SeverityWarning}.Says(i18n.FR, say)
	changed := f
	changed.Message = "a caller's own words"
	rep := Check([]byte(`{"jsonrpc":"2.0","id":1}`), Options{Lang: i18n.EN})
	if len(rep.Diagnostics) == 0 {
		t.Fatal("the message without a method has no diagnostic")
	}
	d := rep.Diagnostics[0]
	fromD := d.Finding([]int{0})
	frD := Check([]byte(`{"jsonrpc":"2.0","id":1}`), Options{Lang: i18n.FR}).Diagnostics[0]
	tests := []struct {
		name string
		got  Finding
		lang i18n.Lang
		want string
	}{
		{"Says, in its own language", f, i18n.FR, "said in fr"},
		{"Says, in the other", f, i18n.EN, "said in en"},
		{"changed after Says", changed, i18n.EN, "a caller's own words"},
		{"from a diagnostic, in its language", fromD, i18n.EN, d.Message},
		{"from a diagnostic, in the other", fromD, i18n.FR, frD.Message},
	}
	for _, tt := range tests {
		if got := tt.got.In(tt.lang).Message; got != tt.want {
			t.Errorf("%s: In(%s) = %q, want %q", tt.name, tt.lang, got, tt.want)
		}
	}
	if got := fromD.Diagnostic().In(i18n.FR).Message; got != frD.Message {
		t.Errorf("from a diagnostic and back, in French: %q, want %q", got, frD.Message)
	}
	if f.Message != "said in fr" {
		t.Errorf("Says(FR) wrote %q, want the French text", f.Message)
	}
	if d.Message == frD.Message {
		t.Fatalf("the diagnostic reads the same in both languages (%q): the test would prove nothing", d.Message)
	}
}
