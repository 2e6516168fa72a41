package web

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/exercise"
	"github.com/mcpplayground/playground/internal/grader"
	"github.com/mcpplayground/playground/internal/guard"
	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/internal/netguard"
	"github.com/mcpplayground/playground/internal/servercheck"
	"github.com/mcpplayground/playground/internal/store"
	"github.com/mcpplayground/playground/web/pagevm"
)

// checkServerRun runs a server exercise against the URL of the form. The
// form post runs the whole check and the page comes back with the verdict;
// checkserver.js asks for text/event-stream and gets each step as it ends.
// A pass is recorded like any exercise's attempt.
func (s *Server) checkServerRun(c *gin.Context) error {
	l := langOf(c)
	x := i18n.CheckServerFor(l)
	if err := parseForm(c, i18n.ExerciseFor(l)); err != nil {
		return err
	}
	f := checkServerForm{url: strings.TrimSpace(c.PostForm("url")), exercise: c.PostForm("exercise"), protocol: c.PostForm("protocol")}
	ex, err := s.checkExercise(l, f.exercise)
	if err != nil {
		return err
	}
	if !grader.KnownRevision(f.protocol) {
		f.protocol = grader.DefaultRevision
	}
	learner, err := s.requireLearner(c)
	if err != nil {
		return err
	}
	pol := s.checkPolicyFor(c)
	u, err := pol.CheckURL(c.Request.Context(), f.url)
	if err != nil {
		return s.refuse(c, f, http.StatusUnprocessableEntity, refusalText(x, l, err))
	}
	free, err := s.checkRuns.Take(strconv.FormatInt(learner.ID, 10))
	if err != nil {
		return s.refuse(c, f, http.StatusConflict, x.Busy)
	}
	// The run's slot is free again before its verdict is written, so a
	// learner who checks again at once is not told a check is running
	// (free gives it back once, however often it is called).
	defer free()
	run := pagevm.NewCheckRun(l, ex, f.protocol)
	stream := wantsEventStream(c)
	var live *checkStream
	if stream {
		live = s.startStream(c)
	}
	began := s.now()
	res, err := s.runCheck(c.Request.Context(), run, u.String(), live, pol)
	if err == nil && pol.Remote() && !run.Heard() {
		err = errNothingMCP // another host's service, described to nobody
	}
	if !s.evenOut(c.Request.Context(), pol, began, err) {
		return nil // the learner left
	}
	free()
	if err != nil {
		msg := unreachableText(x, l, pol, f.url, err)
		if stream {
			live.fail(msg)
			return nil
		}
		return s.refuse(c, f, http.StatusBadGateway, msg)
	}
	if c.Request.Context().Err() != nil {
		return nil // the learner left: the verdict is nobody's, and not recorded
	}
	run.Finish(res)
	s.keepCheck(learner.ID, guard.AddrKey(c.ClientIP()), run)
	if err := s.recordCheck(c, learner, ex, f, res); err != nil {
		return err
	}
	run.Recorded = true
	vm := pagevm.CheckResult(s.log, run)
	if stream {
		live.send(c, "done", vm)
		return nil
	}
	s.renderCheckServer(c, http.StatusOK, f, "", &vm)
	return nil
}

// checkExercise is the server exercise asked for (the first one when none).
func (s *Server) checkExercise(l i18n.Lang, id string) (*exercise.Exercise, error) {
	exs := pagevm.ServerExercisesOf(s.content.Catalog().Exercises())
	for _, ex := range exs {
		if id == "" || ex.ID == id {
			return ex, nil
		}
	}
	if len(exs) == 0 {
		return nil, badRequest(i18n.CheckServerFor(l).NoExercise)
	}
	return nil, &httpError{status: http.StatusNotFound, msg: i18n.ExerciseFor(l).ErrUnknownExercise}
}

