package web

import (
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strconv"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/exercise"
	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/internal/store"
	"github.com/mcpplayground/playground/mockserver"
	"github.com/mcpplayground/playground/web/view"
)

// consoleShow is the console page. Opening it creates nothing: the learner
// and the session start with the first message sent.
func (s *Server) consoleShow(c *gin.Context) error {
	return s.renderConsole(c, http.StatusOK, consolePage{})
}

// maxPrefillBytes bounds the message a link may put in the editor
// (?message=): a lesson's example, never a whole session.
const maxPrefillBytes = 8 << 10

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

// consoleURLs are the page's addresses, keeping ?exercise= where there is one.
type consoleURLs struct {
	page, query string // query is "" or "?exercise=ID"
}

func newConsoleURLs(l i18n.Lang, exID string) consoleURLs {
	u := consoleURLs{page: fmt.Sprintf("/%s/console", l)}
	if exID != "" {
		u.query = "?exercise=" + url.QueryEscape(exID)
	}
	return u
}

func (u consoleURLs) with(path string) string { return u.page + path + u.query }

// param adds a query parameter to the page's address.
func (u consoleURLs) param(k, v string) string {
	if u.query == "" {
		return u.page + "?" + k + "=" + url.QueryEscape(v)
	}
	return u.page + u.query + "&" + k + "=" + url.QueryEscape(v)
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
	if ex != nil && ex.Kind != exercise.KindLive {
		pg.formErr, ex = x.ExerciseNotLive, nil
	}
	exID := ""
	if ex != nil {
		exID = ex.ID
	}
	urls := newConsoleURLs(l, exID)

	var events, pending []mockserver.Event
	var entry *consoleEntry
	protocol := ""
	learner, hasLearner, err := s.currentLearner(c)
	if err != nil {
		return err
	}
	if hasLearner {
		if e, ok := s.consoles.peek(learner.ID); ok {
			entry = e
			events, pending, protocol = e.c.Events(0), e.c.Pending(), e.c.Protocol()
		}
	}
	fallback := initializeRevision(ex)
	checkProtocol := protocol
	if checkProtocol == "" {
		checkProtocol = fallback
	}

	vm := view.ConsoleVM{
		X: x, Protocol: protocol, CheckProtocol: checkProtocol,
		Report: pg.report, Error: pg.formErr,
		PageURL: urls.with(""), SendURL: urls.with(""), ResetURL: urls.with("/reset"),
		HintURL: urls.with("/hints"), CheckURL: urls.with("/check"),
		MessagesAPI: "/api/console/messages?lang=" + string(l),
		ResetAPI:    "/api/console/reset",
		EventsAPI:   "/api/console/events?lang=" + string(l),
		DiagramAPI:  "/api/console/diagram?lang=" + string(l),
		TemplateAPI: "/api/console/templates/",
		ValidateAPI: "/api/validate?lang=" + string(l),
		ExportURL:   "/api/console/export.jsonl",
		ExchangeAPI: "/api/console/exchange",
		AtLineCol:   i18n.ExerciseFor(l).AtLineCol,
		ScriptURL:   s.assets.URL("js/console.js"),
		EditorJS:    s.assets.URL("js/exercise.js"),
	}

	// The editor: what was sent back to the page, a message a lesson's "try
	// it in the console" link gives (?message=, bounded), a template or a
	// response asked for in the address, the last message sent, or, before
	// the handshake, its first message.
	st := sessionState(events, protocol, fallback)
	key := c.Query("template")
	replySeq, _ := strconv.Atoi(c.Query("reply"))
	prefill := c.Query("message")
	switch {
	case pg.draft != nil:
		vm.Draft = *pg.draft
	case prefill != "" && len(prefill) <= maxPrefillBytes:
		vm.Draft = prefill
	case key != "" || replySeq > 0:
		text, ok := templateText(key, events, pending, st, replySeq)
		if !ok && vm.Error == "" {
			vm.Error = x.ErrNoReply
		}
		vm.Draft = text
	case entry != nil && entry.getDraft() != "":
		vm.Draft = entry.getDraft()
	case protocol == "":
		vm.Draft, _ = templateText("initialize", events, pending, st, 0)
	}
	vm.Templates = templateOptions(x, key)

	tl := newTimeline(events, pending)
	entryLang := string(l)
	if entry != nil {
		entryLang = entry.lang
	}
	for _, e := range events {
		vm.Events = append(vm.Events, consoleEventVM(l, entryLang, e, tl, func(seq int) string {
			return urls.param("reply", strconv.Itoa(seq)) + "#answer"
		}))
		vm.LastSeq = e.Seq
	}
	vm.Diagram = s.diagramOf(l, events)

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
	st := exerciseState{progress: p}
	if out != nil {
		st.answer, st.result = out.answer, &out.res
	}
	exVM := s.exerciseVM(l, cat, ex, st)
	vm := &view.ConsoleExerciseVM{Ex: exVM, APIURL: exVM.APIURL, Feedback: exVM.Feedback}
	if vm.Feedback != nil {
		stripPositions(vm.Feedback)
	}
	if out != nil && out.kept > 0 {
		vm.Notice = fmt.Sprintf(i18n.ConsoleFor(l).ExerciseTrimmed, out.kept)
	}
	return vm, nil
}

// stripPositions removes the line and column of a live exercise's problems:
// they point into the exchange sent for checking, which the learner never
// sees, not into the editor.
func stripPositions(fb *view.FeedbackVM) {
	strip := func(p *view.ProblemVM) { p.Line, p.Column, p.Excerpt = 0, 0, nil }
	if fb.First != nil {
		strip(fb.First)
	}
	for i := range fb.Rest {
		strip(&fb.Rest[i])
	}
	for i := range fb.Notes {
		strip(&fb.Notes[i])
	}
}
