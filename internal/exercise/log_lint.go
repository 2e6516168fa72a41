package exercise

import (
	"sort"
	"strings"

	"github.com/mcpplayground/playground/internal/explain"
	"github.com/mcpplayground/playground/internal/frontmatter"
	"github.com/mcpplayground/playground/internal/grader"
	"github.com/mcpplayground/playground/internal/logimport"
)

// lintLog proves a log exercise against the conversation checker: each
// planted message breaks exactly the rule its check names, and no other
// message breaks any (errors and warnings; infos teach and are left out).
func (ex *Exercise) lintLog() []error {
	var errs []error
	errf := func(line int, format string, args ...any) {
		errs = append(errs, frontmatter.Errorf(ex.File, line, format, args...))
	}
	rep, err := explain.Explain([]byte(ex.Log), explain.Options{Format: logimport.FormatJSONL, Protocol: ex.Protocol,
		Limits: logimport.Limits{MaxMessages: maxLogMessages}})
	if err != nil {
		errf(1, "the conversation checker cannot read the log: %v", err)
		return errs
	}
	found := logCodes(rep)
	for _, c := range ex.Checks {
		i := c.item - 1
		if i < 0 || i >= len(found) {
			continue
		}
		want := map[string]bool{}
		if !c.Implicit {
			want[c.value.(string)] = true
		}
		if sameKeys(found[i], want) {
			continue
		}
		if c.Implicit {
			errf(c.Line, "message %d is meant to have nothing wrong, but the conversation checker finds %s there", c.item, keys(found[i]))
			continue
		}
		errf(c.Line, "message %d is meant to break %s and nothing else, but the conversation checker finds %s there", c.item, c.value, keys(found[i]))
	}
	return errs
}

// logCodes lists, for each message of an explained log, the codes of the
// errors and warnings found on it: its report's, and the findings found on
// it (the last message a finding concerns is where it was found).
func logCodes(rep *explain.Report) []map[string]bool {
	out := make([]map[string]bool, len(rep.Messages))
	for i, m := range rep.Messages {
		out[i] = map[string]bool{}
		for _, d := range m.Report.Diagnostics {
			if d.Severity != grader.SeverityInfo {
				out[i][d.Code] = true
			}
		}
	}
	for _, f := range rep.Findings {
		if f.Severity != grader.SeverityInfo && len(f.Messages) > 0 {
			out[f.Messages[len(f.Messages)-1]][f.Code] = true
		}
	}
	return out
}

func sameKeys(a, b map[string]bool) bool {
	if len(a) != len(b) {
		return false
	}
	for k := range a {
		if !b[k] {
			return false
		}
	}
	return true
}

func keys(m map[string]bool) string {
	if len(m) == 0 {
		return "nothing"
	}
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return strings.Join(ks, ", ")
}
