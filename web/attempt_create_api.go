package web

import (
	"bytes"
	"encoding/json"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/exercise"
	"github.com/mcpplayground/playground/internal/grader"
	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/web/pagevm"
	"github.com/mcpplayground/playground/web/view"
)

// attemptResponse is the answer of POST /api/exercises/{id}/attempts:
// DESIGN.md's {"passed", "report", "checks"}, plus what the page's script
// needs to update itself without a reload.
type attemptResponse struct {
	Passed  bool                   `json:"passed"`
	Report  grader.Report          `json:"report"`
	Checks  []exercise.CheckResult `json:"checks"`
	Problem string                 `json:"problem,omitempty"`

	AttemptID    int64  `json:"attempt_id"`
	Status       string `json:"status"`
	StatusLabel  string `json:"status_label"`
	Attempts     int    `json:"attempts"`
	FeedbackHTML string `json:"feedback_html"`
	SolutionHTML string `json:"solution_html"`
}

// attemptCreateAPI grades an answer sent as JSON, {"answer": "…"}, and
// stores it as the progress of the learner in the cookie (created on the
// first answer). A 200 means the attempt is durable.
func (s *Server) attemptCreateAPI(c *gin.Context) error {
	l := apiLang(c)
	x := i18n.ExerciseFor(l)
	ex, cat, err := s.exerciseParam(c, x)
	if err != nil {
		return err
	}
	var req struct {
		Answer json.RawMessage `json:"answer"`
	}
	if err := readJSON(c, x, &req, x.ErrBadBody); err != nil {
		return err
	}
	answer, ok := decodeAnswer(req.Answer)
	if !ok {
		return badRequest(x.ErrBadBody)
	}
	answer, he := cleanAnswer(x, ex.Kind.Answer(), answer)
	if he != nil {
		return he
	}
	sub, err := s.submitAnswer(c, ex, l, answer)
	if err != nil {
		return err
	}
	res, p := sub.result, sub.progress
	card, err := s.reviewCard(c.Request.Context(), sub.attempt.LearnerID, ex.ID)
	if err != nil {
		return err
	}
	vm := s.exerciseVM(l, cat, ex, pagevm.ExerciseState{Progress: p, Answer: answer, Result: &res, Review: c.Query("review") != "", Card: card})
	fbHTML, err := renderString(c.Request.Context(), view.ExerciseFeedback(x, vm.Feedback))
	if err != nil {
		return err
	}
	solHTML, err := renderString(c.Request.Context(), view.ExerciseSolution(vm))
	if err != nil {
		return err
	}
	res = ex.Withhold(res, p.HintsRevealed, p.FailedAttempts, l)
	c.JSON(http.StatusOK, attemptResponse{
		Passed: res.Passed, Report: res.Report, Checks: res.Checks, Problem: res.Problem,
		AttemptID: sub.attempt.ID, Status: vm.Status.Key, StatusLabel: vm.Status.Label, Attempts: p.Attempts,
		FeedbackHTML: fbHTML, SolutionHTML: solHTML,
	})
	return nil
}

// decodeAnswer reads the value of {"answer": …}. The answer is a string
// (the message as typed); a JSON object or array is taken as its own text,
// so a script can send {"answer": {"answers": [...]}} without encoding it
// twice.
func decodeAnswer(answer json.RawMessage) (string, bool) {
	raw := bytes.TrimSpace(answer)
	if len(raw) == 0 {
		return "", false
	}
	switch raw[0] {
	case '"':
		var s string
		if err := json.Unmarshal(raw, &s); err != nil {
			return "", false
		}
		return s, true
	case '{', '[':
		return string(raw), true
	}
	return "", false
}
