package exercise

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mcpplayground/playground/internal/grader"
	"github.com/mcpplayground/playground/internal/i18n"
)

const withholdSrc = `kind: write
sender: server
solution_after: 3
checks:
  - kind: notification
    hint: 1
  - method: notifications/tools/list_changed
  - absent: /id`

const withholdBody = "\n# Solution\n\n```json\n{\"jsonrpc\": \"2.0\", \"method\": \"notifications/tools/list_changed\"}\n```\n" +
	"\n# en: Announce\n\nDo it.\n\n## Hints\n\n1. Nobody answers it.\n2. The lesson shows it.\n3. The method is notifications/, then tools/list_changed.\n" +
	"\n# fr: Annoncez\n\nFaites-le.\n\n## Indices\n\n1. Personne n’y répond.\n2. La leçon le montre.\n3. La méthode commence par notifications/.\n"

// A check that would spell the answer is held back until the hint that
// covers it is open (its own hint: 1 for the kind, the last hint by default
// for the method) or solution_after failures; the checker's "Did you mean"
// that names the method goes with it; the check that spells nothing stays.
func TestWithhold(t *testing.T) {
	ex := mustLoad(t, file(withholdSrc, withholdBody))
	answer := `{"jsonrpc": "2.0", "id": 1, "method": "tools/list_changed"}`
	for _, l := range i18n.All {
		res := ex.Grade(answer, l)
		if res.Passed {
			t.Fatal("the wrong answer passed")
		}
		tests := []struct {
			hints, failed int
			want          []bool // spelled: the implicit valid, kind, method, absent
			suggestion    bool
		}{
			{0, 1, []bool{true, false, false, true}, false},
			{1, 1, []bool{true, true, false, true}, false},
			{2, 2, []bool{true, true, false, true}, false},
			{3, 2, []bool{true, true, true, true}, true},
			{0, 3, []bool{true, true, true, true}, true},
		}
		for _, tt := range tests {
			got := ex.Withhold(res, tt.hints, tt.failed, l)
			var spelled []bool
			for i, cr := range got.Checks {
				spelled = append(spelled, cr.Message == res.Checks[i].Message)
			}
			if d := cmp.Diff(tt.want, spelled); d != "" {
				t.Errorf("%s hints %d failed %d: spelled checks (-want +got):\n%s", l, tt.hints, tt.failed, d)
			}
			text := ""
			for _, cr := range got.Checks {
				text += cr.Message
			}
			for _, d := range got.Report.Diagnostics {
				text += d.Message + d.Suggestion
			}
			if has := strings.Contains(text, "notifications/tools/list_changed"); has != tt.suggestion {
				t.Errorf("%s hints %d failed %d: the method is spelled: %v, want %v\n%s", l, tt.hints, tt.failed, has, tt.suggestion, text)
			}
		}
	}
}

// A passed answer is left as it is.
func TestWithholdPassed(t *testing.T) {
	ex := mustLoad(t, file(withholdSrc, withholdBody))
	res := ex.Grade(ex.Solutions[0], i18n.EN)
	if d := cmp.Diff(res, ex.Withhold(res, 0, 0, i18n.EN)); d != "" {
		t.Errorf("a pass was changed:\n%s", d)
	}
}

const memberSrc = `kind: fix
solution_after: 3
checks:
  - method: tools/call
  - present: /params/name
  - absent: /params/tool`

const memberBody = "\n# Starter\n\n```json\n{\"jsonrpc\": \"2.0\", \"id\": 3, \"method\": \"tools/call\", \"params\": {\"tool\": \"suggest_gifts\"}}\n```\n" +
	"\n# Solution\n\n```json\n{\"jsonrpc\": \"2.0\", \"id\": 3, \"method\": \"tools/call\", \"params\": {\"name\": \"suggest_gifts\"}}\n```\n" +
	"\n# en: Repair\n\nDo it.\n\n## Hints\n\n1. The problem is in params.\n2. The member is name.\n" +
	"\n# fr: Réparez\n\nFaites-le.\n\n## Indices\n\n1. Le problème est dans params.\n2. Le membre est name.\n"

// A suggestion of the checker that names a member of the solution ("Did
// you mean `name` where you wrote `tool`?") spells the answer even when no
// check does: it waits for the exercise's covering hint (the last) or
// solution_after failures, in both languages.
func TestWithholdSuggestionOfTheSolution(t *testing.T) {
	ex := mustLoad(t, file(memberSrc, memberBody))
	for _, l := range i18n.All {
		res := ex.Grade(ex.Starter, l)
		if res.Passed {
			t.Fatal("the starter passed")
		}
		tests := []struct {
			hints, failed int
			want          bool
		}{
			{0, 1, false},
			{1, 2, false},
			{2, 2, true},
			{0, 3, true},
		}
		for _, tt := range tests {
			got := ex.Withhold(res, tt.hints, tt.failed, l)
			spelled := false
			for _, d := range got.Report.Diagnostics {
				spelled = spelled || d.Suggestion == "name" || strings.Contains(d.Message, grader.DidYouMean("name", "tool", l))
			}
			if spelled != tt.want {
				t.Errorf("%s hints %d failed %d: the suggestion `name` is shown: %v, want %v\n%+v", l, tt.hints, tt.failed, spelled, tt.want, got.Report.Diagnostics)
			}
		}
	}
}
