package capture

import (
	"fmt"
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mcpplayground/playground/internal/grader"
	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/internal/testing/schematest"
)

const (
	sessionsDir = "testdata/sessions"
	defectsFile = "testdata/defects.json"
)

// verdict is what the checker and the official schema say of one captured message.
type verdict struct {
	from     string
	kind     grader.Kind
	method   string
	valid    bool     // the checker's verdict
	schemaOK bool     // the official schema's
	errors   []string // the checker's error diagnostics, "code pointer"
	schema   error    // why the schema rejects it
}

// judge checks m, from session s, with the single-message checker (under
// the session's revision, with the request it answers and its sender) and
// with the official schema.
func judge(o *schematest.Official, s session, m message) verdict {
	raw := m.Rec.Raw()
	rep := grader.Check(raw, grader.Options{Protocol: s.Revision, Lang: i18n.EN, Request: m.Request, Sender: m.Rec.From})
	v := verdict{from: m.Rec.From, kind: rep.Kind, method: m.Method, valid: rep.Valid}
	if v.method == "" {
		v.method = rep.Method
	}
	for _, d := range rep.Diagnostics {
		if d.Severity == grader.SeverityError {
			v.errors = append(v.errors, d.Code+" "+d.Pointer)
		}
	}
	v.schema = o.Validate(s.Revision, m.Rec.From, raw, m.Request)
	v.schemaOK = v.schema == nil
	return v
}

// String is the verdict without what varies between recordings (ids, times).
func (v verdict) String() string {
	return fmt.Sprintf("%s %s %s: checker valid=%v schema valid=%v %s", v.from, v.kind, v.method, v.valid, v.schemaOK, strings.Join(v.errors, ", "))
}

// TestRealTrafficAgreesWithTheSchema judges every captured message: the test
// fails where the official schema accepts a message that the checker
// rejects, unless a reviewed real peer defect explains each error.
func TestRealTrafficAgreesWithTheSchema(t *testing.T) {
	o := schematest.Open(t)
	ds := loadDefects(t, defectsFile)
	sessions := loadSessions(t, sessionsDir)
	pairs := map[string]bool{}
	figs := newFigures()
	for _, s := range sessions {
		pairs[s.Pair] = true
		if got := s.negotiated(); got != s.Revision {
			t.Errorf("%s: the session negotiated %q, its name says %s", s.Name, got, s.Revision)
			continue
		}
		for _, m := range s.pair() {
			v := judge(o, s, m)
			figs.add(s, v)
			if !v.schemaOK {
				t.Logf("%s message #%d (%s %s %s): the official schema rejects it (checker valid=%v %s): %s",
					s.Name, m.Index+1, v.from, v.kind, v.method, v.valid, strings.Join(v.errors, ", "), firstLines(v.schema, 6))
			}
			if !v.schemaOK || v.valid {
				continue
			}
			for _, e := range v.errors {
				code, pointer, _ := strings.Cut(e, " ")
				if !ds.excuses(s, m, v, code, pointer) {
					t.Errorf("%s message #%d (%s %s %s): the official schema accepts it, the checker rejects it with %s at %q\n%s",
						s.Name, m.Index+1, v.from, v.kind, v.method, code, pointer, clip(m.Rec.Raw()))
				}
			}
		}
	}
	for _, p := range []string{"ts-everything", "gosdk-gosdk", "inspector-gift"} {
		if !pairs[p] {
			t.Errorf("no captured session of %s in %s: run internal/capture/record.sh", p, sessionsDir)
		}
	}
	for _, d := range ds.unused(false) {
		t.Errorf("%s: the defect %s %s %s %s at %q excuses no captured message: remove it", defectsFile, d.Sessions, d.From, d.Method, d.Code, d.Pointer)
	}
	figs.log(t)
}

// TestReRecordedVerdicts compares the verdicts on sessions recorded again
// (PLAYGROUND_RECORDED=DIR, as .ci/run does with the pinned peers) with the
// verdicts on the committed captures: a peer release that changes a verdict
// fails here. Ids and times that vary between recordings are not compared.
func TestReRecordedVerdicts(t *testing.T) {
	dir := os.Getenv("PLAYGROUND_RECORDED")
	if dir == "" {
		t.Skip("PLAYGROUND_RECORDED is not set: no fresh recording to compare (.ci/run makes one with internal/capture/record.sh)")
	}
	o := schematest.Open(t)
	committed, fresh := verdictSets(o, loadSessions(t, sessionsDir)), verdictSets(o, loadSessions(t, dir))
	if diff := cmp.Diff(committed, fresh); diff != "" {
		t.Errorf("the verdicts on the fresh recording in %s differ from those on the committed captures (-committed +fresh); "+
			"if a peer changed on purpose, run internal/capture/record.sh and commit %s:\n%s", dir, sessionsDir, diff)
	}
	t.Logf("%d sessions recorded again, same verdicts", len(fresh))
}

// verdictSets maps each session to the distinct verdicts on its messages,
// of the single-message checker and of the conversation checker.
func verdictSets(o *schematest.Official, sessions []session) map[string][]string {
	out := map[string][]string{}
	for _, s := range sessions {
		seen := map[string]bool{"negotiated " + s.negotiated(): true}
		for _, m := range s.pair() {
			seen[judge(o, s, m).String()] = true
		}
		for _, f := range converse(s) {
			seen[f.verdict()] = true
		}
		set := make([]string, 0, len(seen))
		for v := range seen {
			set = append(set, v)
		}
		sort.Strings(set)
		out[s.Name] = set
	}
	return out
}

// firstLines shortens a schema error to its first n lines.
func firstLines(err error, n int) string {
	lines := strings.Split(fmt.Sprint(err), "\n")
	if len(lines) > n {
		lines = append(lines[:n], "…")
	}
	return strings.Join(lines, "\n")
}

func clip(raw []byte) string {
	if len(raw) > 400 {
		return string(raw[:400]) + "…"
	}
	return string(raw)
}
