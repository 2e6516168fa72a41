package web

import (
	"context"
	"fmt"
	"time"

	"github.com/mcpplayground/playground/internal/grader"
	"github.com/mcpplayground/playground/internal/guard"
	"github.com/mcpplayground/playground/internal/store"
	"github.com/mcpplayground/playground/web/pagevm"
)

// stuckRule is what the dashboard calls stuck: three failed attempts at
// the same exercise within ten minutes, without passing it. Fewer is normal
// trial and error; a longer window keeps people who left the room.
var stuckRule = store.StuckRule{Window: 10 * time.Minute, MinFailures: 3}

// topProblems is how many frequent problems the dashboard shows per exercise.
const topProblems = 3

// initWorkshop sets up what workshops need: the instructor's access, the
// join-code guard, the rate limits and the dashboard's cache. Without a
// configured token the instructor pages get a random one nobody knows, so
// they are closed rather than open (the serve command generates and logs a
// token before calling New).
func (s *Server) initWorkshop() error {
	token := s.cfg.InstructorToken
	if token == "" {
		token = NewInstructorToken()
		s.log.Warn("no instructor token configured: the instructor pages are closed")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	secret, err := s.store.Secret(ctx, cookieSecret, 32)
	if err != nil {
		return fmt.Errorf("read the cookie-signing secret: %w", err)
	}
	s.instructor = newInstructorAuth(token, secret, s.store, s.cfg.SecureCookies)
	s.instructorGuard = guard.NewSignInGuard(guard.SignInConfig{Limit: s.cfg.SignInLimit, Log: s.log})
	s.joinGuard = guard.NewCodeGuard("join code", s.cfg.JoinCodeLimit.OrDefault(DefaultJoinCodeLimit), s.log)
	s.limits = newLimits(s.cfg)
	s.dashCache = newDashboardCache(time.Second)
	s.codeTitles = pagevm.CodesOf(grader.Codes())
	return nil
}
