package web

import (
	"context"
	"time"

	"github.com/mcpplayground/playground/internal/netguard"
	"github.com/mcpplayground/playground/internal/servercheck"
)

// checkStep is how long one step of a server check may wait.
func (s *Server) checkStep() time.Duration {
	if s.cfg.ServerCheckTimeout > 0 {
		return s.cfg.ServerCheckTimeout
	}
	return servercheck.DefaultTimeout
}

// evenOut holds the answer of a check from another host that nothing MCP
// answered until one step's time after the check began: what a port that
// accepts and says nothing costs anyway. A closed port, a service that is
// not MCP and a silent one are then answered alike in time as they are
// in words, so the check page cannot tell an open port from a closed one.
// A refusal of the policy (decided before any dial, or of a redirect) is
// not held: it says nothing of a port. It returns false when the learner
// left meanwhile.
func (s *Server) evenOut(ctx context.Context, pol *netguard.Policy, began time.Time, err error) bool {
	if err == nil || !pol.Remote() {
		return true
	}
	if _, refused := netguard.AsRefused(err); refused {
		return true
	}
	left := began.Add(s.checkStep()).Sub(s.now())
	if left <= 0 {
		return true
	}
	return s.checkPause(ctx, left) == nil
}
