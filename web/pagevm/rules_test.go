package pagevm

import (
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mcpplayground/playground/internal/grader"
	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/internal/rules"
)

// The list of rules has every rule of the book, in its groups, each
// linked to its page and headed in the page's language.
func TestRuleList(t *testing.T) {
	t.Parallel()
	b, err := rules.New()
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range []i18n.Lang{i18n.EN, i18n.FR} {
		vm := RuleList(l, b)
		if !strings.Contains(vm.Count, strconv.Itoa(b.Len())) {
			t.Errorf("%s: the count says %q, want %d in it", l, vm.Count, b.Len())
		}
		var got, want []string
		for _, g := range b.Groups() {
			for _, r := range g.Rules {
				want = append(want, "rules-"+g.Name+" "+r.Code+" "+RulesURL(l, r.Code))
			}
		}
		for _, g := range vm.Groups {
			if g.Heading == "" || g.Heading == strings.TrimPrefix(g.ID, "rules-") {
				t.Errorf("%s: group %s is headed %q, want its name in words", l, g.ID, g.Heading)
			}
			for _, r := range g.Rules {
				got = append(got, g.ID+" "+r.Code+" "+r.URL)
			}
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%s: rules (-want +got):\n%s", l, diff)
		}
	}
}

// An example's messages are named by their sender, in the page's
// language; a message either side may send is not named.
func TestExampleSenders(t *testing.T) {
	t.Parallel()
	ex := rules.Example{Request: `{"id":1}`, Messages: []rules.Message{
		{From: grader.SenderClient, Raw: `{"a":1}`}, {From: grader.SenderServer, Raw: `{"b":2}`}, {Raw: `{"c":3}`},
	}}
	for _, l := range []i18n.Lang{i18n.EN, i18n.FR} {
		r := i18n.RulesFor(l)
		vm := exampleVM(r, ex)
		var got []string
		for _, m := range vm.Messages {
			got = append(got, m.From)
		}
		if diff := cmp.Diff([]string{r.FromClient, r.FromServer, ""}, got); diff != "" {
			t.Errorf("%s: senders (-want +got):\n%s", l, diff)
		}
		if !vm.Conversation || vm.Request == "" {
			t.Errorf("%s: conversation %v, request %q: want a conversation answering its request", l, vm.Conversation, vm.Request)
		}
	}
}
