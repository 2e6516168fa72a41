package mockserver

import (
	"context"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// httpSession is one Streamable HTTP session: a core session and its SSE
// streams.
type httpSession struct {
	id   string
	h    *HTTPHandler
	core *Session
	// ctx is the session's lifetime: requests run in it, not in their HTTP
	// request's, because a disconnection is not a cancellation (2025-11-25).
	ctx    context.Context
	cancel context.CancelFunc

	// Guarded by the registry's mutex (http_registry.go).
	client     *clientSessions
	registered bool
	lastActive int64 // unix nanoseconds
	inFlight   int   // requests running
	attached   int   // GET and resumed streams a client reads
	following  int   // streams of blocking requests a client reads
	idle       [2]idleLinks

	mu         sync.Mutex
	streams    map[int64]*sseStream // by stream id, lazily made
	byRequest  map[string]*sseStream
	standalone *sseStream
	nextStream int64
	// abandoned lists finished streams nobody was reading, kept for a
	// resume with Last-Event-ID; only the newest maxAbandoned are kept.
	abandoned []int64
	closed    bool
	done      chan struct{}
}

// sseStream is one SSE stream: the events written or waiting, kept (up to
// MaxQueued) so a client can resume with Last-Event-ID.
type sseStream struct {
	id       int64
	events   []sseEvent
	first    int // seq of events[0]
	nextSeq  int
	final    bool // the reply is queued: the stream ends after it
	detached bool // the transport was asked to close it (test_reconnection)
	attached bool
	dropped  int
	sent     int // seq of the last event written to a client
	wake     chan struct{}
}

// maxAbandoned bounds the finished, unread streams a session keeps.
const maxAbandoned = 16

type sseEvent struct {
	seq  int
	data []byte
}

// release gives back the slot of a request that ended.
func (hs *httpSession) release() { hs.h.reg.give(hs, true) }

func (hs *httpSession) close() {
	hs.mu.Lock()
	if hs.closed {
		hs.mu.Unlock()
		return
	}
	hs.closed = true
	if hs.done != nil {
		close(hs.done)
	}
	hs.mu.Unlock()
	hs.cancel()
	hs.core.Close()
}

// doneChan is closed when the session ends.
func (hs *httpSession) doneChan() chan struct{} {
	hs.mu.Lock()
	defer hs.mu.Unlock()
	if hs.done == nil {
		hs.done = make(chan struct{})
		if hs.closed {
			close(hs.done)
		}
	}
	return hs.done
}

// newStream registers a stream (under a request id when there is one).
func (hs *httpSession) newStream(requestKey string) *sseStream {
	hs.mu.Lock()
	defer hs.mu.Unlock()
	hs.nextStream++
	st := &sseStream{id: hs.nextStream, nextSeq: 1, first: 1, wake: make(chan struct{}, 1)}
	if hs.streams == nil {
		hs.streams = make(map[int64]*sseStream)
		hs.byRequest = make(map[string]*sseStream)
	}
	hs.streams[st.id] = st
	if requestKey != "" {
		hs.byRequest[requestKey] = st
	}
	return st
}

// push appends an event to a stream (hs.mu held), dropping the oldest beyond
// the bound.
func (hs *httpSession) push(st *sseStream, data []byte) {
	st.events = append(st.events, sseEvent{st.nextSeq, data})
	st.nextSeq++
	if over := len(st.events) - hs.h.cfg.MaxQueued; over > 0 {
		st.events = slices.Delete(st.events, 0, over)
		st.first = st.events[0].seq
		st.dropped += over
		if st.dropped == over {
			hs.h.log.Warn("mcp stream queue full, dropping oldest messages", "session", hs.id, "stream", st.id)
		}
	}
	wake(st)
}

// deliver is the core session's sink: a message related to a request goes
// on that request's stream while it is open, anything else on the GET
// stream (queued until one is open).
func (hs *httpSession) deliver(o Outbound) {
	hs.mu.Lock()
	defer hs.mu.Unlock()
	var st *sseStream
	if o.Related != "" {
		st = hs.byRequest[o.Related]
	}
	if st == nil || st.final {
		st = hs.standaloneLocked()
	}
	hs.push(st, o.Raw)
}

// standaloneLocked returns the GET stream, made on first use (hs.mu held).
func (hs *httpSession) standaloneLocked() *sseStream {
	if hs.standalone == nil {
		hs.nextStream++
		hs.standalone = &sseStream{id: hs.nextStream, nextSeq: 1, first: 1, wake: make(chan struct{}, 1)}
		if hs.streams == nil {
			hs.streams = make(map[int64]*sseStream)
			hs.byRequest = make(map[string]*sseStream)
		}
		hs.streams[hs.standalone.id] = hs.standalone
	}
	return hs.standalone
}

// attachStandalone marks the GET stream as read by a client; nil when one
// already is, or when the client holds all it may (the refusal says so).
// Messages queued before the GET are then delivered.
func (hs *httpSession) attachStandalone() (*sseStream, refusal) {
	hs.mu.Lock()
	defer hs.mu.Unlock()
	st := hs.standaloneLocked()
	if st.attached {
		return nil, 0
	}
	if r := hs.h.reg.take(hs, false); r != 0 {
		return nil, r
	}
	st.attached = true
	return st, 0
}

// resume finds the stream and position of a Last-Event-ID
// ("<stream>_<seq>"): a nil stream when there is none to read (issued says
// whether this session sent that event: its stream has ended or is read
// elsewhere), or a refusal when the client holds all it may.
func (hs *httpSession) resume(last string) (st *sseStream, seq int, issued bool, rf refusal) {
	a, b, ok := strings.Cut(last, "_")
	sid, err1 := strconv.ParseInt(a, 10, 64)
	seq, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil || sid <= 0 || seq < 0 {
		return nil, 0, false, 0
	}
	hs.mu.Lock()
	defer hs.mu.Unlock()
	st = hs.streams[sid]
	if st == nil || st.attached {
		return nil, 0, sid <= hs.nextStream && (st == nil || seq < st.nextSeq), 0
	}
	if seq >= st.nextSeq {
		return nil, 0, false, 0
	}
	if r := hs.h.reg.take(hs, false); r != 0 {
		return nil, 0, true, r
	}
	st.attached = true
	st.detached = false
	return st, seq, true, 0
}

// serveRequest answers one request of the session: as application/json when
// it is quick and sends nothing else, as an SSE stream otherwise. It releases
// the request's slot (acquire) when the request ends, which for a blocking
// request may be after its client went away.
func (hs *httpSession) serveRequest(w http.ResponseWriter, r *http.Request, m *message, created bool) {
	sessionHeader := ""
	if created {
		sessionHeader = hs.id
	}
	ctx, rerr := hs.core.start(hs.ctx, m)
	if rerr != nil {
		hs.release()
		writeJSON(w, http.StatusOK, sessionHeader, hs.core.reject(m, rerr))
		return
	}
	st := hs.newStream(m.idKey())
	if !hs.core.blocking(m) {
		hs.serveQuick(ctx, w, m, st, created)
		return
	}
	hs.serveBlocking(ctx, w, r, m, st)
}

// serveQuick runs a request that does not wait for anything and writes its
// reply, after the notifications it sent (if any) on an SSE stream.
func (hs *httpSession) serveQuick(ctx context.Context, w http.ResponseWriter, m *message, st *sseStream, created bool) {
	sessionHeader := ""
	if created {
		sessionHeader = hs.id
	}
	reply := hs.core.exec(ctx, m)
	hs.release()
	if created && hs.core.Revision() == "" {
		// initialize failed: the session never started.
		hs.h.reg.remove(hs)
		hs.close()
		sessionHeader = ""
	}
	hs.mu.Lock()
	delete(hs.byRequest, m.idKey())
	delete(hs.streams, st.id)
	events := st.events
	hs.mu.Unlock()
	if len(events) == 0 {
		if reply == nil {
			w.WriteHeader(http.StatusAccepted)
			return
		}
		writeJSON(w, http.StatusOK, sessionHeader, reply)
		return
	}
	// Notifications came first (log messages): an SSE stream carries
	// them, then the reply.
	sw := hs.startSSE(w, sessionHeader, st, false)
	for _, e := range events {
		sw.event(st.id, e.seq, e.data)
	}
	if reply != nil {
		sw.event(st.id, st.nextSeq, reply)
	}
	sw.flush()
}

// serveBlocking runs a request that waits (the slow tool, a question to the
// client) on its own goroutine, in the session's lifetime, and streams what
// it sends until the client goes away; the stream stays resumable.
func (hs *httpSession) serveBlocking(ctx context.Context, w http.ResponseWriter, r *http.Request, m *message, st *sseStream) {
	ctx = context.WithValue(ctx, streamControlKey{}, func() {
		hs.mu.Lock()
		st.detached = true
		hs.mu.Unlock()
		wake(st)
	})
	hs.mu.Lock()
	st.attached = true
	hs.mu.Unlock()
	hs.h.reg.follow(hs, 1)
	go func() {
		reply := hs.core.exec(ctx, m)
		hs.release()
		hs.finish(st, m.idKey(), reply)
	}()
	hs.stream(w, r, st, 0, true, false)
}

// finish queues a blocking request's reply as its stream's last event; a
// stream nobody reads is kept for a resume, up to maxAbandoned of them.
func (hs *httpSession) finish(st *sseStream, key string, reply []byte) {
	hs.mu.Lock()
	defer hs.mu.Unlock()
	if reply != nil {
		hs.push(st, reply)
	}
	st.final = true
	delete(hs.byRequest, key)
	if !st.attached {
		hs.abandoned = append(hs.abandoned, st.id)
		if over := len(hs.abandoned) - maxAbandoned; over > 0 {
			for _, id := range hs.abandoned[:over] {
				delete(hs.streams, id)
			}
			hs.abandoned = slices.Delete(hs.abandoned, 0, over)
		}
	}
	wake(st)
}

// wake tells the stream's writer that something changed, without blocking.
func wake(st *sseStream) {
	select {
	case st.wake <- struct{}{}:
	default:
	}
}
