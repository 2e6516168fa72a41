package view

import (
	"html/template"

	"github.com/mcpplayground/playground/internal/i18n"
)

// ExplainVM is the page "Explain a log": the form, and once a log was
// sent, its summary, its findings and its timeline.
type ExplainVM struct {
	U        *i18n.ExplainUI
	Action   string
	Log      string // the text pasted, masked, shown again in the form
	FileHelp string // "Up to 5 MiB."
	Formats  []ExplainOption
	Revs     []ExplainOption
	Error    string
	// Explained is true once a log was explained: Summary and Exchange
	// are then set.
	Explained bool
	Summary   ExplainSummaryVM
	Exchange  ExchangeVM
	Pager     ExplainPagerVM
	ScriptURL string
}

// ExplainPagerVM says which messages of a long timeline the page shows
// and links the other pages; Pages is 0 or 1 for a timeline on one page.
type ExplainPagerVM struct {
	Page, Pages int
	Shown       string // "Messages 101–200 of 18,234"
	Action      string // the explanation's address, for the field that picks a page
	PrevURL     string // "" on the first page
	NextURL     string // "" on the last
	PageLabel   string
	Of          string // "of 183"
	Go          string
	Prev, Next  string
	Note        string // said when the other pages are not kept
}

// ExplainOption is one choice of a select.
type ExplainOption struct {
	Value, Label string
	Selected     bool
}

// ExplainSummaryVM is what the page says first about a log.
type ExplainSummaryVM struct {
	Sentence string // "42 messages: 18 requests, …; revision 2025-11-25 (…); 3 problems"
	Verdict  string
	OK       bool
	Format   string
	Notes    []string
	Findings []ExplainFindingVM
	// More says how many findings the list leaves out, "" when none.
	More string
	// ContextTitle opens the folded list of the lines that are no MCP
	// message ("" when there is none), Context lists them.
	ContextTitle string
	Context      []ExplainContextVM
}

// ExplainContextVM is a line of the log that is no MCP message, named.
type ExplainContextVM struct {
	Line       int
	Kind, Word string // "server-stderr", "server’s stderr"
	Text       string
}

// ExplainFindingVM is one finding, with the message it focuses.
type ExplainFindingVM struct {
	Code, Severity string
	Message        template.HTML
	Detail         string
	Seqs           []int // the messages it concerns, numbered as the timeline
	Focus          int   // the message a click focuses (0: none)
	FocusLabel     string
	Where          string // "line 12" when it concerns no message
	RuleURL        string // the code's rule page, "" when it has none
}
