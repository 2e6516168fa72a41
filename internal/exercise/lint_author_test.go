package exercise

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// The authoring mistakes check-content used to let through, each caught
// with its file and line.
func TestAuthorMistakes(t *testing.T) {
	const ping = `{"jsonrpc": "2.0", "id": 1, "method": "ping"}`
	tests := []struct {
		name string
		src  string
		want []string
	}{
		{"an order that is not a whole number", file("kind: write\norder: 2.5\nchecks:\n  - method: ping", "\n# Solution\n\n"+jsonBlock(ping)+text),
			[]string{"x.md:5: order is a whole number from 0 up (1, 2, 3…), not 2.5"}},
		{"an order written in words", file("kind: write\norder: two\nchecks:\n  - method: ping", "\n# Solution\n\n"+jsonBlock(ping)+text),
			[]string{`x.md:5: order is a whole number from 0 up (1, 2, 3…), not "two"`}},
		{"a misspelled rule code among a log's choices", strings.Replace(logFile(plantedReuse, logInit), "  - session.id.reused\n", "  - session.id.reused\n  - session.id.reuse\n", 1),
			[]string{`x.md:7: choice "session.id.reuse" is not a rule of the checker: did you mean session.id.reused? (the page /en/rules lists them)`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, errs := load(map[string]string{"x.md": tt.src})
			if diff := cmp.Diff(tt.want, errs); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// A present or absent pointer with a typo is reported; one that names the
// starter's member, or a member the schema knows, is not.
func TestLintPointers(t *testing.T) {
	const (
		starter = "\n# Starter\n\n```json\n{\"jsonrpc\": \"2.0\", \"id\": 3, \"method\": \"tools/call\", \"params\": {\"tool\": \"suggest_gifts\", \"arguments\": {}}}\n```\n"
		sol     = "\n# Solution\n\n```json\n{\"jsonrpc\": \"2.0\", \"id\": 3, \"method\": \"tools/call\", \"params\": {\"name\": \"suggest_gifts\", \"arguments\": {}}}\n```\n"
	)
	tests := []struct {
		name  string
		check string
		want  []string
	}{
		{"the starter's member", "absent: /params/tool", nil},
		{"a member of the schema", "absent: /params/task", nil},
		{"a typo", "absent: /params/tol", []string{"x.md:7: absent: /params/tol names a member that no solution, starter or wrong answer has, and that the schema of this message does not know either (the checker says mcp.field.unknown): is it a typo? If it is not, write the answer that has it in # Wrong"}},
		{"a typo at the top", "absent: /reslt", []string{"x.md:7: absent: /reslt names a member that no solution, starter or wrong answer has, and that the schema of this message does not know either (the checker says jsonrpc.field.unknown): is it a typo? If it is not, write the answer that has it in # Wrong"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ex := mustLoad(t, file("kind: fix\nchecks:\n  - method: tools/call\n  - "+tt.check, starter+sol+text))
			var got []string
			for _, e := range ex.lintPointers() {
				got = append(got, e.Error())
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// In a live exercise the pointer is looked for in the messages the check
// picks: a typo there is reported too; the member of a message the
// solution has is not.
func TestLintPointersLive(t *testing.T) {
	sol := "\n# Solution\n\n" + jsonBlock(session(slowCall, cancelCall2))
	for check, want := range map[string][]string{
		"absent: /params/reason":     nil,
		"absent: /params/resaon":     {"x.md:7: absent: /params/resaon names a member that no solution, starter or wrong answer has, and that the schema of this message does not know either (the checker says mcp.field.unknown): is it a typo? If it is not, write the answer that has it in # Wrong"},
		"present: /params/requestId": nil,
	} {
		ex := mustLoad(t, file("kind: live\nchecks:\n  - method: notifications/cancelled\n  - "+check+"\n    message: {method: notifications/cancelled}", sol+text))
		var got []string
		for _, e := range ex.lintPointers() {
			got = append(got, e.Error())
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%s (-want +got):\n%s", check, diff)
		}
	}
}
