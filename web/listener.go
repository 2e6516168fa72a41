package web

import (
	"net"

	"github.com/mcpplayground/playground/internal/guard"
)

// DefaultConnsPerAddr and DefaultMaxConns are the listener's bounds when
// Config leaves them zero (guard.LimitListener), DefaultBodyTimeout the
// time a body may take (guard.BodyDeadline).
const (
	DefaultConnsPerAddr = guard.DefaultConnsPerAddr
	DefaultMaxConns     = guard.DefaultMaxConns
	DefaultBodyTimeout  = guard.DefaultBodyTimeout
)

// Listener wraps ln with the server's connection bounds: ConnsPerAddr per
// client network, MaxConns overall. A trusted proxy's connections count
// only overall; proxiedCap holds each client behind it to ConnsPerAddr
// requests at once instead, so behind HAProxy the bound applies to the
// address the proxy reports, not to the proxy.
func (s *Server) Listener(ln net.Listener) net.Listener {
	return guard.LimitListener(ln, guard.ListenerLimits{PerAddr: s.cfg.ConnsPerAddr, Overall: s.cfg.MaxConns, Trusted: s.cfg.TrustedProxies})
}
