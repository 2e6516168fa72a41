package markdown

import (
	"encoding/xml"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

const flowSample = "Is there a `method`?\n  yes: Is there an `id`?\n    yes: = A request\n    no: = A notification\n  no: Is there `result` or `error`?\n    result: = A success response\n    error: = An error response\n"

func TestFlowRendersEveryBoxAndReadsAloud(t *testing.T) {
	root, err := parseFlow(strings.Split(flowSample, "\n"), 1)
	if err != nil {
		t.Fatal(err)
	}
	svg := string(flowSVG(root, wordsByLang["en"]))
	if err := xml.Unmarshal([]byte(svg), new(struct{})); err != nil {
		t.Fatalf("not well-formed XML: %v\n%s", err, svg)
	}
	if n := strings.Count(svg, `class="flow-question"`); n != 3 {
		t.Errorf("%d questions drawn, want 3", n)
	}
	if n := strings.Count(svg, `class="flow-outcome"`); n != 4 {
		t.Errorf("%d outcomes drawn, want 4", n)
	}
	if n := strings.Count(svg, `class="flow-edge"`); n != 6 {
		t.Errorf("%d edges drawn, want 6", n)
	}
	wantDesc := "<desc>Is there a method? (yes: Is there an id? (yes: A request; no: A notification); no: Is there result or error? (result: A success response; error: An error response))</desc>"
	if !strings.Contains(svg, wantDesc) {
		t.Errorf("desc missing; want %s in\n%s", wantDesc, svg)
	}
	if !strings.Contains(svg, "<title>Decision diagram: Is there a method?</title>") {
		t.Errorf("title missing:\n%s", svg)
	}
	fr := string(flowSVG(root, wordsByLang["fr"]))
	if !strings.Contains(fr, "Arbre de décision\u00a0: ") || !strings.Contains(fr, "yes\u00a0: ") {
		t.Errorf("French words missing:\n%s", fr)
	}
}

// Boxes of one row never overlap, whatever the labels' lengths.
func TestFlowBoxesDoNotOverlap(t *testing.T) {
	src := "Q?\n  a: = " + strings.Repeat("long outcome ", 4) + "\n  b: Another question that is long?\n    c: = x\n    d: = y\n  e: = z"
	root, err := parseFlow(strings.Split(src, "\n"), 1)
	if err != nil {
		t.Fatal(err)
	}
	l := layoutFlow(root)
	byRow := map[int][]*flowNode{}
	var walk func(*flowNode)
	walk = func(f *flowNode) {
		byRow[l.depth[f]] = append(byRow[l.depth[f]], f)
		for _, c := range f.children {
			walk(c)
		}
	}
	walk(root)
	for d, row := range byRow {
		for i := 1; i < len(row); i++ {
			a, b := row[i-1], row[i]
			if a.children == nil && b.children == nil && l.x[a]+l.w[a]/2 > l.x[b]-l.w[b]/2 {
				t.Errorf("row %d: %q and %q overlap", d, a.text, b.text)
			}
		}
		for _, f := range row {
			if l.x[f]-l.w[f]/2 < 0 || l.x[f]+l.w[f]/2 > l.width {
				t.Errorf("%q leaves the picture", f.text)
			}
		}
	}
}

func TestFlowErrors(t *testing.T) {
	tests := []struct{ name, src, want string }{
		{"empty", "\n\n", "line 1: flow: the diagram is empty: start with a question"},
		{"indented root", "  Q?", "line 1: flow: the first line is the root question, not indented"},
		{"odd indent", "Q?\n   yes: = A", "line 2: flow: indent each answer by two spaces more than its question"},
		{"no answer label", "Q?\n  = A", `line 2: flow: write an answer as "label: next question" or "label: = outcome"`},
		{"jump two levels", "Q?\n    yes: = A", "line 2: flow: this answer is not indented under a question (two spaces per level)"},
		{"question without answers", "Q?\n  yes: R?\n  no: = B", `line 2: flow: this question has no answers: indent its answers under it, or make it an outcome with "= "`},
		{"outcome with answers", "Q?\n  yes: = A\n    no: = B", `line 3: flow: an outcome ("= …") has no answers under it`},
		{"too many", "Q?\n" + strings.Repeat("  a: = x\n", maxFlowNodes), "line 41: flow: more than 40 boxes; split the diagram"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := parseFlow(strings.Split(tt.src, "\n"), 1)
			got := ""
			if err != nil {
				got = err.Error()
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// A ```flow block in Markdown becomes a figure; a broken one is an error at
// its line in the file.
func TestFlowInMarkdown(t *testing.T) {
	doc, err := New().Render([]byte("Text.\n\n```flow\n"+flowSample+"```\n"), Options{Lang: "en", FirstLine: 10})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(doc.HTML), `<figure class="flow"><svg`) {
		t.Errorf("no flow figure:\n%s", doc.HTML)
	}
	_, err = New().Render([]byte("```flow\nQ?\n  yes: R?\n```\n"), Options{Lang: "en", FirstLine: 10})
	if err == nil || !strings.Contains(err.Error(), "line 12: flow: this question has no answers") {
		t.Errorf("error = %v, want one at line 12", err)
	}
}
