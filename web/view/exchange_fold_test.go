package view

import (
	"context"
	"html/template"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// A long message splits after FoldShown lines, never inside a span; a
// short one, or one whose breaks are all inside spans, stays whole.
func TestFoldJSON(t *testing.T) {
	lines := func(n int, line string) string { return strings.Repeat(line+"\n", n-1) + line }
	long := lines(FoldLines+1, `<span class="j-key">"k"</span>`)
	inSpan := `<span class="j-err">` + lines(FoldLines+1, "x") + `</span>`
	tests := []struct {
		name      string
		in        string
		headLines int // lines in head; 0 when whole
	}{
		{"short", lines(FoldLines, "a"), 0},
		{"long", long, FoldShown},
		{"breaks inside a span", inSpan, 0},
	}
	for _, tc := range tests {
		head, rest, _ := foldJSON(template.HTML(tc.in))
		got := 0
		if rest != "" {
			got = strings.Count(string(head), "\n")
			if string(head)+string(rest) != tc.in {
				t.Errorf("%s: head and rest do not make the message", tc.name)
			}
		}
		if diff := cmp.Diff(tc.headLines, got); diff != "" {
			t.Errorf("%s: lines shown folded (-want +got):\n%s", tc.name, diff)
		}
	}
}

// Without JavaScript a folded message is whole: the rest is in the page and
// the button hidden until the script shows it.
func TestExchangeItemFoldWithoutScript(t *testing.T) {
	w := ExchangeWords{FoldShow: "Show the whole message (%d lines)", FoldHide: "Fold", ToArrow: "In the diagram"}
	json := strings.Repeat(`<span class="j-key">"k"</span>`+"\n", 30) + "}"
	var b strings.Builder
	if err := ExchangeItem(w, ExchangeItemVM{Seq: 4, JSON: template.HTML(json), Arrow: "arrow-4"}).Render(context.Background(), &b); err != nil {
		t.Fatal(err)
	}
	html := b.String()
	for _, want := range []string{`id="msg-4-rest"`, `aria-controls="msg-4-rest"`, `aria-expanded="true"`, `data-show="Show the whole message (31 lines)"`, ` hidden>Fold</button>`, `href="#arrow-4"`} {
		if !strings.Contains(html, want) {
			t.Errorf("item lacks %s:\n%s", want, html)
		}
	}
	if strings.Count(html, `"k"`) != 30 {
		t.Error("the page does not hold the whole message")
	}
}
