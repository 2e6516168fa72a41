package capture

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/mcpplayground/playground/internal/grader"
	"github.com/mcpplayground/playground/internal/i18n"
)

// conversationFinding is one session.* diagnostic on a captured session: on a
// message (Index >= 0) or from the end of the conversation (Index -1).
type conversationFinding struct {
	Index    int
	From     string
	Method   string
	Code     string
	Severity string
	Pointer  string
	Related  []int
	Message  string
}

// converse runs s through the conversation checker and returns its session.* findings.
func converse(s session) []conversationFinding {
	cs := grader.NewSession(grader.SessionOptions{Protocol: s.Revision, Lang: i18n.EN})
	var out []conversationFinding
	msgs := s.pair()
	for _, m := range msgs {
		rep := cs.Add(m.Rec.Raw(), m.Rec.From)
		for _, d := range rep.Diagnostics {
			if strings.HasPrefix(d.Code, "session.") {
				out = append(out, conversationFinding{Index: m.Index, From: m.Rec.From, Method: m.Method, Code: d.Code,
					Severity: d.Severity, Pointer: d.Pointer, Related: d.Related, Message: d.Message})
			}
		}
	}
	for _, f := range cs.End() {
		cf := conversationFinding{Index: -1, Code: f.Code, Severity: f.Severity, Related: f.Messages, Message: f.Message}
		if len(f.Messages) > 0 && f.Messages[0] < len(msgs) {
			first := msgs[f.Messages[0]]
			cf.From, cf.Method = first.Rec.From, first.Method
		}
		out = append(out, cf)
	}
	return out
}

// verdict is the finding without the message numbers, which vary between recordings.
func (f conversationFinding) verdict() string {
	where := "on a message"
	if f.Index < 0 {
		where = "at the end"
	}
	return fmt.Sprintf("conversation: %s %s %s (%s %s)", f.Severity, f.Code, where, f.From, f.Method)
}

func (f conversationFinding) String() string {
	where := fmt.Sprintf("message #%d", f.Index+1)
	if f.Index < 0 {
		where = "the end"
	}
	return fmt.Sprintf("%s %s %s at %s (%s %s, related %v)", f.Severity, f.Code, f.Pointer, where, f.From, f.Method, f.Related)
}

// TestRealTrafficFollowsTheConversation runs every captured session through
// the conversation checker: a real peer's session has no session.* error
// unless a reviewed defect explains it. Warnings and infos (a request still
// open at the end of a partial log, ...) are counted, not failed.
func TestRealTrafficFollowsTheConversation(t *testing.T) {
	ds := loadDefects(t, defectsFile)
	counts := map[string]int{}
	messages := 0
	for _, s := range loadSessions(t, sessionsDir) {
		messages += len(s.Records)
		for _, f := range converse(s) {
			counts[f.Severity+" "+f.Code]++
			if f.Severity != grader.SeverityError {
				continue
			}
			m := message{Index: f.Index, Rec: Record{From: f.From}}
			if !ds.excuses(s, m, verdict{method: f.Method}, f.Code, f.Pointer) {
				t.Errorf("%s: the conversation checker reports %s: %s", s.Name, f, f.Message)
			}
		}
	}
	for _, d := range ds.unused(true) {
		t.Errorf("%s: the defect %s %s %s %s excuses no conversation finding: remove it", defectsFile, d.Sessions, d.From, d.Method, d.Code)
	}
	keys := make([]string, 0, len(counts))
	for k := range counts {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	for _, k := range keys {
		fmt.Fprintf(&b, "\n    %4d × %s", counts[k], k)
	}
	t.Logf("conversation checker over %d captured messages: session.* findings by severity and code:%s", messages, b.String())
	if messages == 0 {
		t.Fatal("no captured message")
	}
}
