package explain

import (
	"strings"

	"github.com/mcpplayground/playground/internal/grader"
)

// Problems lists what the summary counts and the verdict weighs, in the
// order the log reads: each message's own error (what its report says of
// it alone, a notification with an id) first, then the findings that
// follow from it or concern it, then those about no message. The text and
// the page both show this list, so the summary, the verdict and the
// findings agree.
func (r *Report) Problems() []Finding {
	byLast := map[int][]Finding{}
	var loose []Finding
	for _, f := range r.Findings {
		if len(f.Messages) == 0 {
			loose = append(loose, f)
			continue
		}
		last := f.Messages[len(f.Messages)-1]
		byLast[last] = append(byLast[last], f)
	}
	out := make([]Finding, 0, len(r.Findings))
	for i := range r.Messages {
		m := &r.Messages[i]
		for _, d := range m.Report.Diagnostics {
			// session.* and log.* are findings of their own, listed below.
			if d.Severity == grader.SeverityError && !strings.HasPrefix(d.Code, "session.") && !strings.HasPrefix(d.Code, "log.") {
				out = append(out, d.Finding([]int{i}))
				break // the first error of a message says why a receiver stops
			}
		}
		out = append(out, byLast[i]...)
	}
	return append(out, loose...)
}

// tally counts the problems (errors: the verdict is "something is wrong"
// when there is one) and the remarks (warnings and notes) of a list.
func tally(fs []Finding) (problems, remarks int) {
	for _, f := range fs {
		if f.Severity == grader.SeverityError {
			problems++
		} else {
			remarks++
		}
	}
	return problems, remarks
}
