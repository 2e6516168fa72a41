package web

import (
	"time"

	"github.com/mcpplayground/playground/internal/guard"
)

// Clock tells the time to the handlers, the guards web configures, the
// instructor sessions and the dashboard's cache: the guards' clock, so
// that one fake clock in a test (mockserver.Clock satisfies it) drives
// them all.
type Clock = guard.Clock

type systemClock struct{}

func (systemClock) Now() time.Time { return time.Now() }

// now is the server's clock.
func (s *Server) now() time.Time { return s.cfg.Clock.Now() }
