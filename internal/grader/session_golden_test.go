package grader

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mcpplayground/playground/internal/i18n"
)

// A session file (testdata/session/*.txt) has one message a line, after its
// sender ("client " or "server "); "# protocol: R" and "# lang: L" set the
// options, other lines starting with # are comments.
type sessionFile struct {
	name, path string
	opts       SessionOptions
	steps      []step
}

// sessionGolden is what a whole session gives: each message's report in
// short (every code, the session.* diagnostics in full), then End.
type sessionGolden struct {
	Messages []goldenMessage `json:"messages"`
	End      []Finding       `json:"end"`
}

type goldenMessage struct {
	Index    int          `json:"index"`
	From     string       `json:"from"`
	Protocol string       `json:"protocol"`
	Kind     Kind         `json:"kind"`
	Method   string       `json:"method,omitempty"`
	Valid    bool         `json:"valid"`
	Codes    []string     `json:"codes"`
	Session  []Diagnostic `json:"session,omitempty"`
}

func (g sessionGolden) codes() []string {
	var out []string
	for _, m := range g.Messages {
		out = append(out, m.Codes...)
	}
	for _, f := range g.End {
		out = append(out, f.Code)
	}
	return out
}

func readSessionFile(t testing.TB, path string) sessionFile {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	f := sessionFile{name: strings.TrimSuffix(filepath.Base(path), ".txt"), path: path}
	sc := bufio.NewScanner(bytes.NewReader(b))
	sc.Buffer(nil, MaxSize+16)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "# protocol: "):
			f.opts.Protocol = strings.TrimPrefix(line, "# protocol: ")
		case strings.HasPrefix(line, "# lang: "):
			f.opts.Lang = i18n.Lang(strings.TrimPrefix(line, "# lang: "))
		case line == "" || strings.HasPrefix(line, "#"):
		default:
			from, raw, ok := strings.Cut(line, " ")
			if !ok {
				t.Fatalf("%s: %q has no sender", path, line)
			}
			f.steps = append(f.steps, step{from, raw})
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return f
}

func sessionFiles(t testing.TB) []sessionFile {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join("testdata", "session", "*.txt"))
	if err != nil || len(paths) < 3 {
		t.Fatalf("session files: %v %v", paths, err)
	}
	var out []sessionFile
	for _, p := range paths {
		out = append(out, readSessionFile(t, p))
	}
	return out
}

func playSession(f sessionFile) sessionGolden {
	s := NewSession(f.opts)
	g := sessionGolden{Messages: []goldenMessage{}}
	for i, st := range f.steps {
		rep := s.Add([]byte(st.raw), st.from)
		m := goldenMessage{Index: i, From: st.from, Protocol: rep.Protocol, Kind: rep.Kind, Method: rep.Method, Valid: rep.Valid, Codes: []string{}}
		for _, d := range rep.Diagnostics {
			m.Codes = append(m.Codes, d.Code)
			if strings.HasPrefix(d.Code, "session.") {
				m.Session = append(m.Session, d)
			}
		}
		g.Messages = append(g.Messages, m)
	}
	g.End = s.End()
	return g
}

func loadSessionGoldens(t testing.TB) []sessionGolden {
	var out []sessionGolden
	for _, f := range sessionFiles(t) {
		out = append(out, playSession(f))
	}
	return out
}

// TestSessionGolden plays each session file and compares the result with its
// .golden file (go test -run TestSessionGolden -update rewrites them).
func TestSessionGolden(t *testing.T) {
	for _, f := range sessionFiles(t) {
		t.Run(f.name, func(t *testing.T) {
			var b bytes.Buffer
			enc := json.NewEncoder(&b)
			enc.SetEscapeHTML(false)
			enc.SetIndent("", "  ")
			if err := enc.Encode(playSession(f)); err != nil {
				t.Fatal(err)
			}
			gp := strings.TrimSuffix(f.path, ".txt") + ".golden"
			if *update {
				if err := os.WriteFile(gp, b.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(gp)
			if err != nil {
				t.Fatalf("%v (run with -update to create it)", err)
			}
			if diff := cmp.Diff(string(want), b.String()); diff != "" {
				t.Errorf("%s (-want +got):\n%s", gp, diff)
			}
		})
	}
}
