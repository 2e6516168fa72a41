package web

import (
	"errors"
	"net/http"
	"strconv"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/console"
	"github.com/mcpplayground/playground/internal/exchange"
	"github.com/mcpplayground/playground/internal/exercise"
	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/internal/store"
	"github.com/mcpplayground/playground/web/pagevm"
	"github.com/mcpplayground/playground/web/view"
)

// consoleEventOut is one event as the API and the event stream give it:
// the exchange's event, its timeline item, and the earlier items it
// changes.
type consoleEventOut struct {
	exchange.Event
	HTML string `json:"html"`
	// Updates are earlier items this event changes, laid out again: the
	// request a response answers, the request a cancellation names.
	Updates  []consoleItemUpdate `json:"updates,omitempty"`
	Protocol string              `json:"protocol"`
}

// consoleItemUpdate is a timeline item to replace.
type consoleItemUpdate struct {
	Seq  int    `json:"seq"`
	HTML string `json:"html"`
}

// eventsOut lays out events of e's session for the page's script, in the
// page's language (the reports too). Each event's partner is found by its
// number, so a message costs the same however long the timeline.
func (s *Server) eventsOut(c *gin.Context, l i18n.Lang, e *console.Session, events []exchange.Event) ([]consoleEventOut, error) {
	out := make([]consoleEventOut, 0, len(events))
	if len(events) == 0 {
		return out, nil
	}
	x := e.Exchange()
	ctx := pagevm.ConsoleItems(l, e, c.Query("exercise"))
	w := pagevm.ExchangeWords(i18n.ConsoleFor(l))
	protocol := e.Protocol()
	for _, ev := range events {
		// The event as it is now: a response may have come since.
		if now, ok := x.Event(ev.Seq); ok {
			ev = now
		}
		ev = ev.In(l)
		html, err := renderString(c.Request.Context(), view.ExchangeItem(w, pagevm.ExchangeItem(ctx, ev)))
		if err != nil {
			return nil, err
		}
		o := consoleEventOut{Event: ev, HTML: html, Protocol: protocol}
		seen := map[int]bool{0: true, ev.Seq: true}
		for _, seq := range append([]int{ev.Answers, ev.Cancels}, pagevm.Related(ev)...) {
			req, ok := x.Event(seq)
			if seen[seq] || !ok {
				continue
			}
			seen[seq] = true
			html, err := renderString(c.Request.Context(), view.ExchangeItem(w, pagevm.ExchangeItem(ctx, req)))
			if err != nil {
				return nil, err
			}
			o.Updates = append(o.Updates, consoleItemUpdate{Seq: seq, HTML: html})
		}
		out = append(out, o)
	}
	return out, nil
}

// consolePage is what a console page shows beyond the session itself.
type consolePage struct {
	draft    *string                 // the editor's text, when set by the request
	report   *view.ConsoleReportVM   // after "Check" without JavaScript
	formErr  string                  // a problem with what was sent
	exResult *consoleExerciseOutcome // after "Check my exchange" without JavaScript
}

// consoleExerciseOutcome is the verdict on the session for a live exercise.
type consoleExerciseOutcome struct {
	res    exercise.Result
	answer string
	kept   int // messages checked, when the session was too long to check whole (else 0)
}

// consoleExercise reads ?exercise=: nil when absent; an error page when
// it names no exercise.
func (s *Server) consoleExercise(c *gin.Context, l i18n.Lang) (*exercise.Exercise, error) {
	id := c.Query("exercise")
	if id == "" {
		return nil, nil
	}
	ex, ok := s.content.Catalog().Exercise(id)
	if !ok {
		return nil, &httpError{status: http.StatusNotFound, msg: i18n.ExerciseFor(l).ErrUnknownExercise}
	}
	return ex, nil
}

// renderConsole writes the console page for the learner in the cookie.
func (s *Server) renderConsole(c *gin.Context, status int, pg consolePage) error {
	l := langOf(c)
	x := i18n.ConsoleFor(l)
	ex, err := s.consoleExercise(c, l)
	if err != nil {
		return err
	}
	if ex != nil && ex.Kind.Form() != exercise.FormConsole {
		pg.formErr, ex = x.ExerciseNotLive, nil
	}
	exID := ""
	if ex != nil {
		exID = ex.ID
	}
	learner, hasLearner, err := s.currentLearner(c)
	if err != nil {
		return err
	}
	var entry *console.Session
	if hasLearner {
		entry, _ = s.consoles.Peek(learner.ID)
	}
	js := pagevm.ConsoleScripts{Console: s.assets.URL("js/console.js"), Editor: s.assets.URL("js/exercise.js")}
	vm := pagevm.Console(l, pagevm.NewConsoleURLs(l, exID), js, pg.report, pg.formErr)
	vm.CheckProtocol = console.InitializeRevision(exerciseRevision(ex))
	vm.Exchange = view.ExchangeVM{W: pagevm.ExchangeWords(x)}
	if entry != nil {
		pagevm.ConsoleSession(s.log, l, &vm, entry, exID)
	}
	reply, _ := strconv.Atoi(c.Query("reply"))
	ask := pagevm.DraftAsk{Template: c.Query("template"), Reply: reply, Message: c.Query("message")}
	if noReply := pagevm.ConsoleDraft(&vm, pg.draft, ask, entry, exerciseRevision(ex)); noReply && vm.Error == "" {
		vm.Error = x.ErrNoReply
	}
	if s.consoleRestarted(c, entry) {
		vm.Restarted = x.Restarted
	}
	vm.Templates = pagevm.ConsoleTemplates(x, c.Query("template"))
	if ex != nil {
		exVM, err := s.consoleExerciseVM(c, l, ex, learner, hasLearner, pg.exResult)
		if err != nil {
			return err
		}
		exVM.Ex.HintURL = vm.HintURL
		vm.Exercise = exVM
	}
	f := s.frame(c, l, x.Title, "console")
	f.BodyClass = "console"
	c.Header("Cache-Control", "no-store")
	s.render(c, status, view.Console(f, vm))
	return nil
}

// consoleExerciseVM is a live exercise above the console, with the verdict
// on the learner's last check of a session (graded again, so it follows
// the page's language).
func (s *Server) consoleExerciseVM(c *gin.Context, l i18n.Lang, ex *exercise.Exercise, learner store.Learner, hasLearner bool, out *consoleExerciseOutcome) (*view.ConsoleExerciseVM, error) {
	cat := s.content.Catalog()
	var p store.ExerciseProgress
	if hasLearner {
		var err error
		p, err = s.store.ExerciseProgressFor(c.Request.Context(), learner.ID, ex.ID)
		if err != nil && !errors.Is(err, store.ErrNotFound) {
			return nil, err
		}
		if out == nil {
			a, err := s.store.LastAttempt(c.Request.Context(), learner.ID, ex.ID)
			switch {
			case err == nil:
				out = &consoleExerciseOutcome{res: ex.Grade(a.Answer, l), answer: a.Answer}
			case !errors.Is(err, store.ErrNotFound):
				return nil, err
			}
		}
	}
	st := pagevm.ExerciseState{Progress: p}
	if out != nil {
		st.Answer, st.Result = out.answer, &out.res
	}
	kept := 0
	if out != nil {
		kept = out.kept
	}
	return pagevm.ConsoleExercise(l, s.exerciseVM(l, cat, ex, st), kept), nil
}
