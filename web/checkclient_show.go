package web

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/clientcheck"
	"github.com/mcpplayground/playground/internal/exercise"
	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/web/pagevm"
	"github.com/mcpplayground/playground/web/view"
)

// checkClientShow is the page of a client exercise's check: the learner's
// personal URL, once they asked for one, and the steps of its latest run
// (checkclient.js replaces them as they end).
func (s *Server) checkClientShow(c *gin.Context) error {
	l := langOf(c)
	x := i18n.CheckClientFor(l)
	exs := clientExercisesOf(s.content.Catalog().Exercises())
	vm := view.CheckClientVM{X: x, ActionURL: "/" + string(l) + "/check-client"}
	for _, ex := range exs {
		vm.Exercises = append(vm.Exercises, view.NavLink{URL: "/" + string(l) + "/check-client?exercise=" + ex.ID, Title: ex.TextIn(l).Title})
	}
	ex := findExercise(exs, c.Query("exercise"))
	if ex != nil {
		vm.Exercise, vm.Title = ex.ID, ex.TextIn(l).Title
		vm.EventsURL = "/" + string(l) + "/check-client/events?exercise=" + ex.ID
		vm.Command = "playground check-client -exercise " + ex.ID + " -- node my-client.js"
		var cc *clientCheck
		if learner, ok, err := s.currentLearner(c); err != nil {
			return err
		} else if ok {
			cc = s.clientChecks.ofOwner(clientOwner(learner.ID, ex.ID))
		}
		var done []clientcheck.StepResult
		state := "waiting"
		if cc != nil {
			vm.URL = s.toolURL(c, "/mcp/check/"+cc.key)
			done, state, _ = cc.snapshot()
		}
		vm.Steps = pagevm.CheckClientSteps(x, clientcheck.PlanOf(ex, l), done, state)
	}
	s.render(c, http.StatusOK, view.CheckClient(s.frame(c, l, x.Title, "check-client"), vm))
	return nil
}

// checkClientIssue gives the learner a new personal URL for the exercise,
// and shows the page again.
func (s *Server) checkClientIssue(c *gin.Context) error {
	l := langOf(c)
	if err := parseForm(c, i18n.ExerciseFor(l)); err != nil {
		return err
	}
	ex := findExercise(clientExercisesOf(s.content.Catalog().Exercises()), c.PostForm("exercise"))
	if ex == nil {
		return &httpError{status: http.StatusNotFound, msg: i18n.CheckClientFor(l).NoExercise}
	}
	learner, err := s.requireLearner(c)
	if err != nil {
		return err
	}
	s.clientChecks.issue(clientOwner(learner.ID, ex.ID), clientcheck.PlanOf(ex, l), l, s.now())
	c.Redirect(http.StatusSeeOther, "/"+string(l)+"/check-client?exercise="+ex.ID)
	return nil
}

func clientExercisesOf(all []*exercise.Exercise) []*exercise.Exercise {
	var out []*exercise.Exercise
	for _, ex := range all {
		if ex.Kind.Form() == exercise.FormClient {
			out = append(out, ex)
		}
	}
	return out
}

func findExercise(exs []*exercise.Exercise, id string) *exercise.Exercise {
	for _, ex := range exs {
		if ex.ID == id {
			return ex
		}
	}
	return nil
}
