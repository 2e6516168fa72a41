package web

import "time"

// Clock tells the time to the rate limits, the sign-in and join guards, the
// instructor sessions and the dashboard's cache. mockserver.Clock satisfies
// it, so one fake clock in a test can drive both.
type Clock interface {
	Now() time.Time
}

type systemClock struct{}

func (systemClock) Now() time.Time { return time.Now() }

// now is the server's clock.
func (s *Server) now() time.Time { return s.cfg.Clock.Now() }
