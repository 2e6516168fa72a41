package console

import (
	"log/slog"
	"sync"
	"testing"
	"time"

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
	a := r.Get(1, "en")
	clk.add(time.Second)
	b := r.Get(2, "fr")
	if a.ID == b.ID || len(a.ID) != 16 || b.Lang != "fr" {
		t.Errorf("IDs %q and %q, lang %q", a.ID, b.ID, b.Lang)
	}
	stop := r.Stream(a) // a tab listens to the older one
	clk.add(time.Second)
	r.Get(3, "en")
	if _, ok := r.Peek(2); ok || r.Count() != 2 {
		t.Errorf("the unwatched session 2 should have ended; %d sessions", r.Count())
	}
	if again, ok := r.Peek(1); !ok || again != a {
		t.Error("the watched session ended")
	}

	clk.add(31 * time.Minute)
	r.Get(4, "en") // sweeps: 3 is idle, 1 is watched
	if _, ok := r.Peek(3); ok {
		t.Error("an idle session outlived the limit")
	}
	if _, ok := r.Peek(1); !ok {
		t.Error("a watched session ended while idle")
	}
	stop()
	clk.add(31 * time.Minute)
	r.Get(5, "en")
	if _, ok := r.Peek(1); ok {
		t.Error("the session no tab listens to any more did not end")
	}

	r.CloseAll()
	if r.Get(6, "en") != nil || r.Count() != 0 {
		t.Error("the registry started a session after CloseAll")
	}
}

// The draft is the last message sent, per session.
func TestSessionDraft(t *testing.T) {
	r := NewRegistry(mockserver.New(mockserver.Config{}), Limits{}, slog.New(slog.DiscardHandler), nil)
	t.Cleanup(r.CloseAll)
	s := r.Get(1, "en")
	s.SetDraft(`{"jsonrpc":"2.0"}`)
	if got := r.Get(1, "en").Draft(); got != `{"jsonrpc":"2.0"}` {
		t.Errorf("draft %q", got)
	}
}
