package console

import (
	"log/slog"
	"sync"
	"time"

	"github.com/mcpplayground/playground/internal/exchange"
	"github.com/mcpplayground/playground/internal/grader"
	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/mockserver"
)

// Options tune a session.
type Options struct {
	// Lang is the language of the gift server and of the checker's
	// reports ("" is the gift server's).
	Lang i18n.Lang
	// MaxEvents bounds the timeline kept in memory (the exchange's default
	// when zero); the oldest events are dropped first.
	MaxEvents int
	// Log receives what should never happen (the checker panicking).
	Log *slog.Logger
}

// Update is what a subscriber receives: a new event of the timeline, or,
// with Reset, word that the session started again and the timeline is
// empty.
type Update struct {
	Event exchange.Event
	Reset bool
}

// Session is a learner's live session with the gift server, one source of
// an exchange: every message in both directions goes into the session's
// exchange (judged, paired, kept in a bounded timeline) and to the
// subscribers, in one order. The gift server's console transport only
// hands raw messages; notifications and server requests arrive while
// nothing is being sent. It is safe for concurrent use.
type Session struct {
	// ID names this session among all the ones any instance ever started:
	// a page that knew another ID knows the session restarted.
	ID   string
	Lang i18n.Lang // the language its reports were written in

	lastUsed time.Time // guarded by Registry.mu
	streams  int       // open event streams (browser tabs listening); Registry.mu

	mock *mockserver.Server
	opts Options

	// mu orders recording: an event reaches the exchange and the
	// subscribers in the same order.
	mu     sync.Mutex
	tr     *mockserver.ConsoleTransport
	x      *exchange.Exchange
	gen    int // bumped by Reset: messages of an older session are ignored
	subs   map[chan Update]struct{}
	closed bool

	draftMu sync.Mutex
	draft   string // the last message sent, for the page without JavaScript
}

// Start opens a session with mock.
func Start(mock *mockserver.Server, opts Options) *Session {
	s := &Session{ID: newID(), Lang: opts.Lang, mock: mock, opts: opts, subs: make(map[chan Update]struct{})}
	s.mu.Lock()
	s.startLocked()
	s.mu.Unlock()
	return s
}

func (s *Session) startLocked() {
	s.gen++
	gen := s.gen
	s.tr = s.mock.NewConsoleTransport(s.opts.Lang, func(raw []byte) { s.record(gen, grader.SenderServer, raw) })
	s.x = exchange.New(exchange.Options{Lang: s.tr.Lang(), MaxEvents: s.opts.MaxEvents, Log: s.opts.Log})
}

// Send gives the server one message typed by the learner. It returns the
// events recorded while the server handled it: the learner's message, then
// what the server sent before its reply, then the reply. A request that
// waits (the slow tool, a tool that asks the learner something) answers
// later: its events arrive through Subscribe.
func (s *Session) Send(raw string) []exchange.Event {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return nil
	}
	tr, gen, x := s.tr, s.gen, s.x
	after := x.Len()
	s.mu.Unlock()

	b := []byte(raw)
	s.record(gen, grader.SenderClient, b)
	tr.Send(b)
	return x.Events(after)
}

// Handshake opens the session as a client does: initialize (offering
// revision, or the latest the console knows when it is ""), then, once it
// is answered, notifications/initialized. It returns the events recorded
// for initialize.
func (s *Session) Handshake(revision string) []exchange.Event {
	st := s.state(revision)
	init, _ := Text("initialize", nil, st, 0)
	sent := s.Send(init)
	initialized, _ := Text("initialized", nil, st, 0)
	s.Send(initialized)
	return sent
}

// Peek is the checker's report on raw as the learner's next message,
// without sending it: under the revision in force, and, for a response,
// against the server's request it answers, which it returns too.
func (s *Session) Peek(raw string) (grader.Report, exchange.Event, bool) {
	x := s.Exchange()
	req, answers := x.Answering([]byte(raw), grader.SenderClient)
	return x.Peek([]byte(raw), grader.SenderClient), req, answers
}

// PeekFirst is the checker's report on raw as the first message of a
// session not started yet (a learner who has none): in lang, under
// protocol (the live exercise's revision; "" for the checker's default).
// Nothing is started or kept.
func PeekFirst(raw string, lang i18n.Lang, protocol string) grader.Report {
	x := exchange.New(exchange.Options{Lang: lang, Protocol: protocol, MaxEvents: 1})
	return x.Peek([]byte(raw), grader.SenderClient)
}

