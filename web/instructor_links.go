package web

import (
	"fmt"
	"net/url"

	"github.com/mcpplayground/playground/internal/i18n"
)

// learnerAttemptsURL is the instructor's page of one learner's attempts.
func learnerAttemptsURL(id int64) string { return fmt.Sprintf("/instructor/learners/%d", id) }

// instructorExerciseURL is where an instructor's page links an exercise:
// its read-only view, not the learner's page (which, in a room with a join
// code, sends the instructor to the join form).
// The instructor's language is their own (instructorLang), as on every
// instructor page.
func instructorExerciseURL(_ i18n.Lang, id string) string {
	return "/instructor/exercises/" + url.PathEscape(id)
}
