package markdown

import (
	"encoding/xml"
	"errors"
	"flag"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mcpplayground/playground/internal/i18n"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/")

// TestSequenceGolden renders each testdata/seq/*.txt and compares it with
// its .svg.golden. A name ending in _fr renders in French.
func TestSequenceGolden(t *testing.T) {
	files, err := filepath.Glob("testdata/seq/*.txt")
	if err != nil || len(files) == 0 {
		t.Fatalf("no diagrams in testdata/seq (err %v)", err)
	}
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".txt")
		t.Run(name, func(t *testing.T) {
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			lang := i18n.EN
			if strings.HasSuffix(name, "_fr") {
				lang = i18n.FR
			}
			got, err := SequenceSVG(string(src), lang)
			if err != nil {
				t.Fatalf("SequenceSVG: %v", err)
			}
			assertWellFormedXML(t, string(got))
			golden := strings.TrimSuffix(file, ".txt") + ".svg.golden"
			if *update {
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test -update to create it)", err)
			}
			if diff := cmp.Diff(string(want), string(got)); diff != "" {
				t.Errorf("SVG differs from %s (-want +got):\n%s", golden, diff)
			}
		})
	}
}

// assertWellFormedXML parses s, which catches unescaped text: a stray <
// or & in a label would break the parse.
func assertWellFormedXML(t *testing.T, s string) {
	t.Helper()
	dec := xml.NewDecoder(strings.NewReader(s))
	for {
		_, err := dec.Token()
		if errors.Is(err, io.EOF) {
			return
		}
		if err != nil {
			t.Fatalf("not well-formed XML: %v\n%s", err, s)
		}
	}
}

func TestSequenceAccessibleText(t *testing.T) {
	src := "participant C as Client\nparticipant S as Server\nC->>S: initialize\nS-->>C: result\nC-)S: `notifications/initialized`\nS--xC: error\nNote over C,S: ready"
	tests := []struct {
		lang        i18n.Lang
		title, desc string
	}{
		{"en", "Sequence diagram between Client and Server",
			"1. Request from Client to Server: initialize. 2. Response from Server to Client: result. " +
				"3. Notification from Client to Server: notifications/initialized. 4. Error response from Server to Client: error. " +
				"5. Note over Client and Server: ready."},
		{"fr", "Diagramme de séquence entre Client et Server",
			"1. Requête de Client à Server\u00a0: initialize. 2. Réponse de Server à Client\u00a0: result. " +
				"3. Notification de Client à Server\u00a0: notifications/initialized. 4. Réponse d’erreur de Server à Client\u00a0: error. " +
				"5. Note sur Client et Server\u00a0: ready."},
	}
	for _, tt := range tests {
		t.Run(string(tt.lang), func(t *testing.T) {
			svg, err := SequenceSVG(src, tt.lang)
			if err != nil {
				t.Fatal(err)
			}
			var doc struct {
				Role  string `xml:"role,attr"`
				Title string `xml:"title"`
				Desc  string `xml:"desc"`
			}
			if err := xml.Unmarshal([]byte(svg), &doc); err != nil {
				t.Fatal(err)
			}
			got := []string{doc.Role, doc.Title, doc.Desc}
			if diff := cmp.Diff([]string{"img", tt.title, tt.desc}, got); diff != "" {
				t.Errorf("role, title, desc (-want +got):\n%s", diff)
			}
		})
	}
}

// TestSequenceEscaping makes sure nothing from a label reaches the page as
// markup: the console feeds learner text to SequenceSVG.
func TestSequenceEscaping(t *testing.T) {
	src := "participant A as <script>alert(1)</script>\nA->>B: <img src=x onerror=alert(2)>\nNote over B: </svg><script>x</script>\nB-->>A: `<b>`"
	svg, err := SequenceSVG(src, "en")
	if err != nil {
		t.Fatal(err)
	}
	s := string(svg)
	for _, bad := range []string{"<script", "<img", "</svg><", "<b>"} {
		if strings.Contains(s, bad) {
			t.Errorf("SVG contains %q unescaped:\n%s", bad, s)
		}
	}
	if !strings.Contains(s, "&lt;script&gt;alert(1)&lt;/script&gt;") {
		t.Errorf("the escaped label is missing:\n%s", s)
	}
	assertWellFormedXML(t, s)
}

