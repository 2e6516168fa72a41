package view

import (
	"html/template"

	"github.com/mcpplayground/playground/internal/i18n"
)

// RuleListVM is the page listing every rule, grouped by the code's prefix.
type RuleListVM struct {
	R      *i18n.RulesUI
	Count  string // "113 rules"
	Groups []RuleGroupVM
}

// RuleGroupVM is the rules of one prefix.
type RuleGroupVM struct {
	ID, Heading string
	Rules       []RuleItemVM
}

// RuleItemVM is one rule in the list.
type RuleItemVM struct {
	Code     string
	URL      string
	Title    template.HTML
	Severity string // error, warning, info
}

// RuleVM is the page of one rule.
type RuleVM struct {
	R             *i18n.RulesUI
	Code          string
	Title         template.HTML
	Severity      string
	SeverityLabel string
	Why           template.HTML
	HasExamples   bool
	Wrong, Right  RuleExampleVM
	Says          template.HTML // the checker's message on the wrong example
	// HeldFor is the exercise the learner came from when the right example
	// (and the checker's words, where they spell it) would give away its
	// answer: they wait for the hint that covers it.
	HeldFor    *NavLink
	Lesson     *NavLink
	Practice   []NavLink
	ListURL    string
	ConsoleURL string
}

// RuleExampleVM is an example: its request, when it is a response, and its
// messages in order.
type RuleExampleVM struct {
	Request      template.HTML
	Conversation bool
	Messages     []RuleMessageVM
}

// RuleMessageVM is one message of an example, highlighted.
type RuleMessageVM struct {
	From string // "client → server", "" when either may send it
	HTML template.HTML
}
