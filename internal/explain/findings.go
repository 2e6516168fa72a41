package explain

import (
	"sort"

	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/internal/logimport"
)

// problemFindings turns what logimport noticed about the log itself into
// findings, in the log's order (all), and those about a message by its
// index (notes: the exchange of its conversation places them).
func (r *Report) problemFindings(problems []logimport.Problem, n int, lang i18n.Lang) (notes map[int][]Finding, all []Finding) {
	notes = map[int][]Finding{}
	for _, p := range problems {
		info, _ := logimport.Info(p.Code)
		f := Finding{Code: p.Code, Severity: info.Severity, Messages: []int{},
			Lesson: info.Lesson, Line: p.Line, Detail: p.Detail}.Says(lang, info.MessageIn)
		if f.Severity == "" {
			f.Severity = "warning"
		}
		if p.Entry >= 0 && p.Entry < n {
			f.Messages = []int{p.Entry}
			notes[p.Entry] = append(notes[p.Entry], f)
		}
		all = append(all, f)
	}
	return notes, all
}

// attachFindings orders the findings as the log reads (by the first
// message they concern, or where their line falls) and notes on each
// message the findings about it.
func (r *Report) attachFindings() {
	pos := func(f Finding) int {
		if len(f.Messages) > 0 {
			return f.Messages[len(f.Messages)-1]
		}
		return sort.Search(len(r.Messages), func(i int) bool { return r.Messages[i].Line >= f.Line })
	}
	sort.SliceStable(r.Findings, func(i, j int) bool { return pos(r.Findings[i]) < pos(r.Findings[j]) })
	for fi, f := range r.Findings {
		for _, mi := range f.Messages {
			r.Messages[mi].Findings = append(r.Messages[mi].Findings, fi)
		}
	}
}

// summarize counts the messages by kind, and the findings.
func summarize(r *Report) Summary {
	s := Summary{Messages: len(r.Messages)}
	s.Problems, s.Remarks = tally(r.Problems())
	for i := range r.Messages {
		switch r.Messages[i].Report.Kind {
		case "request":
			s.Requests++
		case "notification":
			s.Notifications++
		case "response":
			s.Responses++
		case "error":
			s.Errors++
		default:
			s.Invalid++
		}
	}
	return s
}
