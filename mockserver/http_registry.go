package mockserver

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"sync"
	"time"

	"github.com/mcpplayground/playground/internal/i18n"
)

// registry holds the live sessions and what they hold, per client address
// and overall. A session is busy while it has a request in flight or a
// stream attached; otherwise it is idle, on the idle lists, and may be
// evicted (oldest activity first) to make room for a new session. What a
// client holds at once (requests in flight and GET streams, its "units") is
// bounded per address and overall, so busy sessions are few and a new client
// finds an idle session to evict when the server is full.
//
// Lock order: httpSession.mu may be held while taking registry.mu, never
// the reverse.
type registry struct {
	mu       sync.Mutex
	sessions map[string]*httpSession
	clients  map[string]*clientSessions
	idle     idleList // every idle session (links 0)
	units    int      // requests in flight and GET streams, overall
	lim      registryLimits
	clock    Clock
	// lighter is broadcast, under mu, when the sessions hold less (a unit
	// given back, a stream let go, a session removed): tests wait on it
	// instead of polling.
	lighter *sync.Cond
}

// registryLimits are the registry's bounds (HTTPConfig's, with defaults).
type registryLimits struct {
	sessions, sessionsPerClient int
	units, unitsPerClient       int
	inFlight                    int // requests per session
}

// clientSessions is what one client address holds.
type clientSessions struct {
	key      string
	sessions int
	units    int
	idle     idleList // this client's idle sessions (links 1)
}

func newRegistry(lim registryLimits, clock Clock) *registry {
	g := &registry{sessions: make(map[string]*httpSession), clients: make(map[string]*clientSessions),
		idle: idleList{which: 0}, lim: lim, clock: clock}
	g.lighter = sync.NewCond(&g.mu)
	return g
}

// admissible tells, without building anything, whether a session for client
// could be added now: a refused initialize costs one map lookup.
func (g *registry) admissible(client string) refusal {
	g.mu.Lock()
	defer g.mu.Unlock()
	_, r := g.victimLocked(g.clients[client])
	return r
}

// victimLocked is the session to evict so that c (nil: a new client) may
// add one with its initialize in flight: none when there is room, or the
// refusal when nothing idle can make room.
func (g *registry) victimLocked(c *clientSessions) (*httpSession, refusal) {
	switch {
	case c != nil && c.units >= g.lim.unitsPerClient:
		return nil, refusedClient
	case g.units >= g.lim.units:
		return nil, refusedServer
	case c != nil && c.sessions >= g.lim.sessionsPerClient:
		if c.idle.head == nil {
			return nil, refusedClient
		}
		return c.idle.head, 0
	case len(g.sessions) >= g.lim.sessions:
		if g.idle.head == nil {
			return nil, refusedServer
		}
		return g.idle.head, 0
	}
	return nil, 0
}

// add registers hs for client with its first request (initialize) in
// flight, after evicting an idle session if the bounds call for it; it
// returns the evicted session, to close outside the lock.
func (g *registry) add(hs *httpSession, client string) (evicted *httpSession, r refusal) {
	g.mu.Lock()
	defer g.mu.Unlock()
	victim, r := g.victimLocked(g.clients[client])
	if r != 0 {
		return nil, r
	}
	if victim != nil {
		g.removeLocked(victim)
	}
	c := g.clients[client]
	if c == nil {
		c = &clientSessions{key: client, idle: idleList{which: 1}}
		g.clients[client] = c
	}
	hs.client, hs.registered = c, true
	hs.lastActive = g.clock.Now().UnixNano()
	hs.inFlight = 1
	c.sessions++
	c.units++
	g.units++
	g.sessions[hs.id] = hs
	return victim, 0
}

// removeLocked unregisters hs; what it holds is given back as it ends.
func (g *registry) removeLocked(hs *httpSession) {
	if !hs.registered {
		return
	}
	hs.registered = false
	delete(g.sessions, hs.id)
	g.idle.remove(hs)
	c := hs.client
	c.idle.remove(hs)
	c.sessions--
	g.forgetClientLocked(c)
	g.lighter.Broadcast()
}

// forgetClientLocked drops a client's entry once it holds nothing.
func (g *registry) forgetClientLocked(c *clientSessions) {
	if c.sessions == 0 && c.units == 0 {
		delete(g.clients, c.key)
	}
}

// remove unregisters hs; false when it already was.
func (g *registry) remove(hs *httpSession) bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	was := hs.registered
	g.removeLocked(hs)
	return was
}

// get returns the session with that id and marks it active (nil if none).
func (g *registry) get(id string) *httpSession {
	hs, _ := g.getTaking(id, false)
	return hs
}

