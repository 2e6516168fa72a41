package view

import (
	"html/template"

	"github.com/mcpplayground/playground/internal/i18n"
)

// CheckServerVM is the page that checks a learner's own MCP server.
type CheckServerVM struct {
	X         *i18n.CheckServerUI
	XE        *i18n.ExerciseUI
	ActionURL string
	ScriptURL string
	URL       string
	Exercises []SelectOption
	Protocols []SelectOption
	// Error is why the check did not start (a refused URL, a run already
	// going, a server that cannot be reached).
	Error  string
	Result *CheckServerResultVM
}

// SelectOption is one choice of a select.
type SelectOption struct {
	Value, Label string
	Selected     bool
}

// CheckServerResultVM is a run so far (Done when it has ended): its
// steps and, through the one exchange component, every message.
type CheckServerResultVM struct {
	X        *i18n.CheckServerUI
	XE       *i18n.ExerciseUI
	Title    string
	Protocol string
	Done     bool
	Passed   bool
	// Note says why the run was not graded (inline HTML, "" when it was).
	Note     template.HTML
	Recorded bool
	Steps    []CheckServerStepVM
	Exchange ExchangeVM
}

// CheckServerStepVM is one step's verdict.
type CheckServerStepVM struct {
	Name        string
	Title       string
	Status      string // passed, failed, skipped, pending
	StatusLabel string
	FirstSeq    int // the step's first message in the timeline (0: none)
	Reason      string
	Warning     template.HTML
	Problems    []template.HTML
	Feedback    *FeedbackVM // the checker's report and the checks, on a failed step
}
