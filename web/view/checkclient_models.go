package view

import "github.com/mcpplayground/playground/internal/i18n"

// CheckClientVM is the page of a client exercise's check.
type CheckClientVM struct {
	X         *i18n.CheckClientUI
	ActionURL string
	// Exercises link each client exercise's check.
	Exercises []NavLink
	// Exercise is the one shown ("" when none was chosen), Title its title.
	Exercise, Title string
	// URL is the learner's personal URL ("" until they asked for one).
	URL       string
	EventsURL string
	Command   string
	Steps     CheckClientStepsVM
}

// CheckClientStepsVM is a run's steps so far.
type CheckClientStepsVM struct {
	X     *i18n.CheckClientUI
	State string // waiting, running, passed, failed
	Steps []CheckClientStepVM
}

// CheckClientStepVM is one step, with its verdict once it has ended.
type CheckClientStepVM struct {
	Name, Title, Rule   string
	Status, StatusLabel string // passed, failed, skipped, pending
	Reason              string
	Problems            []string
	Look                string
	// Sent are the client's messages of a failed step.
	Sent []string
}
