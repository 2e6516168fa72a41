package view

import (
	"html/template"

	"github.com/mcpplayground/playground/internal/i18n"
)

// InstructorLoginVM is the instructor's sign-in page.
type InstructorLoginVM struct {
	T      *i18n.InstructorUI
	Action string // the form's URL, with ?next= kept
	Error  string
}

// DashboardVM is the instructor's dashboard page: the frame of controls
// around the part that refreshes live.
type DashboardVM struct {
	T        *i18n.InstructorUI
	Anon     bool
	JoinCode string
	// Notice reports the last reset.
	Notice string
	// LiveURL is fetched every few seconds for a fresh DashboardLiveVM.
	LiveURL string
	// NamesURL toggles between showing and hiding names.
	NamesURL, NamesLabel   string
	ExportCSV, ExportJSONL string
	// Gradebook links the gradebook page, labelled in the UI's language.
	GradebookURL, GradebookLabel string
	// LTIURL links the LMS platforms page (LTI 1.3).
	LTIURL, LTILabel string
	// U holds the roster's and the gradebook's texts; RosterURL the
	// roster page, where its form posts.
	U         *i18n.UniversityUI
	RosterURL string
	// Changed says which exercises changed after attempts were graded.
	Changed []string
	// Archives are the rooms earlier resets archived.
	Archives         []ArchiveRow
	ResetWorkshopURL string
	SignOutURL       string
	// A holds the assignments' texts; Assignments the dashboard's filter
	// (the matrix narrowed to one assignment's exercises).
	A              *i18n.AssignmentUI
	AssignmentsURL string
	Assignments    []FilterOption
	Live           DashboardLiveVM
}

// DashboardLiveVM is the part of the dashboard that refreshes.
type DashboardLiveVM struct {
	T         *i18n.InstructorUI
	Anon      bool
	UpdatedAt string // local clock time of the server, "15:04:05"
	Summary   string
	Columns   []DashColumn
	Rows      []DashRow
	Exercises []DashExercise
	Stuck     []DashStuck
	StuckHelp string
}

// DashColumn is one exercise in the matrix's header.
type DashColumn struct {
	Key   string // "3.2": lesson 3, second exercise
	Title string
	URL   string
}

// DashRow is one learner in the matrix.
type DashRow struct {
	ID         int64
	Name       string
	Passed     int
	Cells      []DashCell // one per column
	ResetURL   string     // empty in anonymous mode
	ResetLabel string
	// AttemptsURL opens the learner's attempts; empty in anonymous mode.
	AttemptsURL   string
	AttemptsLabel string
	// Idle says the learner has sent nothing since they joined, a while
	// ago ("" otherwise).
	Idle string
}

// DashCell is one learner on one exercise; the zero value is a cell the
// learner has not touched. Its fields are ready to print, because a room's
// matrix has thousands of cells and is rendered every few seconds.
type DashCell struct {
	Class    string // "cell cell-passed", …; empty when not started
	Symbol   string // ✓, ✗ or ○
	Attempts string // "" when none
	Hints    string // "+1", "" when none
	// Label says the whole cell in words, for screen readers.
	Label string
}

// DashExercise sums up one exercise.
type DashExercise struct {
	Key, Title, URL string
	Tried, Passed   int
	PassRate        string // "67 %" or "—"
	Median          string
	Hints           int
	Problems        []DashProblem
}

// DashProblem is one frequent problem: a diagnostic code (with its title
// when the checker knows it) or the id of a failed check.
type DashProblem struct {
	Code    string
	RuleURL string        // the rule's page; "" for a check that is no rule of the checker
	Title   template.HTML // with its `code` spans rendered
	People  string        // "3 learners"
}

// DashStuck is one learner who may be stuck.
type DashStuck struct {
	Name string
	// LearnerURL opens the learner's attempts ("" in anonymous mode);
	// Mistake is their most frequent mistake on it, in words.
	LearnerURL    string
	Mistake       template.HTML
	ExerciseKey   string
	ExerciseTitle string
	URL           string
	Detail        string
}

// ConfirmVM asks the instructor to confirm a reset.
type ConfirmVM struct {
	T      *i18n.InstructorUI
	Title  string
	Body   string
	Action string
	Error  string
	Back   string
}

// ArchiveRow is one archived room with its links.
type ArchiveRow struct {
	Title, Summary                       string
	GradebookURL, ExportCSV, ExportJSONL string
	EraseURL                             string
}
