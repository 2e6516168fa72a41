package guard

import (
	"testing"

	"github.com/mcpplayground/playground/internal/testing/sourcetest"
)

// realTime are the files of the package that may read the system clock.
var realTime = map[string]string{
	"clock.go":    "the system clock itself, a Config's when it names none",
	"deadline.go": "a connection's read deadline is set on the real clock",
}

// Every guard takes the time from its caller or its Config's Clock, so
// that a test's clock (or testing/synctest's) decides what it sees.
func TestGuardsUseTheirClock(t *testing.T) {
	for _, call := range sourcetest.ClockCalls(t, ".", realTime) {
		t.Errorf("%s: take the time from the caller or the Config's Clock", call)
	}
}
