package web

import (
	"fmt"
	"io"
	"net/http"
	"strings"
	"unicode/utf8"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/console"
	"github.com/mcpplayground/playground/internal/exchange"
	"github.com/mcpplayground/playground/internal/exercise"
	"github.com/mcpplayground/playground/internal/grader"
	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/web/pagevm"
	"github.com/mcpplayground/playground/web/view"
)

// What the console's handlers share: the learner's session in the
// registry, the bounds on a typed message, and the cookie that tells a
// session that restarted from one never started.

// maxConsoleBytes bounds one message typed in the console. A message of the
// course fits in a few hundred bytes; the bound keeps a pasted log out of a
// session that lives in memory.
const maxConsoleBytes = 64 << 10

// consoleCookie names the console session the browser last used, so that
// a page whose session is gone (idle, or another instance after a
// restart) can say so.
const consoleCookie = "console"

// errConsoleClosed is the answer while the server shuts down.
var errConsoleClosed = &httpError{status: http.StatusServiceUnavailable, msg: "the server is shutting down"}

// consoleTooLarge is the 413 a learner reads when a console message is too
// long.
func consoleTooLarge(x *i18n.ConsoleUI) *httpError {
	return &httpError{status: http.StatusRequestEntityTooLarge, msg: fmt.Sprintf(x.ErrTooLarge, maxConsoleBytes>>10)}
}

// consoleBody reads the raw message an API call carries as its body, and
// cleans it as cleanConsoleMessage does.
func consoleBody(c *gin.Context, x *i18n.ConsoleUI) (string, error) {
	body, err := io.ReadAll(c.Request.Body)
	if isBodyTooLarge(err) {
		return "", consoleTooLarge(x)
	}
	if err != nil {
		return "", badRequest(x.ErrNotText)
	}
	raw, he := cleanConsoleMessage(x, string(body))
	if he != nil {
		return "", he
	}
	return raw, nil
}

// cleanConsoleMessage refuses what cannot be a message and normalises line
// ends, as the exercise editor does, so the report's lines match.
func cleanConsoleMessage(x *i18n.ConsoleUI, raw string) (string, *httpError) {
	if len(raw) > maxConsoleBytes {
		return "", consoleTooLarge(x)
	}
	if !utf8.ValidString(raw) {
		return "", &httpError{status: http.StatusBadRequest, msg: x.ErrNotText}
	}
	if strings.TrimSpace(raw) == "" {
		return "", &httpError{status: http.StatusBadRequest, msg: x.ErrEmpty}
	}
	return strings.ReplaceAll(raw, "\r\n", "\n"), nil
}

// consoleSend gives one message to the learner's session (created, with
// the learner, on the first message) and returns what the server answered
// at once. The editor is offered the next message (offerNext).
func (s *Server) consoleSend(c *gin.Context, l i18n.Lang, raw string) (*console.Session, []exchange.Event, error) {
	e, err := s.startConsole(c, l)
	if err != nil {
		return nil, nil, err
	}
	events := e.Send(raw)
	s.offerNext(c, l, e, raw)
	return e, events, nil
}

// offerNext keeps, as the editor's next draft, the message that follows
// sent in the session as it is now, for the live exercise in ?exercise=
// (console.Session.OfferNext), and returns it.
func (s *Server) offerNext(c *gin.Context, l i18n.Lang, e *console.Session, sent string) string {
	ex, _ := s.consoleExercise(c, l)
	return e.OfferNext(sent, exerciseRevision(ex))
}

// startConsole returns the learner's session, creating the learner and the
// session when there are none yet.
func (s *Server) startConsole(c *gin.Context, l i18n.Lang) (*console.Session, error) {
	learner, err := s.requireLearner(c)
	if err != nil {
		return nil, err
	}
	e := s.consoles.Get(learner.ID, l)
	if e == nil {
		return nil, errConsoleClosed
	}
	if old, _ := c.Cookie(consoleCookie); old != e.ID {
		s.setConsoleCookie(c, e.ID, 0)
	}
	return e, nil
}

// setConsoleCookie names the session in use (maxAge 0: for the browser's
// session; -1: forget it).
func (s *Server) setConsoleCookie(c *gin.Context, id string, maxAge int) {
	http.SetCookie(c.Writer, &http.Cookie{
		Name: consoleCookie, Value: id, Path: "/", MaxAge: maxAge,
		HttpOnly: true, Secure: s.cfg.SecureCookies, SameSite: http.SameSiteLaxMode,
	})
}

// consoleRestarted tells whether the browser used a console session that
// this process does not hold (current is the learner's session, nil when
// none); the cookie is forgotten so the page says it once.
func (s *Server) consoleRestarted(c *gin.Context, current *console.Session) bool {
	old, err := c.Cookie(consoleCookie)
	if err != nil || old == "" || (current != nil && current.ID == old) {
		return false
	}
	s.setConsoleCookie(c, "", -1)
	return true
}

// learnerConsole is the session of the learner in the cookie, if any.
func (s *Server) learnerConsole(c *gin.Context) (*console.Session, bool, error) {
	learner, ok, err := s.currentLearner(c)
	if err != nil || !ok {
		return nil, false, err
	}
	e, ok := s.consoles.Peek(learner.ID)
	return e, ok, nil
}

// resetLearnerConsole resets the learner's session, if there is one.
func (s *Server) resetLearnerConsole(c *gin.Context) error {
	e, ok, err := s.learnerConsole(c)
	if err != nil || !ok {
		return err
	}
	e.Reset()
	return nil
}

// liveExerciseParam is the live exercise named by ?exercise=.
func (s *Server) liveExerciseParam(c *gin.Context, l i18n.Lang) (*exercise.Exercise, error) {
	ex, err := s.consoleExercise(c, l)
	if err != nil {
		return nil, err
	}
	if ex == nil || ex.Kind.Form() != exercise.FormConsole {
		return nil, badRequest(i18n.ConsoleFor(l).ExerciseNotLive)
	}
	return ex, nil
}

// exerciseRevision is the revision of a live exercise ("" when none).
func exerciseRevision(ex *exercise.Exercise) string {
	if ex == nil {
		return ""
	}
	return ex.Protocol
}

// checkDraft is the report on the message in the editor, as the page
// without JavaScript shows it after "Check".
func (s *Server) checkDraft(c *gin.Context, l i18n.Lang, raw string) *view.ConsoleReportVM {
	rep, _, _ := s.peekDraft(c, l, raw)
	return pagevm.ConsoleReport(l, rep)
}

// peekDraft is the checker's report on the message in the editor as the
// next message of the learner's session (console.Session.Peek): under the
// revision in force, and, for a response, against the server's request it
// answers, which it returns too. Before any session, it is read as the
// first message of one, under the live exercise's revision
// (console.PeekFirst). The report is in l, whichever language the session
// judged in.
func (s *Server) peekDraft(c *gin.Context, l i18n.Lang, raw string) (grader.Report, exchange.Event, bool) {
	if e, ok, _ := s.learnerConsole(c); ok {
		rep, req, answers := e.Peek(raw)
		return rep.In(l), req, answers
	}
	ex, _ := s.consoleExercise(c, l)
	return console.PeekFirst(raw, l, exerciseRevision(ex)), exchange.Event{}, false
}
