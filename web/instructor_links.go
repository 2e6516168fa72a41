package web

import (
	"fmt"

	"github.com/mcpplayground/playground/internal/i18n"
)

// learnerAttemptsURL is the instructor's page of one learner's attempts.
func learnerAttemptsURL(id int64) string { return fmt.Sprintf("/instructor/learners/%d", id) }

// instructorExerciseURL is where an instructor's page links an exercise.
func instructorExerciseURL(l i18n.Lang, id string) string { return exerciseURL(l, id) }
