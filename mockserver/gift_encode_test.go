package mockserver

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mcpplayground/playground/internal/i18n"
)

// TestGiftListResultIsMarshal holds the pre-encoded suggest_gifts result
// to what marshal writes for the same callResult, in both languages, for
// every list the catalogue can give.
func TestGiftListResultIsMarshal(t *testing.T) {
	recipients := []string{"", "friend who loves board games", "coworker from marketing", "a couple who loves cooking", "student"}
	seen := 0
	for _, occasion := range occasionsKnown {
		for budget := 0.0; budget <= 200; budget += 5 {
			for _, who := range recipients {
				sg := suggest(occasion, budget, who)
				if sg.NothingFits {
					continue
				}
				got, ok := giftListResult(sg.Gifts)
				if !ok {
					t.Fatalf("%s, %v, %q: a catalogue gift has no code", occasion, budget, who)
				}
				list := giftList{sg.Gifts}
				for _, lang := range []i18n.Lang{i18n.EN, i18n.FR} {
					want := marshal((&Session{lang: lang}).localizeResult(callResult{
						Content:           []any{text(string(marshal(list)))},
						StructuredContent: list,
					}))
					if d := cmp.Diff(string(want), string(got)); d != "" {
						t.Fatalf("%s, %v, %q, %s (-marshal +pre-encoded):\n%s", occasion, budget, who, lang, d)
					}
				}
				seen++
			}
		}
	}
	if seen < 100 {
		t.Fatalf("only %d lists compared", seen)
	}
	if _, ok := giftListResult([]giftSummary{{Name: "Not in the catalogue", Price: 1, Category: "misc"}}); ok {
		t.Error("a gift that is not the catalogue's was encoded from the codes")
	}
}