func TestSequenceErrors(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		{"unknown arrow", "participant C\nC->S: hi", `line 2: unknown arrow "->": use ->> for a request, -->> for a response, -) for a notification or --x for an error response`},
		{"dashed open arrow", "C-->S: hi", `line 1: unknown arrow "-->": use ->> for a request, -->> for a response, -) for a notification or --x for an error response`},
		{"missing colon", "\n\nC->>S hi", `line 3: expected ":" and the message text after "C->>S"`},
		{"missing target", "C->>: hi", `line 1: the participant after "C->>" is missing (IDs use letters, digits and _)`},
		{"garbage", "# fine\nhello world", `line 2: cannot read "hello world": expected a message such as "C->>S: text", "participant ID as Label", "Note over A,B: text" or a # comment`},
		{"participant without id", "participant\nC->>S: x", `line 1: cannot read "participant": expected a message such as "C->>S: text", "participant ID as Label", "Note over A,B: text" or a # comment`},
		{"participant bad id", "participant C-1 as Client", `line 1: participant C: unexpected "-1 as Client": write "participant ID" or "participant ID as Label"`},
		{"participant missing label", "participant C as\nC->>S: x", `line 1: participant C: unexpected "as": write "participant ID" or "participant ID as Label"`},
		{"participant twice", "participant C\nparticipant S\nparticipant C as Client", `line 3: participant C is declared twice (first on line 1)`},
		{"note without placement", "Note C: hi", `line 1: Note: write "Note over A: text", "Note over A,B: text", "Note left of A: text" or "Note right of A: text"`},
		{"note without colon", "Note over C hi", `line 1: Note: expected ":" and the note text; write "Note over A: text", "Note over A,B: text", "Note left of A: text" or "Note right of A: text"`},
		{"note bad id", "Note over C,: hi", `line 1: Note: "" is not a participant ID (letters, digits and _); write "Note over A: text", "Note over A,B: text", "Note left of A: text" or "Note right of A: text"`},
		{"note left of two", "Note left of A,B: hi", `line 1: Note left of / right of takes one participant; use Note over A,B to span several`},
		{"empty", "# only a comment\n\n", `line 1: the sequence diagram has no message: add a line such as "C->>S: initialize"`},
		{"participants only", "participant C", `line 1: the sequence diagram has no message: add a line such as "C->>S: initialize"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := SequenceSVG(tt.src, "en")
			if err == nil {
				t.Fatalf("no error; want %q", tt.want)
			}
			if diff := cmp.Diff(tt.want, err.Error()); diff != "" {
				t.Errorf("error (-want +got):\n%s", diff)
			}
			var e *Error
			if !errors.As(err, &e) {
				t.Errorf("error %T is not a *Error", err)
			}
		})
	}
}

func TestSequenceLimits(t *testing.T) {
	var b strings.Builder
	for i := range maxParticipants + 1 {
		b.WriteString("participant P" + strings.Repeat("x", i) + "\n")
	}
	if _, err := SequenceSVG(b.String(), "en"); err == nil || !strings.Contains(err.Error(), "at most 20 participants") {
		t.Errorf("too many participants: err = %v", err)
	}
	b.Reset()
	for range maxEvents + 1 {
		b.WriteString("A->>B: x\n")
	}
	if _, err := SequenceSVG(b.String(), "en"); err == nil || !strings.Contains(err.Error(), "line 1001: a sequence diagram may hold at most 1000") {
		t.Errorf("too many messages: err = %v", err)
	}
	if _, err := SequenceSVG("A->>B: x", "de"); err == nil {
		t.Error("an unsupported language gave no error")
	}
}

// TestSequenceLayout checks geometry the golden files would only show as
// numbers: labels fit between the lifelines they join, and participants
// keep the order of their first use.
func TestSequenceLayout(t *testing.T) {
	long := strings.Repeat("w", 60)
	d, err := parseSequence([]string{"A->>B: short", "B->>C: " + long, "A-->>C: " + long + long}, 1)
	if err != nil {
		t.Fatal(err)
	}
	g := d.layout()
	var order []string
	for _, p := range d.participants {
		order = append(order, p.id)
	}
	if diff := cmp.Diff([]string{"A", "B", "C"}, order); diff != "" {
		t.Errorf("participant order (-want +got):\n%s", diff)
	}
	if got, need := g.cx[2]-g.cx[1], textWidth(long)+2*labelPad; got < need {
		t.Errorf("B..C is %d px wide, the label needs %d", got, need)
	}
	if got, need := g.cx[2]-g.cx[0], textWidth(clip(long+long))+2*labelPad; got < need {
		t.Errorf("A..C is %d px wide, the label needs %d", got, need)
	}
	short, err := parseSequence([]string{"A->>B: short"}, 1)
	if err != nil {
		t.Fatal(err)
	}
	g = short.layout()
	if got, want := g.cx[1]-g.cx[0], g.boxW[0]/2+g.boxW[1]/2+colGap; got != want {
		t.Errorf("A..B is %d px wide; a short label should leave the minimum gap %d", got, want)
	}
}

func FuzzSequenceSVG(f *testing.F) {
	files, _ := filepath.Glob("testdata/seq/*.txt")
	for _, file := range files {
		src, _ := os.ReadFile(file)
		f.Add(string(src))
	}
	f.Add("A--xA: `x\nNote left of A: ü\n")
	f.Fuzz(func(t *testing.T, src string) {
		svg, err := SequenceSVG(src, "fr")
		if err != nil {
			var e *Error
			if !errors.As(err, &e) || e.Line < 1 {
				t.Fatalf("error without a line: %v", err)
			}
			return
		}
		assertWellFormedXML(t, string(svg))
	})
}

// TestSequenceMarks: a message marked "!" (a problem) or "?" (never
// answered) is drawn apart from good ones, with and without the site's
// CSS, and said so in the description.
func TestSequenceMarks(t *testing.T) {
	src := "C->>!S: broken\nC->>?S: list\nS-->>C: fine"
	for _, tt := range []struct{ lang, bad, open string }{
		{"en", "1. Request from C to S: broken (invalid).", "2. Request from C to S: list (not answered)."},
		{"fr", "1. Requête de C à S\u00a0: broken (invalide).", "2. Requête de C à S\u00a0: list (sans réponse)."},
	} {
		svg, err := SequenceSVG(src, i18n.Lang(tt.lang))
		if err != nil {
			t.Fatal(err)
		}
		var doc struct {
			Desc   string `xml:"desc"`
			Groups []struct {
				Class string `xml:"class,attr"`
				Line  struct {
					Dash  string `xml:"stroke-dasharray,attr"`
					Width string `xml:"stroke-width,attr"`
				} `xml:"line"`
				Text string `xml:"text"`
			} `xml:"g"`
		}
		if err := xml.Unmarshal([]byte(svg), &doc); err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, g := range doc.Groups {
			if strings.HasPrefix(g.Class, "seq-msg") {
				got = append(got, g.Class+"|"+g.Line.Dash+"|"+g.Line.Width+"|"+g.Text)
			}
		}
		want := []string{
			"seq-msg seq-msg-request seq-bad||2.5|✗ broken",
			"seq-msg seq-msg-request seq-open|2 5||list",
			"seq-msg seq-msg-response|6 4||fine",
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%s arrows (-want +got):\n%s", tt.lang, diff)
		}
		if !strings.Contains(doc.Desc, tt.bad) || !strings.Contains(doc.Desc, tt.open) {
			t.Errorf("%s description %q lacks %q or %q", tt.lang, doc.Desc, tt.bad, tt.open)
		}
	}
}

// A linked diagram wraps each message arrow (not the notes) in its link,
// with the id and name given, and is a group of links instead of an image.
func TestSequenceSVGLinked(t *testing.T) {
	src := "participant C as Client\nparticipant S as Server\nNote over C,S: earlier\nC->>S: #1 `ping`\nS-->>C: #2 result"
	out, err := SequenceSVGLinked(src, "en", func(n int) SequenceLink {
		if n == 1 {
			return SequenceLink{}
		}
		return SequenceLink{Href: "#msg-1", ID: "arrow-1", Label: `#1 "go"`}
	})
	if err != nil {
		t.Fatal(err)
	}
	s := string(out)
	for _, want := range []string{`role="group"`, `<a class="seq-link" href="#msg-1" id="arrow-1" aria-label="#1 &#34;go&#34;"><g class="seq-msg`} {
		if !strings.Contains(s, want) {
			t.Errorf("linked diagram lacks %s:\n%s", want, s)
		}
	}
	if n := strings.Count(s, "<a "); n != 1 {
		t.Errorf("%d links, want 1 (the second message has none, notes are not links)", n)
	}
	plain, _ := SequenceSVG(src, "en")
	if strings.Contains(string(plain), "<a ") || !strings.Contains(string(plain), `role="img"`) {
		t.Error("an unlinked diagram changed")
	}
}