// runCheck runs the exercise against url with the guarded client, every
// step bounded in time, the whole run by the steps' count.
func (s *Server) runCheck(ctx context.Context, run *pagevm.CheckRun, url string, live *checkStream, pol *netguard.Policy) (*servercheck.Result, error) {
	step := s.checkStep()
	ctx, cancel := context.WithTimeout(ctx, time.Duration(len(run.Ex.Steps)+1)*step)
	defer cancel()
	t := servercheck.NewHTTPWith(url, servercheck.HTTPOptions{Client: pol.Client(), Quiet: pol.Remote()})
	defer t.Close()
	return servercheck.Run(ctx, run.Ex, t, servercheck.Options{
		Protocol: run.Protocol, Lang: run.Lang, Timeout: step, OnPage: true,
		OnStep: func(sr servercheck.StepResult) {
			run.Add(sr)
			// Another host's steps are shown once something MCP answered:
			// before that, what a step says would describe the port.
			if live != nil && (run.Heard() || !pol.Remote()) {
				live.step(s, run)
			}
		},
	})
}

// errNothingMCP is a check from another host that nothing MCP answered.
var errNothingMCP = errors.New("nothing MCP answered")

// maxCheckAnswerBytes bounds what an attempt of a server check stores.
const maxCheckAnswerBytes = 4 << 10

// checkAttempt is what the attempt of a server check stores as its
// answer: where, in which revision, and each step's verdict.
type checkAttempt struct {
	URL      string            `json:"url"`
	Protocol string            `json:"protocol"`
	Steps    map[string]string `json:"steps"`
}

// recordCheck stores the run as an attempt of the exercise, with the same
// store call as every exercise, so progress and the dashboard show it.
func (s *Server) recordCheck(c *gin.Context, learner store.Learner, ex *exercise.Exercise, f checkServerForm, res *servercheck.Result) error {
	a := checkAttempt{URL: f.url, Protocol: res.Protocol, Steps: map[string]string{}}
	first := ""
	for _, st := range res.Steps {
		a.Steps[st.Name] = string(st.Status)
		if st.Status == servercheck.StatusFailed && first == "" {
			first = "step." + st.Name
		}
	}
	b, err := json.Marshal(a)
	if err != nil {
		return fmt.Errorf("encode a server check: %w", err)
	}
	if len(b) > maxCheckAnswerBytes {
		b = b[:maxCheckAnswerBytes]
	}
	_, _, err = s.store.RecordAttempt(c.Request.Context(), store.NewAttempt{
		LearnerID: learner.ID, ExerciseID: ex.ID, Answer: string(b), Passed: res.Passed && res.Skipped == "", FirstProblem: first,
		Version: ex.Version(),
	})
	if err != nil {
		return fmt.Errorf("record a server check: %w", err)
	}
	if res.Passed && res.Skipped == "" {
		s.gradeBack(c.Request.Context(), learner.ID)
	}
	return nil
}

// refuse answers a check that did not start: the form again with why, or
// a JSON error for the page's script.
func (s *Server) refuse(c *gin.Context, f checkServerForm, status int, msg string) error {
	if wantsEventStream(c) {
		c.JSON(status, gin.H{"error": msg})
		return nil
	}
	s.renderCheckServer(c, status, f, msg, nil)
	return nil
}

// refusalText says in the learner's language why a URL is refused.
func refusalText(x *i18n.CheckServerUI, l i18n.Lang, err error) string {
	re, ok := netguard.AsRefused(err)
	if !ok {
		return fmt.Sprintf(x.Unreachable, servercheck.Describe(err, l))
	}
	switch re.Reason {
	case netguard.ReasonNever:
		return fmt.Sprintf(x.RefusedNever, re.Addr)
	case netguard.ReasonNotAllowed:
		return fmt.Sprintf(x.RefusedNotAllowed, re.Addr)
	case netguard.ReasonScheme:
		return x.RefusedScheme
	case netguard.ReasonResolve:
		return fmt.Sprintf(x.RefusedResolve, re.Addr)
	}
	return x.RefusedURL
}
