package pagevm

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mcpplayground/playground/internal/grader"
	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/web/view"
)

// The console's addresses keep ?exercise= (escaped) on every link.
func TestConsoleURLs(t *testing.T) {
	tests := []struct {
		exID            string
		with, withReset string
		param           string
	}{
		{"", "/en/console", "/en/console/reset", "/en/console?reply=3"},
		{"tools-call", "/en/console?exercise=tools-call", "/en/console/reset?exercise=tools-call", "/en/console?exercise=tools-call&reply=3"},
		{"a b&c", "/en/console?exercise=a+b%26c", "/en/console/reset?exercise=a+b%26c", "/en/console?exercise=a+b%26c&reply=3"},
	}
	for _, tt := range tests {
		u := NewConsoleURLs(i18n.EN, tt.exID)
		got := []string{u.With(""), u.With("/reset"), u.Param("reply", "3")}
		if diff := cmp.Diff([]string{tt.with, tt.withReset, tt.param}, got); diff != "" {
			t.Errorf("%q (-want +got):\n%s", tt.exID, diff)
		}
	}
}

// The editor's draft: what was sent back first, then a lesson's example
// (within its bound), then a template the address asks for, then, before
// the handshake, the initialize request.
func TestConsoleDraft(t *testing.T) {
	sent := "sent back"
	tests := []struct {
		name     string
		sent     *string
		ask      DraftAsk
		protocol string
		want     string // a part of the draft
		noReply  bool
	}{
		{"sent back wins", &sent, DraftAsk{Message: "example", Template: "ping"}, "", "sent back", false},
		{"a lesson's example", nil, DraftAsk{Message: "example", Template: "ping"}, "", "example", false},
		{"an example too long", nil, DraftAsk{Message: strings.Repeat("x", MaxPrefillBytes+1)}, "", `"method": "initialize"`, false},
		{"a template", nil, DraftAsk{Template: "ping"}, grader.DefaultRevision, `"method": "ping"`, false},
		{"a reply nobody waits for", nil, DraftAsk{Reply: 4}, grader.DefaultRevision, "", true},
		{"before the handshake", nil, DraftAsk{}, "", `"method": "initialize"`, false},
		{"after it, nothing", nil, DraftAsk{}, grader.DefaultRevision, "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			vm := view.ConsoleVM{Protocol: tt.protocol}
			noReply := ConsoleDraft(&vm, tt.sent, tt.ask, nil, "")
			if noReply != tt.noReply || !strings.Contains(vm.Draft, tt.want) || (tt.want == "" && vm.Draft != "") {
				t.Errorf("draft %q, noReply %v; want %q in it, noReply %v", vm.Draft, noReply, tt.want, tt.noReply)
			}
		})
	}
}

// The report's summary counts errors before remarks, in the page's
// language, and a suggestion the message does not hold is added to it.
func TestConsoleReport(t *testing.T) {
	errDiag := grader.Diagnostic{Code: "jsonrpc.id.missing", Severity: grader.SeverityError, Message: "no id", Suggestion: `add "id"`}
	warn := grader.Diagnostic{Code: "x", Severity: grader.SeverityWarning, Message: "a remark"}
	tests := []struct {
		l       i18n.Lang
		rep     grader.Report
		summary string
		first   string
	}{
		{i18n.EN, grader.Report{Valid: true}, "Nothing to fix: this message is ready to go.", ""},
		{i18n.EN, grader.Report{Diagnostics: []grader.Diagnostic{errDiag, warn}}, "1 error to fix. You may still send it to see how the server answers.", `no id (add &#34;id&#34;)`},
		{i18n.FR, grader.Report{Valid: true, Diagnostics: []grader.Diagnostic{warn, warn}}, "2 remarques à lire\u00a0; le message est valide.", "a remark"},
	}
	for _, tt := range tests {
		vm := ConsoleReport(tt.l, tt.rep)
		first := ""
		if len(vm.Problems) > 0 {
			first = string(vm.Problems[0].Message)
		}
		if diff := cmp.Diff([]string{tt.summary, tt.first}, []string{vm.Summary, first}); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tt.l, diff)
		}
	}
}

// A live exercise's feedback points into no editor: its lines, columns
// and excerpts are removed.
func TestConsoleExerciseStripsPositions(t *testing.T) {
	fb := &view.FeedbackVM{
		First: &view.ProblemVM{Line: 2, Column: 3, Excerpt: &view.Excerpt{LineNo: 2}},
		Rest:  []view.ProblemVM{{Line: 4, Column: 1}},
		Notes: []view.ProblemVM{{Line: 5, Column: 2}},
	}
	vm := ConsoleExercise(i18n.EN, view.ExerciseVM{APIURL: "/api", Feedback: fb}, 12)
	var got []int
	eachProblem(vm.Feedback, func(p *view.ProblemVM) {
		got = append(got, p.Line, p.Column)
		if p.Excerpt != nil {
			t.Error("an excerpt is left")
		}
	})
	if diff := cmp.Diff([]int{0, 0, 0, 0, 0, 0}, got); diff != "" {
		t.Errorf("positions (-want +got):\n%s", diff)
	}
	if vm.APIURL != "/api" || !strings.Contains(vm.Notice, "12") {
		t.Errorf("APIURL %q, notice %q", vm.APIURL, vm.Notice)
	}
}
