package web

import (
	"errors"
	"fmt"
	"net/http"
	"strings"
	"unicode/utf8"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/course"
	"github.com/mcpplayground/playground/internal/exercise"
	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/internal/store"
	"github.com/mcpplayground/playground/web/pagevm"
)

// maxAnswerBytes bounds one answer. An exercise's message fits in a few
// hundred bytes; the bound keeps a pasted log or a runaway script from
// filling the database, far below the 1 MiB body limit.
const maxAnswerBytes = 64 << 10

// apiLang is the language of an API answer: ?lang=, else the page language
// the request carries (cookie, Accept-Language).
func apiLang(c *gin.Context) i18n.Lang {
	if l, ok := i18n.Parse(c.Query("lang")); ok {
		return l
	}
	return langOf(c)
}

// exerciseParam finds the exercise named in the URL.
func (s *Server) exerciseParam(c *gin.Context, x *i18n.ExerciseUI) (*exercise.Exercise, *course.Catalog, error) {
	cat := s.content.Catalog()
	ex, ok := cat.Exercise(c.Param("id"))
	if !ok {
		return nil, nil, &httpError{status: http.StatusNotFound, msg: x.ErrUnknownExercise}
	}
	return ex, cat, nil
}

// tooLarge is the 413 a learner reads when the answer is too long.
func tooLarge(x *i18n.ExerciseUI) *httpError {
	return &httpError{status: http.StatusRequestEntityTooLarge, msg: fmt.Sprintf(x.ErrTooLarge, maxAnswerBytes>>10)}
}

// cleanAnswer normalises line ends (a form sends CRLF, the script LF, and
// the checker's line numbers must match what the learner sees) and refuses
// what is not text, too long, or blank.
func cleanAnswer(x *i18n.ExerciseUI, shape exercise.AnswerShape, answer string) (string, *httpError) {
	if len(answer) > maxAnswerBytes {
		return "", tooLarge(x)
	}
	if !utf8.ValidString(answer) {
		return "", &httpError{status: http.StatusBadRequest, msg: x.ErrNotText}
	}
	// An empty editor is not an attempt: it is not stored, and counts
	// neither towards solution_after nor towards the "may be stuck" list.
	// A page without an editor is not blamed for one.
	if strings.TrimSpace(answer) == "" {
		msg := x.ErrEmpty
		if shape.Fields != exercise.AnswerText {
			msg = x.ErrNoChoice
		}
		return "", &httpError{status: http.StatusUnprocessableEntity, msg: msg}
	}
	return strings.ReplaceAll(answer, "\r\n", "\n"), nil
}

// submission is a graded answer, stored.
type submission struct {
	result   exercise.Result
	attempt  store.Attempt
	progress store.ExerciseProgress // after this attempt
}

// submitAnswer grades an answer and stores the attempt as the learner's
// progress, in one transaction. When it returns without error, the attempt
// is durable.
func (s *Server) submitAnswer(c *gin.Context, ex *exercise.Exercise, l i18n.Lang, answer string) (submission, error) {
	learner, err := s.requireLearner(c)
	if err != nil {
		return submission{}, err
	}
	sub := submission{result: ex.Grade(answer, l)}
	sub.attempt, sub.progress, err = s.store.RecordAttempt(c.Request.Context(), store.NewAttempt{
		LearnerID: learner.ID, ExerciseID: ex.ID, Answer: answer, Passed: sub.result.Passed, FirstProblem: pagevm.FirstProblem(sub.result),
		Version: ex.Version(),
	})
	if err == nil {
		err = s.scheduleReview(c.Request.Context(), learner.ID, sub.attempt.ID, ex.ID, sub.result, sub.progress)
	}
	if err == nil && sub.result.Passed {
		s.gradeBack(c.Request.Context(), learner.ID)
	}
	return sub, err
}

// learnerRecord is the cookie's learner, when there is one (found), and
// what they did: on one exercise, or in the whole course. Without a
// learner, the learner is zero and the progress empty.
type learnerRecord[P any] struct {
	learner  store.Learner
	found    bool
	progress P
}

// exerciseProgress is the current learner's record on ex (zero when none).
func (s *Server) exerciseProgress(c *gin.Context, ex *exercise.Exercise) (learnerRecord[store.ExerciseProgress], error) {
	learner, ok, err := s.currentLearner(c)
	rec := learnerRecord[store.ExerciseProgress]{learner: learner, found: ok}
	if err != nil || !ok {
		return rec, err
	}
	rec.progress, err = s.store.ExerciseProgressFor(c.Request.Context(), learner.ID, ex.ID)
	if errors.Is(err, store.ErrNotFound) {
		return learnerRecord[store.ExerciseProgress]{learner: learner, found: true}, nil
	}
	return rec, err
}

// parseForm reads a posted form; a body over the limit is a 413 with a
// message, anything else unreadable a 400, instead of the empty values
// that gin's PostForm would silently give.
func parseForm(c *gin.Context, x *i18n.ExerciseUI) error {
	err := c.Request.ParseForm()
	switch {
	case err == nil:
		return nil
	case isBodyTooLarge(err):
		return tooLarge(x)
	}
	return badRequest("the form could not be read")
}
