package clientcheck

import (
	"crypto/rand"
	"encoding/hex"
	"sync"
)

// Session is one check of one client: the transports (HTTP, a stdio relay)
// put what the client sends in its inbox, and Run reads it step by step.
type Session struct {
	inbox chan inbound
	done  chan struct{}
	once  sync.Once

	mu        sync.Mutex
	sessionID string // the Mcp-Session-Id minted by initialize ("" before)
	// CheckHost refuses a request whose Host is not a loopback name, and
	// an Origin that is not a loopback one (DNS rebinding): set for the
	// command's own listener, not behind the web router's guards.
	checkHost bool
}

// NewSession starts an empty session; Close ends it.
func NewSession() *Session {
	return &Session{inbox: make(chan inbound, 16), done: make(chan struct{})}
}

// Close ends the session: every request held is let go.
func (s *Session) Close() { s.once.Do(func() { close(s.done) }) }

// Done is closed when the session is closed.
func (s *Session) Done() <-chan struct{} { return s.done }

// put hands in to the run; false when the session has ended.
func (s *Session) put(in inbound, cancel <-chan struct{}) bool {
	select {
	case s.inbox <- in:
		return true
	case <-s.done:
	case <-cancel:
	}
	return false
}

// mint returns the session's Mcp-Session-Id, drawing it on first use.
func (s *Session) mint() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.sessionID == "" {
		s.sessionID = randomToken(16)
	}
	return s.sessionID
}

func (s *Session) minted() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.sessionID
}

// randomToken is n random bytes in hex.
func randomToken(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}
