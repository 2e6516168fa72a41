// Package console is the learner's console without HTTP: one live session
// with the gift server per learner (Registry), the message templates filled
// in from a session, and a session as the answer of a live exercise. A
// Session owns its conversation, one source of an internal/exchange: it
// records, judges and pairs both directions and tells its subscribers;
// the gift server's console transport (mockserver.ConsoleTransport) only
// hands it raw messages.
package console

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"log/slog"
	"sync"
	"time"

	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/mockserver"
)

// Limits bound the sessions kept in memory.
type Limits struct {
	Max       int           // sessions at once (default 500)
	Idle      time.Duration // a session unused this long ends (default 30 min)
	MaxEvents int           // messages kept per timeline (default 300)
	// StreamsPerLearner bounds the event streams one learner holds open
	// (tabs listening; default 4); Streams bounds them overall (default
	// 256). Each is a connection and a goroutine held for as long as the
	// tab stays open.
	StreamsPerLearner int
	Streams           int
}

// Refusals of OpenStream.
var (
	// ErrLearnerStreams: the learner already holds StreamsPerLearner
	// streams (too many tabs open on the console).
	ErrLearnerStreams = errors.New("too many console event streams for this learner")
	// ErrStreams: the server holds Streams streams.
	ErrStreams = errors.New("too many console event streams on the server")
)

// Registry holds each learner's console session with the gift server, in
// memory: one per learner (so a learner can hold one console, whatever
// they do), shared by the learner's tabs, with a bounded number of event
// streams per learner and overall. A session nobody
// used for a while ends, and when there are too many the least recently
// used one ends, so a room that comes and goes never exhausts memory.
type Registry struct {
	mock *mockserver.Server
	lim  Limits
	log  *slog.Logger
	now  func() time.Time

	mu        sync.Mutex
	byLearner map[int64]*Session
	streams   int // open event streams, all sessions
	lastSweep time.Time
	closed    bool
}

// NewRegistry starts an empty registry; now is its clock (nil is
// time.Now).
func NewRegistry(mock *mockserver.Server, lim Limits, log *slog.Logger, now func() time.Time) *Registry {
	// A message of the gift server weighs up to about 5 KB with its report
	// (the catalogue), so the defaults bound the consoles to well under a
	// gigabyte even if every learner filled theirs; a class sends a few
	// dozen messages each.
	if lim.Max <= 0 {
		lim.Max = 500
	}
	if lim.Idle <= 0 {
		lim.Idle = 30 * time.Minute
	}
	if lim.MaxEvents <= 0 {
		lim.MaxEvents = 300
	}
	if lim.StreamsPerLearner <= 0 {
		lim.StreamsPerLearner = 4
	}
	if lim.Streams <= 0 {
		lim.Streams = 256
	}
	if now == nil {
		now = time.Now
	}
	return &Registry{mock: mock, lim: lim, log: log, now: now, byLearner: map[int64]*Session{}}
}

// Get returns the learner's session, starting one (its reports in lang)
// when there is none. It returns nil after CloseAll.
func (r *Registry) Get(learner int64, lang i18n.Lang) *Session {
	now := r.now()
	r.mu.Lock()
	if r.closed {
		r.mu.Unlock()
		return nil
	}
	ended := r.sweepLocked(now)
	s, ok := r.byLearner[learner]
	if !ok {
		if len(r.byLearner) >= r.lim.Max {
			ended = append(ended, r.evictLocked())
		}
		s = Start(r.mock, Options{Lang: lang, MaxEvents: r.lim.MaxEvents, Log: r.log})
		r.byLearner[learner] = s
	}
	s.lastUsed = now
	r.mu.Unlock()
	r.end(ended)
	return s
}

// newID is 64 random bits: unique across restarts and instances.
func newID() string {
	var b [8]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// Peek returns the learner's session without starting one.
func (r *Registry) Peek(learner int64) (*Session, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	s, ok := r.byLearner[learner]
	if ok {
		s.lastUsed = r.now()
	}
	return s, ok
}

// OpenStream records an event stream opened on s; the returned function
// records its end. A session with a listening tab never counts as idle.
// It refuses a stream past the learner's bound, or a learner's second
// once half the server's are open (ErrLearnerStreams), or past the
// server's (ErrStreams).
func (r *Registry) OpenStream(s *Session) (func(), error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	switch {
	case s.streams >= r.lim.StreamsPerLearner:
		return nil, ErrLearnerStreams
	case s.streams > 0 && r.streams >= r.lim.Streams/2:
		// A second tab waits for room: only many learners, each with one
		// stream, reach the bound overall.
		return nil, ErrLearnerStreams
	case r.streams >= r.lim.Streams:
		return nil, ErrStreams
	}
	s.streams++
	r.streams++
	var once sync.Once
	return func() {
		once.Do(func() {
			r.mu.Lock()
			s.streams--
			r.streams--
			s.lastUsed = r.now()
			r.mu.Unlock()
		})
	}, nil
}

// Streams is the number of open event streams.
func (r *Registry) Streams() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.streams
}

// sweepLocked removes, at most once a minute, the sessions idle for longer
// than the limit; the caller ends them outside the lock.
func (r *Registry) sweepLocked(now time.Time) []*Session {
	if now.Sub(r.lastSweep) < time.Minute {
		return nil
	}
	r.lastSweep = now
	var ended []*Session
	for id, s := range r.byLearner {
		if s.streams == 0 && now.Sub(s.lastUsed) > r.lim.Idle {
			delete(r.byLearner, id)
			ended = append(ended, s)
		}
	}
	return ended
}

// evictLocked removes the idlest session: one no tab listens to before a
// watched one, then one that never exchanged a message before one with a
// conversation (a flood of new consoles evicts its own kind first), then
// the least recently used.
func (r *Registry) evictLocked() *Session {
	var oldID int64
	var old *Session
	for id, s := range r.byLearner {
		if old == nil || olderThan(s, old) {
			oldID, old = id, s
		}
	}
	delete(r.byLearner, oldID)
	return old
}

// olderThan orders sessions for eviction: unwatched before watched, empty
// before used, then least recently used first.
func olderThan(a, b *Session) bool {
	if (a.streams == 0) != (b.streams == 0) {
		return a.streams == 0
	}
	if ea, eb := a.empty(), b.empty(); ea != eb {
		return ea
	}
	return a.lastUsed.Before(b.lastUsed)
}

// empty tells a session whose timeline holds no message.
func (s *Session) empty() bool { return s.Len() == 0 }

func (r *Registry) end(sessions []*Session) {
	for _, s := range sessions {
		s.Close()
	}
	if len(sessions) > 0 {
		r.log.Debug("console sessions ended", "count", len(sessions))
	}
}

// Count is the number of live sessions.
func (r *Registry) Count() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.byLearner)
}

// CloseAll ends every session (their event streams end) and refuses new
// ones: the server is shutting down.
func (r *Registry) CloseAll() {
	r.mu.Lock()
	r.closed = true
	all := make([]*Session, 0, len(r.byLearner))
	for _, s := range r.byLearner {
		all = append(all, s)
	}
	r.byLearner = map[int64]*Session{}
	r.mu.Unlock()
	r.end(all)
}

// Reset ends every session and keeps the registry open: the workshop was
// reset, and no session, draft or timeline of a learner of the old room
// may reach anyone of the new one.
func (r *Registry) Reset() {
	r.mu.Lock()
	all := make([]*Session, 0, len(r.byLearner))
	for _, s := range r.byLearner {
		all = append(all, s)
	}
	r.byLearner = map[int64]*Session{}
	r.mu.Unlock()
	r.end(all)
}
