package grader

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mcpplayground/playground/internal/i18n"
)

var update = flag.Bool("update", false, "rewrite the golden reports of the corpus")

// corpusCase is one message of testdata/corpus/REV/NAME.json, with the request it
// answers in NAME.request.json and its sender in the name (NAME.from-client).
type corpusCase struct {
	name    string // REV/NAME
	rev     string
	path    string
	msg     []byte
	request []byte
	sender  string
}

func (c corpusCase) opts(lang i18n.Lang) Options {
	return Options{Protocol: c.rev, Lang: lang, Request: c.request, Sender: c.sender}
}

func loadCorpus(t testing.TB) []corpusCase {
	t.Helper()
	var out []corpusCase
	for _, rev := range Revisions() {
		files, err := filepath.Glob(filepath.Join("testdata", "corpus", rev, "*.json"))
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			if strings.HasSuffix(f, ".request.json") {
				continue
			}
			msg, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			base := strings.TrimSuffix(filepath.Base(f), ".json")
			c := corpusCase{name: rev + "/" + base, rev: rev, path: f, msg: msg}
			if r, err := os.ReadFile(strings.TrimSuffix(f, ".json") + ".request.json"); err == nil {
				c.request = r
			}
			switch {
			case strings.HasSuffix(base, ".from-client"):
				c.sender = "client"
			case strings.HasSuffix(base, ".from-server"):
				c.sender = "server"
			}
			out = append(out, c)
		}
	}
	if len(out) < 150 {
		t.Fatalf("the corpus has %d messages, want at least 150", len(out))
	}
	return out
}

// golden is what a corpus case must produce: the English report, and the French
// messages (same diagnostics, other language).
type golden struct {
	Report Report   `json:"report"`
	French []string `json:"fr"`
}

func TestCorpus(t *testing.T) {
	for _, c := range loadCorpus(t) {
		t.Run(c.name, func(t *testing.T) {
			en := Check(c.msg, c.opts(i18n.EN))
			fr := Check(c.msg, c.opts(i18n.FR))
			got := golden{Report: en, French: []string{}}
			for i, d := range fr.Diagnostics {
				got.French = append(got.French, d.Message)
				e := en.Diagnostics[i]
				e.Message, d.Message = "", ""
				e.Suggestion, d.Suggestion = "", ""
				if !reflect.DeepEqual(e, d) {
					t.Errorf("French diagnostic %d differs in more than words:\n en %+v\n fr %+v", i, e, d)
				}
			}
			var b bytes.Buffer
			enc := json.NewEncoder(&b)
			enc.SetEscapeHTML(false)
			enc.SetIndent("", "  ")
			if err := enc.Encode(got); err != nil {
				t.Fatal(err)
			}
			gp := strings.TrimSuffix(c.path, ".json") + ".golden"
			if *update {
				if err := os.WriteFile(gp, b.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(gp)
			if err != nil {
				t.Fatalf("no golden report (run go test -update): %v", err)
			}
			if diff := cmp.Diff(string(want), b.String()); diff != "" {
				t.Errorf("report differs from %s (-want +got):\n%s", gp, diff)
			}
		})
	}
}

// TestCorpusCoversEveryMethod makes sure the corpus has a valid message for
// every method of every revision, and one for every diagnostic code.
func TestCorpusCoversEveryMethod(t *testing.T) {
	cases := loadCorpus(t)
	validMethods := map[string]map[string]bool{}
	codes := map[string]bool{}
	for _, c := range cases {
		rep := Check(c.msg, c.opts(i18n.EN))
		if validMethods[c.rev] == nil {
			validMethods[c.rev] = map[string]bool{}
		}
		if rep.Valid && rep.Method != "" && (rep.Kind == KindRequest || rep.Kind == KindNotification) {
			validMethods[c.rev][rep.Method] = true
		}
		if strings.HasPrefix(filepath.Base(c.path), "valid.") && !rep.Valid {
			t.Errorf("%s is named valid but is not: %+v", c.name, rep.Diagnostics)
		}
		if !strings.HasPrefix(filepath.Base(c.path), "valid.") && rep.Valid && len(rep.Diagnostics) == 0 {
			t.Errorf("%s teaches nothing: no diagnostic", c.name)
		}
		for _, d := range rep.Diagnostics {
			codes[d.Code] = true
		}
	}
	for rev, r := range revisions {
		var missing []string
		for name := range r.methods {
			if !validMethods[rev][name] {
				missing = append(missing, name)
			}
		}
		sort.Strings(missing)
		if len(missing) > 0 {
			t.Errorf("%s: no valid message in the corpus for %v", rev, missing)
		}
	}
	// Codes that a message in the corpus cannot reach; session.* codes need a
	// conversation (TestSessionCodes covers them).
	unreachable := map[string]bool{codeProtocolUnknown: true, codeTooLarge: true}
	for _, ci := range Codes() {
		if !codes[ci.Code] && !unreachable[ci.Code] && !strings.HasPrefix(ci.Code, "session.") {
			t.Errorf("no message of the corpus produces %s", ci.Code)
		}
	}
}
