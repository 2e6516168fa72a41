package web

import (
	"sync"
	"testing"
	"time"

	"github.com/mcpplayground/playground/internal/testing/sourcetest"
)

// realTime are the places of the web layer that may read the system clock:
// they measure real time, which a test's fake clock must not bend.
var realTime = map[string]string{
	"clock.go":      "the system clock itself",
	"middleware.go": "a request's duration in the log is real time",
}

// Every handler asks the server's clock (s.now()), so that a test's fake
// clock sets what a page says of the time: no other file of the package
// calls time.Now.
func TestHandlersUseTheInjectedClock(t *testing.T) {
	for _, call := range sourcetest.ClockCalls(t, ".", realTime) {
		t.Errorf("%s: use the server's clock, s.now()", call)
	}
}

// manualClock is a Clock that moves only when the test moves it.
type manualClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *manualClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *manualClock) advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}
