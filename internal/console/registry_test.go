package console

import (
	"errors"
	"log/slog"
	"sync"
	"testing"
	"time"

	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/mockserver"
)

// clock is a registry's time, moved by the test.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.now }
func (c *clock) add(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.mu.Unlock()
}

// Sessions are capped (the least recently used one ends, an unwatched one
// first), end when idle unless a tab listens, and each has its own ID.
func TestRegistryLimits(t *testing.T) {
	clk := &clock{now: time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC)}
	r := NewRegistry(mockserver.New(mockserver.Config{}), Limits{Max: 2, Idle: 30 * time.Minute}, slog.New(slog.DiscardHandler), clk.Now)
	t.Cleanup(r.CloseAll)
	a := r.Get(1, i18n.EN)
	clk.add(time.Second)
	b := r.Get(2, i18n.FR)
	if a.ID == b.ID || len(a.ID) != 16 || b.Lang != i18n.FR {
		t.Errorf("IDs %q and %q, lang %q", a.ID, b.ID, b.Lang)
	}
	stop, err := r.OpenStream(a) // a tab listens to the older one
	if err != nil {
		t.Fatal(err)
	}
	clk.add(time.Second)
	r.Get(3, i18n.EN)
	if _, ok := r.Peek(2); ok || r.Count() != 2 {
		t.Errorf("the unwatched session 2 should have ended; %d sessions", r.Count())
	}
	if again, ok := r.Peek(1); !ok || again != a {
		t.Error("the watched session ended")
	}

	clk.add(31 * time.Minute)
	r.Get(4, i18n.EN) // sweeps: 3 is idle, 1 is watched
	if _, ok := r.Peek(3); ok {
		t.Error("an idle session outlived the limit")
	}
	if _, ok := r.Peek(1); !ok {
		t.Error("a watched session ended while idle")
	}
	stop()
	clk.add(31 * time.Minute)
	r.Get(5, i18n.EN)
	if _, ok := r.Peek(1); ok {
		t.Error("the session no tab listens to any more did not end")
	}

	r.CloseAll()
	if r.Get(6, i18n.EN) != nil || r.Count() != 0 {
		t.Error("the registry started a session after CloseAll")
	}
}

// The draft is the last message sent, per session.
func TestSessionDraft(t *testing.T) {
	r := NewRegistry(mockserver.New(mockserver.Config{}), Limits{}, slog.New(slog.DiscardHandler), nil)
	t.Cleanup(r.CloseAll)
	s := r.Get(1, i18n.EN)
	s.SetDraft(`{"jsonrpc":"2.0"}`)
	if got := r.Get(1, i18n.EN).Draft(); got != `{"jsonrpc":"2.0"}` {
		t.Errorf("draft %q", got)
	}
}

// A learner holds one console whatever they do; event streams are bounded
// per learner and overall, and a closed stream frees its place (once, even
// if its end is recorded twice).
func TestRegistryStreamBounds(t *testing.T) {
	clk := &clock{now: time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC)}
	r := NewRegistry(mockserver.New(mockserver.Config{}), Limits{Max: 10, StreamsPerLearner: 2, Streams: 4}, slog.New(slog.DiscardHandler), clk.Now)
	t.Cleanup(r.CloseAll)
	a := r.Get(1, i18n.EN)
	if again := r.Get(1, i18n.FR); again != a || r.Count() != 1 {
		t.Fatalf("a second Get started another console for the same learner (%d consoles)", r.Count())
	}
	b, c, d := r.Get(2, i18n.EN), r.Get(3, i18n.EN), r.Get(4, i18n.EN)
	var stops []func()
	open := func(s *Session) error {
		stop, err := r.OpenStream(s)
		if err == nil {
			stops = append(stops, stop)
		}
		return err
	}
	steps := []struct {
		s    *Session
		want error
	}{
		{a, nil}, {a, nil}, {a, ErrLearnerStreams}, // the learner's bound
		{b, nil}, {b, ErrLearnerStreams}, // half the server's are open: no second tab
		{c, nil}, {d, ErrStreams}, // the server's bound, reached by first tabs only
	}
	for i, st := range steps {
		if err := open(st.s); !errors.Is(err, st.want) {
			t.Errorf("stream %d: %v, want %v", i, err, st.want)
		}
	}
	if n := r.Streams(); n != 4 {
		t.Errorf("%d streams open, want 4", n)
	}
	stops[0]()
	stops[0]() // recorded twice: freed once
	if n := r.Streams(); n != 3 {
		t.Errorf("%d streams open after one ended, want 3", n)
	}
	if err := open(d); err != nil {
		t.Errorf("a freed place was not given again: %v", err)
	}
}

// A full registry evicts the idlest console: one no tab listens to, and
// among those one that never exchanged a message before a learner's
// conversation, even a more recent one.
func TestRegistryEvictsIdleFirst(t *testing.T) {
	clk := &clock{now: time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC)}
	r := NewRegistry(mockserver.New(mockserver.Config{}), Limits{Max: 3}, slog.New(slog.DiscardHandler), clk.Now)
	t.Cleanup(r.CloseAll)
	learner := r.Get(1, i18n.EN)
	learner.Send(`{"jsonrpc":"2.0","id":1,"method":"ping"}`)
	clk.add(time.Minute)
	r.Get(2, i18n.EN) // a flood of new, empty consoles
	clk.add(time.Second)
	r.Get(3, i18n.EN)
	clk.add(time.Second)
	r.Get(4, i18n.EN)
	clk.add(time.Second)
	r.Get(5, i18n.EN)
	if _, ok := r.Peek(1); !ok {
		t.Error("the learner's conversation was evicted before empty consoles")
	}
	for _, id := range []int64{2, 3} {
		if _, ok := r.Peek(id); ok {
			t.Errorf("empty console %d outlived newer ones", id)
		}
	}
	if r.Count() != 3 {
		t.Errorf("%d consoles, want the cap of 3", r.Count())
	}
}

// Reset ends every session (drafts with them) and keeps the registry
// open: the next Get starts a fresh session.
func TestRegistryReset(t *testing.T) {
	r := NewRegistry(mockserver.New(mockserver.Config{}), Limits{}, slog.New(slog.DiscardHandler), nil)
	t.Cleanup(r.CloseAll)
	old := r.Get(1, i18n.EN)
	old.SetDraft("old room")
	r.Get(2, i18n.EN)
	r.Reset()
	if r.Count() != 0 {
		t.Errorf("%d sessions after Reset", r.Count())
	}
	s := r.Get(1, i18n.EN)
	if s == nil || s == old || s.ID == old.ID || s.Draft() != "" {
		t.Errorf("after Reset, Get(1) = %+v, the old session was %+v", s, old)
	}
}
