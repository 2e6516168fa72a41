package web

import (
	"log/slog"
	"sync"
	"time"

	"github.com/mcpplayground/playground/mockserver"
)

// consoleLimits bound the console sessions kept in memory.
type consoleLimits struct {
	max       int           // sessions at once (default 500)
	idle      time.Duration // a session unused this long ends (default 30 min)
	maxEvents int           // messages kept per timeline (default 300)
}

// consoles holds each learner's console session with the gift server, in
// memory: one per learner, shared by the learner's tabs. A session nobody
// used for a while ends, and when there are too many the least recently
// used one ends, so a room that comes and goes never exhausts memory.
type consoles struct {
	mock *mockserver.Server
	lim  consoleLimits
	log  *slog.Logger
	now  func() time.Time

	mu        sync.Mutex
	byLearner map[int64]*consoleEntry
	lastSweep time.Time
	closed    bool
}

// consoleEntry is one learner's session. lastUsed and streams are guarded
// by consoles.mu.
type consoleEntry struct {
	c        *mockserver.Console
	lang     string // the language its reports were written in
	lastUsed time.Time
	streams  int // open event streams (browser tabs listening)

	draftMu sync.Mutex
	draft   string // the last message sent, for the page without JavaScript
}

func newConsoles(mock *mockserver.Server, lim consoleLimits, log *slog.Logger) *consoles {
	// A message of the gift server weighs up to about 5 KB with its report
	// (the catalogue), so the defaults bound the consoles to well under a
	// gigabyte even if every learner filled theirs; a class sends a few
	// dozen messages each.
	if lim.max <= 0 {
		lim.max = 500
	}
	if lim.idle <= 0 {
		lim.idle = 30 * time.Minute
	}
	if lim.maxEvents <= 0 {
		lim.maxEvents = 300
	}
	return &consoles{mock: mock, lim: lim, log: log, now: time.Now, byLearner: map[int64]*consoleEntry{}}
}

// get returns the learner's session, starting one (its reports in lang)
// when there is none. It returns nil after closeAll.
func (cs *consoles) get(learner int64, lang string) *consoleEntry {
	now := cs.now()
	cs.mu.Lock()
	if cs.closed {
		cs.mu.Unlock()
		return nil
	}
	ended := cs.sweepLocked(now)
	e, ok := cs.byLearner[learner]
	if !ok {
		if len(cs.byLearner) >= cs.lim.max {
			ended = append(ended, cs.evictLocked())
		}
		e = &consoleEntry{c: cs.mock.NewConsole(mockserver.ConsoleOptions{Lang: lang, MaxEvents: cs.lim.maxEvents}), lang: lang}
		cs.byLearner[learner] = e
	}
	e.lastUsed = now
	cs.mu.Unlock()
	cs.end(ended)
	return e
}

// peek returns the learner's session without starting one.
func (cs *consoles) peek(learner int64) (*consoleEntry, bool) {
	cs.mu.Lock()
	defer cs.mu.Unlock()
	e, ok := cs.byLearner[learner]
	if ok {
		e.lastUsed = cs.now()
	}
	return e, ok
}

// stream records an event stream opened on e; the returned function
// records its end. A session with a listening tab never counts as idle.
func (cs *consoles) stream(e *consoleEntry) func() {
	cs.mu.Lock()
	e.streams++
	cs.mu.Unlock()
	return func() {
		cs.mu.Lock()
		e.streams--
		e.lastUsed = cs.now()
		cs.mu.Unlock()
	}
}

// sweepLocked removes, at most once a minute, the sessions idle for longer
// than the limit; the caller ends them outside the lock.
func (cs *consoles) sweepLocked(now time.Time) []*consoleEntry {
	if now.Sub(cs.lastSweep) < time.Minute {
		return nil
	}
	cs.lastSweep = now
	var ended []*consoleEntry
	for id, e := range cs.byLearner {
		if e.streams == 0 && now.Sub(e.lastUsed) > cs.lim.idle {
			delete(cs.byLearner, id)
			ended = append(ended, e)
		}
	}
	return ended
}

// evictLocked removes the least recently used session, preferring one no
// tab listens to.
func (cs *consoles) evictLocked() *consoleEntry {
	var oldID int64
	var old *consoleEntry
	for id, e := range cs.byLearner {
		if old == nil || olderThan(e, old) {
			oldID, old = id, e
		}
	}
	delete(cs.byLearner, oldID)
	return old
}

// olderThan orders sessions for eviction: unwatched before watched, then
// least recently used first.
func olderThan(a, b *consoleEntry) bool {
	if (a.streams == 0) != (b.streams == 0) {
		return a.streams == 0
	}
	return a.lastUsed.Before(b.lastUsed)
}

func (cs *consoles) end(entries []*consoleEntry) {
	for _, e := range entries {
		e.c.Close()
	}
	if len(entries) > 0 {
		cs.log.Debug("console sessions ended", "count", len(entries))
	}
}

// count is the number of live sessions.
func (cs *consoles) count() int {
	cs.mu.Lock()
	defer cs.mu.Unlock()
	return len(cs.byLearner)
}

// closeAll ends every session (their event streams end) and refuses new
// ones: the server is shutting down.
func (cs *consoles) closeAll() {
	cs.mu.Lock()
	cs.closed = true
	all := make([]*consoleEntry, 0, len(cs.byLearner))
	for _, e := range cs.byLearner {
		all = append(all, e)
	}
	cs.byLearner = map[int64]*consoleEntry{}
	cs.mu.Unlock()
	cs.end(all)
}

func (e *consoleEntry) setDraft(s string) {
	e.draftMu.Lock()
	e.draft = s
	e.draftMu.Unlock()
}

func (e *consoleEntry) getDraft() string {
	e.draftMu.Lock()
	defer e.draftMu.Unlock()
	return e.draft
}