// record adds one message to the exchange and tells the subscribers. The
// checker runs under the lock so that the timeline stays in order; it takes
// microseconds.
func (s *Session) record(gen int, from string, raw []byte) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if gen != s.gen || s.closed {
		return
	}
	e := s.x.Add(exchange.Message{Raw: raw, From: from, Time: s.tr.Now()})
	s.notifyLocked(Update{Event: e})
}

// notifyLocked tells every subscriber (s.mu held).
func (s *Session) notifyLocked(u Update) {
	for ch := range s.subs {
		select {
		case ch <- u:
		default:
			// A subscriber that does not keep up misses events; it can
			// catch up with Events.
		}
	}
}

// Protocol returns the revision the session negotiated ("" before
// initialize).
func (s *Session) Protocol() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.tr.Revision()
}

// Exchange is the current conversation (a new one after Reset), for what
// reads it whole: the diagram, the export.
func (s *Session) Exchange() *exchange.Exchange {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.x
}

// Len is the number of messages recorded since the session (re)started.
func (s *Session) Len() int { return s.Exchange().Len() }

// Events returns the recorded events whose Seq is greater than after, in
// order.
func (s *Session) Events(after int) []exchange.Event {
	return s.Exchange().Events(after)
}

// Pending returns the server requests still waiting for the learner's
// answer (a response with the same id).
func (s *Session) Pending() []exchange.Event {
	return s.Exchange().Waiting(grader.SenderServer)
}

// Subscribe returns a channel of the updates from now on, and a function
// that ends the subscription. Call Events first for the backlog.
func (s *Session) Subscribe() (<-chan Update, func()) {
	ch := make(chan Update, 256)
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		close(ch)
		return ch, func() {}
	}
	s.subs[ch] = struct{}{}
	s.mu.Unlock()
	var once sync.Once
	return ch, func() {
		once.Do(func() {
			s.mu.Lock()
			if _, ok := s.subs[ch]; ok {
				delete(s.subs, ch)
				close(ch)
			}
			s.mu.Unlock()
		})
	}
}

// Reset ends the conversation (cancelling what is in flight) and starts a
// new one with an empty exchange and no draft; subscribers get a Reset
// update.
func (s *Session) Reset() {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return
	}
	old := s.tr
	s.startLocked()
	s.notifyLocked(Update{Reset: true})
	s.mu.Unlock()
	old.Close()
	s.SetDraft("")
}

// Close ends the session and the subscriptions.
func (s *Session) Close() {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return
	}
	s.closed = true
	tr := s.tr
	for ch := range s.subs {
		delete(s.subs, ch)
		close(ch)
	}
	s.mu.Unlock()
	tr.Close()
}

// state is what the templates need from the session as it is now;
// revision is the live exercise's ("" when none), which initialize asks
// for before a handshake (InitializeRevision).
func (s *Session) state(revision string) State {
	return StateOf(s.Events(0), s.Protocol(), InitializeRevision(revision))
}

// OfferNext keeps, as the editor's next draft (Draft), the message that
// follows sent in the session as it is now, with the next free id (Next),
// and returns it; revision is the live exercise's ("" when none).
func (s *Session) OfferNext(sent, revision string) string {
	next := Next(sent, s.state(revision))
	s.SetDraft(next)
	return next
}

// TemplateText is the text of the template named key, or of the response to
// the waiting server request replySeq (key ReplyKey: the oldest), filled
// in for session s as it is now (the next free id, the request in flight);
// s is nil for a learner who has no session yet. revision is the live
// exercise's ("" when none). ok is false when there is no such template
// or no such request waits.
func TemplateText(s *Session, key string, replySeq int, revision string) (text string, ok bool) {
	if s == nil {
		return Text(key, nil, StateOf(nil, "", InitializeRevision(revision)), replySeq)
	}
	return Text(key, s.Pending(), s.state(revision), replySeq)
}

// SetDraft keeps the last message sent, for the page without JavaScript.
func (s *Session) SetDraft(text string) {
	s.draftMu.Lock()
	s.draft = text
	s.draftMu.Unlock()
}

// Draft is the last message sent ("" after a reset).
func (s *Session) Draft() string {
	s.draftMu.Lock()
	defer s.draftMu.Unlock()
	return s.draft
}
