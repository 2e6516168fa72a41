package grader

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mcpplayground/playground/internal/i18n"
)

// FuzzSession: whatever the messages, a Session does not panic, Peek gives
// what Add then gives, every session.* diagnostic is a listed code that
// refers only to earlier messages, an invalid report has exactly one blocking
// diagnostic, and End names only messages that were added. Input: one message
// a line, after a sender letter (c client, s server, anything else unknown);
// the first line's length picks the revision. Its seeds are the session files
// and the scripted sessions of the tests.
func FuzzSession(f *testing.F) {
	paths, _ := filepath.Glob(filepath.Join("testdata", "session", "*.txt"))
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		var lines []string
		for _, l := range strings.Split(string(b), "\n") {
			if from, raw, ok := strings.Cut(l, " "); ok && !strings.HasPrefix(l, "#") {
				lines = append(lines, from[:1]+raw)
			}
		}
		f.Add([]byte(strings.Join(lines, "\n")))
	}
	for _, c := range sessionCases {
		var b bytes.Buffer
		for _, st := range c.steps {
			b.WriteString(string(append([]byte(st.from), '?')[0]) + st.raw + "\n")
		}
		f.Add(b.Bytes())
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		lines := bytes.Split(in, []byte("\n"))
		revs := []string{Rev20250618, Rev20251125, Rev20260728, ""}
		s := NewSession(SessionOptions{Protocol: revs[len(lines[0])%4], Lang: i18n.All[len(in)%2], LateRequests: len(lines)%2 == 1})
		s.maxIDs = 8 // reach the limit too
		paired := map[int]bool{}
		for i, line := range lines {
			from := ""
			if len(line) > 0 {
				from = map[byte]string{'c': SenderClient, 's': SenderServer}[line[0]]
				line = line[1:]
			}
			peek := s.Peek(line, from)
			rep, l := s.Place(line, from)
			if diff := cmp.Diff(peek, rep, withTexts); diff != "" {
				t.Fatalf("message %d: Peek and Add differ:\n%s", i, diff)
			}
			checkSessionReport(t, i, rep)
			checkLink(t, i, line, l, paired)
		}
		if s.Len() != len(lines) {
			t.Fatalf("Len %d, want %d", s.Len(), len(lines))
		}
		for _, fd := range s.End() {
			if codeIndex[fd.Code] == nil || len(fd.Messages) == 0 || fd.Message == "" {
				t.Fatalf("finding %+v", fd)
			}
			for _, m := range fd.Messages {
				if m < 0 || m >= s.Len() {
					t.Fatalf("finding %+v names message %d of %d", fd, m, s.Len())
				}
			}
		}
	})
}

func checkSessionReport(t *testing.T, i int, rep Report) {
	t.Helper()
	if _, err := json.Marshal(rep); err != nil {
		t.Fatal(err)
	}
	blocking := 0
	for _, d := range rep.Diagnostics {
		if d.Blocking {
			blocking++
		}
		if !strings.HasPrefix(d.Code, "session.") {
			continue
		}
		if codeIndex[d.Code] == nil || d.Line < 1 || d.Column < 1 {
			t.Fatalf("message %d: %+v", i, d)
		}
		for _, r := range d.Related {
			if r < 0 || r >= i {
				t.Fatalf("message %d: %s relates message %d", i, d.Code, r)
			}
		}
	}
	if !rep.Valid && blocking != 1 || rep.Valid && blocking != 0 {
		t.Fatalf("message %d: valid %v with %d blocking: %+v", i, rep.Valid, blocking, rep.Diagnostics)
	}
}

// checkLink: a Link names only earlier messages, each message is paired
// once at most, and the receiver's reading is ReadEnvelope's.
func checkLink(t *testing.T, i int, raw []byte, l Link, paired map[int]bool) {
	t.Helper()
	for _, at := range []int{l.Answers, l.AnsweredBy, l.Cancels} {
		if at < -1 || at >= i {
			t.Fatalf("message %d: link %+v names a message not before it", i, l)
		}
	}
	for _, at := range []int{l.Answers, l.AnsweredBy} {
		if at >= 0 && paired[at] {
			t.Fatalf("message %d: link %+v pairs message %d a second time", i, l, at)
		}
		if at >= 0 {
			paired[at], paired[i] = true, true
		}
	}
	env := ReadEnvelope(raw)
	if env.Kind != l.Envelope.Kind || env.Method != l.Envelope.Method || string(env.ID) != string(l.Envelope.ID) || env.Key != l.Envelope.Key {
		t.Fatalf("message %d: the link read %+v, ReadEnvelope %+v", i, l.Envelope, env)
	}
}
