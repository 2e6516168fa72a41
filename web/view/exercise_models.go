package view

import (
	"html/template"

	"github.com/mcpplayground/playground/internal/i18n"
)

// StatusBadge is a learner's status on an exercise: Key is "new",
// "started", "failed" or "passed" (a CSS class and a data attribute for
// tests); Label is what the learner reads.
type StatusBadge struct {
	Key, Label string
}

// ExerciseItem is one exercise in the list.
type ExerciseItem struct {
	ID        string
	URL       string
	Title     string
	KindLabel string
	Status    StatusBadge
}

// ExerciseGroup is a lesson and its exercises.
type ExerciseGroup struct {
	Slug      string // the lesson's, also the group's anchor: /en/exercises#tools
	Heading   string // "Lesson 2 · Requests"
	LessonURL string
	Read      bool
	Exercises []ExerciseItem
}

// ExerciseListVM is the page listing every exercise.
type ExerciseListVM struct {
	X      *i18n.ExerciseUI
	Groups []ExerciseGroup
}

// ExerciseVM is one exercise page. Every field is ready to print: the
// handler decided what the learner may see (hints opened, solution
// unlocked).
type ExerciseVM struct {
	X         *i18n.ExerciseUI
	ID        string
	Kind      string // the kind's name, for tests and styles: nothing switches on it
	KindLabel string
	// AnswerFields and AnswerChoice are the kind's answer shape
	// (exercise.AnswerShape), written into the form for the script.
	AnswerFields string
	AnswerChoice string
	Title        string
	Protocol     string
	Statement    template.HTML
	Lesson       NavLink
	Status       StatusBadge
	Attempts     int

	// Where the forms and the script send things.
	ActionURL  string // POST the answer as a form
	HintURL    string // POST to open the next hint
	ResetURL   string // the page with the starter in the editor
	APIURL     string // POST the answer as JSON (the script)
	HintAPIURL string
	ScriptURL  string

	// Editor is set for the kinds where the learner types a message.
	Editor  bool
	Answer  string // what the editor shows
	Starter string // what "reset" puts back
	// Request is the request a reply exercise answers; RequestHTML is the
	// same, highlighted.
	Request     string
	RequestHTML template.HTML
	// Items are the items of a choices answer (messages to classify or
	// judge, responses to pair); Given is shown before them (nil: nothing).
	Items []ChoiceItem
	Given *GivenVM
	// Elsewhere is where the exercise is played when it is not answered on
	// this page (the console for a live exercise, the check-server page for
	// a server exercise), with ElsewhereIntro saying why; nil otherwise.
	Elsewhere      *NavLink
	ElsewhereIntro string

	// Error is a problem with what was sent (no choice made…).
	Error    string
	Feedback *FeedbackVM

	Hints      []template.HTML // the hints opened so far
	HintsTotal int
	// Review is set when the page is opened from the review: the editor
	// starts from the starter, the hints are folded, the solution hidden.
	Review *ExerciseReviewVM

	Solution     string        // "" while locked
	SolutionHTML template.HTML // Solution, highlighted
	// SolutionList is the solution of a classify or match exercise, one
	// line per item.
	SolutionList []template.HTML
	SolutionMsg  string // why it is locked, when it is

	Next *NavLink
}

// NextHint is the number of the hint the "show" button opens, or 0 when
// every hint is open.
func (vm ExerciseVM) NextHint() int {
	if len(vm.Hints) < vm.HintsTotal {
		return len(vm.Hints) + 1
	}
	return 0
}

// GivenVM is what a choices exercise shows before its items: numbered
// messages under a heading (a match's requests).
type GivenVM struct {
	Title    string
	Messages []NumberedMessage
}

// NumberedMessage is a message shown with its number.
type NumberedMessage struct {
	N     int
	Label string // "Request 1"
	Text  string
	HTML  template.HTML // Text, highlighted
}

// ChoiceItem is one message to classify or one response to match, with
// the options the learner picks from.
type ChoiceItem struct {
	N       int
	Label   string        // "Message 1 is…"
	Text    string        // the message, as JSON
	HTML    template.HTML // Text, highlighted
	Name    string        // form field name
	Options []Option
	Radio   bool // radio buttons rather than a select
	Failed  bool // the last answer for this item was wrong
}

// Option is one choice of a ChoiceItem.
type Option struct {
	Value   string
	Label   template.HTML
	Checked bool
}

// FeedbackVM is the verdict on the last answer.
type FeedbackVM struct {
	Passed bool
	// First is the problem to fix first; Rest are folded under it.
	First *ProblemVM
	Rest  []ProblemVM
	// Notes are non-blocking remarks (warnings) shown after a pass.
	Notes  []ProblemVM
	Checks []CheckVM
	// Next is the exercise to go on to, offered after a pass.
	Next *NavLink
	// ComesBack says, after a pass, when the exercise comes back for
	// review ("" when it is not in the learner's reviews).
	ComesBack string
}

// MoreCount is the number of folded problems.
func (f *FeedbackVM) MoreCount() int { return len(f.Rest) }

// ProblemVM is one thing to fix, located in the answer when possible.
type ProblemVM struct {
	Code       string
	Severity   string // error, warning, info
	Message    template.HTML
	Feedback   template.HTML // the instructor's help, when there is some
	Wanted     template.HTML // what a failed check wanted, when Message is the help
	Pointer    string
	Line       int
	Column     int
	Suggestion string // also in Message; kept for the script
	Excerpt    *Excerpt

	// RuleURL is the page of the rule behind Code ("" when Code is not a
	// rule of the checker); Lesson links the lesson the message names.
	RuleURL    string
	Lesson     *NavLink
	LessonSlug string // the lesson the checker names, before it is linked
	CheckID    string // the failed check this problem comes from, if any
}

// Excerpt is one line of the answer with a caret under a column, as a
// compiler prints it.
type Excerpt struct {
	LineNo int
	Text   string
	Caret  string // spaces (or tabs) then "^"
}

// CheckVM is one check's verdict.
type CheckVM struct {
	Passed   bool
	Message  template.HTML
	Feedback template.HTML
}

// ProgressVM is the learner's progress page.
type ProgressVM struct {
	X *i18n.ExerciseUI
	// A and Dues say what is due and when (assignments.templ).
	A           *i18n.AssignmentUI
	Dues        []DueItem
	HasLearner  bool
	DisplayName string
	ResumeCode  string
	Lessons     []LessonProgress
	Empty       bool   // nothing done yet
	Notice      string // a confirmation (name saved, resumed)
	ResumeError string
	ResumeURL   string
	NameURL     string
	JSONURL     string
	// Totals is the whole course's progress in words; Review links the
	// exercises due for review (nil when none).
	Totals string
	Review *NavLink
}

// LessonProgress is one lesson's bar on the progress page.
type LessonProgress struct {
	Order     int
	Title     string
	URL       string
	Read      bool
	Passed    int
	Total     int
	Exercises []ExerciseItem
}