// getTaking is get then, when request is true and there is a session,
// take(hs, true), under one lock: a request's way in takes the registry's
// lock once, which all sessions share.
func (g *registry) getTaking(id string, request bool) (*httpSession, refusal) {
	now := g.clock.Now().UnixNano()
	g.mu.Lock()
	defer g.mu.Unlock()
	hs := g.sessions[id]
	if hs == nil {
		return nil, 0
	}
	hs.lastActive = now
	if hs.idle[0].in {
		// Most recently active: to the back of both lists.
		g.idle.remove(hs)
		hs.client.idle.remove(hs)
		g.idle.push(hs)
		hs.client.idle.push(hs)
	}
	if !request {
		return hs, 0
	}
	return hs, g.takeLocked(hs, true)
}

// take charges a request (request true) or a GET stream to hs and its
// client, within the bounds.
func (g *registry) take(hs *httpSession, request bool) refusal {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.takeLocked(hs, request)
}

// takeLocked is take, with g.mu held.
func (g *registry) takeLocked(hs *httpSession, request bool) refusal {
	switch {
	case !hs.registered:
		return refusedGone
	case request && hs.inFlight >= g.lim.inFlight:
		return refusedSession
	case hs.client.units >= g.lim.unitsPerClient:
		return refusedClient
	case g.units >= g.lim.units:
		return refusedServer
	}
	if request {
		hs.inFlight++
	} else {
		hs.attached++
	}
	hs.client.units++
	g.units++
	g.busyLocked(hs)
	return 0
}

// give returns what take charged, and marks the session active.
func (g *registry) give(hs *httpSession, request bool) {
	now := g.clock.Now().UnixNano()
	g.mu.Lock()
	defer g.mu.Unlock()
	if request {
		hs.inFlight--
	} else {
		hs.attached--
	}
	hs.client.units--
	g.units--
	g.forgetClientLocked(hs.client)
	hs.lastActive = now
	g.busyLocked(hs)
	g.lighter.Broadcast()
}

// follow and unfollow count the stream of a blocking request while a client
// reads it: the request already holds the unit, the stream only keeps the
// session busy.
func (g *registry) follow(hs *httpSession, delta int) {
	g.mu.Lock()
	defer g.mu.Unlock()
	hs.following += delta
	hs.lastActive = g.clock.Now().UnixNano()
	g.busyLocked(hs)
	if delta < 0 {
		g.lighter.Broadcast()
	}
}

// busyLocked puts hs on the idle lists or takes it off, as it is.
func (g *registry) busyLocked(hs *httpSession) {
	if !hs.registered {
		return
	}
	if hs.inFlight+hs.attached+hs.following > 0 {
		g.idle.remove(hs)
		hs.client.idle.remove(hs)
		return
	}
	g.idle.push(hs)
	hs.client.idle.push(hs)
}

// expired unregisters and returns the sessions idle for longer than d,
// oldest first.
func (g *registry) expired(now time.Time, d time.Duration) []*httpSession {
	g.mu.Lock()
	defer g.mu.Unlock()
	var out []*httpSession
	for hs := g.idle.head; hs != nil && now.Sub(time.Unix(0, hs.lastActive)) > d; hs = g.idle.head {
		g.removeLocked(hs)
		out = append(out, hs)
	}
	return out
}

// all unregisters and returns every session.
func (g *registry) all() []*httpSession {
	g.mu.Lock()
	defer g.mu.Unlock()
	out := make([]*httpSession, 0, len(g.sessions))
	for _, hs := range g.sessions {
		out = append(out, hs)
	}
	for _, hs := range out {
		g.removeLocked(hs)
	}
	return out
}

func (g *registry) count() int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return len(g.sessions)
}

// SessionCount returns the number of live sessions.
func (h *HTTPHandler) SessionCount() int { return h.reg.count() }

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
	idle := h.reg.expired(h.srv.cfg.Clock.Now(), h.cfg.IdleTimeout)
	for _, hs := range idle {
		hs.close()
	}
	if len(idle) > 0 {
		h.log.Info("mcp sessions expired", "count", len(idle))
	}
	return len(idle)
}

// newSession starts a session for client, speaking lang ("" the server's
// default), with its initialize in flight, or
// says why not. It checks the bounds before building anything, so that a
// refused initialize is cheap; when full, it evicts an idle session (the
// client's own oldest when the client holds its share, else the oldest).
func (h *HTTPHandler) newSession(client string, lang i18n.Lang) (*httpSession, refusal) {
	if r := h.reg.admissible(client); r != 0 {
		return nil, r
	}
	var b [16]byte
	_, _ = rand.Read(b[:])
	hs := &httpSession{id: hex.EncodeToString(b[:]), h: h}
	hs.core = h.srv.NewSession(SessionOptions{Sink: hs.deliver, RequestTimeout: h.cfg.RequestTimeout, Lang: lang})
	hs.ctx, hs.cancel = context.WithCancel(context.Background())
	evicted, r := h.reg.add(hs, client)
	if r != 0 {
		hs.cancel()
		return nil, r
	}
	if evicted != nil {
		evicted.close()
		h.log.Debug("mcp session evicted to make room", "client", client)
	}
	return hs, 0
}
