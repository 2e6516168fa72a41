package mockserver

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"time"
)

// SessionCount returns the number of live sessions.
func (h *HTTPHandler) SessionCount() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.sessions)
}

func (h *HTTPHandler) expireLoop() {
	every := max(h.cfg.IdleTimeout/4, time.Second)
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-h.stop:
			return
		case <-t.C:
			h.sweep()
		}
	}
}

// sweep ends the sessions idle for longer than IdleTimeout.
func (h *HTTPHandler) sweep() int {
	now := h.srv.cfg.Clock.Now()
	var idle []*httpSession
	h.mu.Lock()
	for id, hs := range h.sessions {
		if hs.idleSince(now) > h.cfg.IdleTimeout {
			delete(h.sessions, id)
			idle = append(idle, hs)
		}
	}
	h.mu.Unlock()
	for _, hs := range idle {
		hs.close()
	}
	if len(idle) > 0 {
		h.log.Info("mcp sessions expired", "count", len(idle))
	}
	return len(idle)
}

func (h *HTTPHandler) newSession() *httpSession {
	var b [16]byte
	_, _ = rand.Read(b[:])
	hs := &httpSession{id: hex.EncodeToString(b[:]), h: h}
	hs.core = h.srv.NewSession(SessionOptions{Sink: hs.deliver})
	hs.ctx, hs.cancel = context.WithCancel(context.Background())
	hs.lastActive = h.srv.cfg.Clock.Now().UnixNano()
	h.mu.Lock()
	if len(h.sessions) >= h.cfg.MaxSessions {
		h.mu.Unlock()
		if h.sweep() == 0 {
			hs.cancel()
			return nil
		}
		h.mu.Lock()
	}
	h.sessions[hs.id] = hs
	h.mu.Unlock()
	return hs
}

func (h *HTTPHandler) session(id string) *httpSession {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.sessions[id]
}
