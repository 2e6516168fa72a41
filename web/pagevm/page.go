// Package pagevm builds the view models of web/view from domain values: an
// exercise and a learner's progress, a grader's report, an exchange's
// events, an explained log, a check's steps, the instructor's snapshot of
// the room. Every builder is a pure function of its inputs (no Gin, no
// store, no HTTP): a handler in web reads the request, asks the domain,
// calls a builder and renders its result. What a builder needs of the
// running server (the checker's code titles, a script's fingerprinted
// address, the clock) is passed in.
//
// web/view stays the templ components and their models, with no domain
// package in its imports; this package is the one step between the two.
package pagevm

import (
	"fmt"
	"net/url"

	"github.com/mcpplayground/playground/internal/grader"
	"github.com/mcpplayground/playground/internal/i18n"
)

// Codes are the checker's diagnostic codes with their titles in each
// language (code → language → title): the rule every code links to.
type Codes map[string]map[i18n.Lang]string

// CodesOf indexes the checker's codes by name.
func CodesOf(infos []grader.CodeInfo) Codes {
	c := make(Codes, len(infos))
	for _, ci := range infos {
		c[ci.Code] = ci.Title
	}
	return c
}

// RuleURL is the page of code when it is a rule of the checker, else "".
func (c Codes) RuleURL(l i18n.Lang, code string) string {
	if _, ok := c[code]; !ok || code == "" {
		return ""
	}
	return RulesURL(l, code)
}

// RulesURL is the page of one diagnostic code, or of all of them.
func RulesURL(l i18n.Lang, code string) string {
	if code == "" {
		return fmt.Sprintf("/%s/rules", l)
	}
	return fmt.Sprintf("/%s/rules/%s", l, code)
}

// ExerciseURL is a learner's page of an exercise.
func ExerciseURL(l i18n.Lang, id string) string { return fmt.Sprintf("/%s/exercises/%s", l, id) }

// LessonURL is a lesson's page.
func LessonURL(l i18n.Lang, slug string) string { return fmt.Sprintf("/%s/lessons/%s", l, slug) }

// FinishURL is the course's last page.
func FinishURL(l i18n.Lang) string { return fmt.Sprintf("/%s/finish", l) }

// LearnerAttemptsURL is the instructor's page of one learner's attempts.
func LearnerAttemptsURL(id int64) string { return fmt.Sprintf("/instructor/learners/%d", id) }

// instructorExerciseURL is where an instructor's page links an exercise:
// its read-only view, not the learner's page (which, in a room with a join
// code, sends the instructor to the join form). The instructor's language
// is their own, as on every instructor page.
func instructorExerciseURL(_ i18n.Lang, id string) string {
	return "/instructor/exercises/" + url.PathEscape(id)
}
