package mockserver

import (
	"context"
	"net/http"
	"strconv"
	"time"
)

// sseWriter writes SSE events to one response.
type sseWriter struct {
	w   http.ResponseWriter
	rc  *http.ResponseController
	hs  *httpSession
	err error
}

func (hs *httpSession) startSSE(w http.ResponseWriter, sessionHeader string, st *sseStream, prime bool) *sseWriter {
	hd := w.Header()
	hd.Set("Content-Type", "text/event-stream")
	hd.Set("Cache-Control", "no-cache")
	hd.Set("X-Accel-Buffering", "no")
	if sessionHeader != "" {
		hd.Set(HeaderSessionID, sessionHeader)
	}
	w.WriteHeader(http.StatusOK)
	sw := &sseWriter{w: w, rc: http.NewResponseController(w), hs: hs}
	if prime && hs.core.Revision() >= Rev20251125 {
		// SEP-1699: an event with an id and empty data primes resumption,
		// and retry tells the client how soon to come back.
		sw.write([]byte("id: " + strconv.FormatInt(st.id, 10) + "_0\nretry: " + strconv.Itoa(hs.h.cfg.RetryMillis) + "\ndata: \n\n"))
	}
	return sw
}

func (sw *sseWriter) write(b []byte) {
	if sw.err != nil {
		return
	}
	_ = sw.rc.SetWriteDeadline(time.Now().Add(sw.hs.h.cfg.WriteTimeout))
	_, sw.err = sw.w.Write(b)
}

func (sw *sseWriter) event(stream int64, seq int, data []byte) {
	buf := make([]byte, 0, len(data)+32)
	buf = append(buf, "id: "...)
	buf = strconv.AppendInt(buf, stream, 10)
	buf = append(buf, '_')
	buf = strconv.AppendInt(buf, int64(seq), 10)
	buf = append(buf, "\ndata: "...)
	buf = append(buf, data...)
	buf = append(buf, "\n\n"...)
	sw.write(buf)
}

func (sw *sseWriter) flush() {
	if sw.err == nil {
		sw.err = sw.rc.Flush()
	}
}

// stream writes a stream's events after seq until its reply is written, the
// transport is asked to close it, the client goes away or the session ends.
// charged tells whether the stream holds a unit of its own (a GET or a
// resume) or follows its request's.
func (hs *httpSession) stream(w http.ResponseWriter, r *http.Request, st *sseStream, seq int, prime, charged bool) {
	defer func() {
		hs.mu.Lock()
		st.attached = false
		hs.mu.Unlock()
		if charged {
			hs.h.reg.give(hs, false)
		} else {
			hs.h.reg.follow(hs, -1)
		}
	}()
	sw := hs.startSSE(w, "", st, prime)
	sw.flush()
	done := hs.doneChan()
	keepAlive := time.NewTicker(25 * time.Second)
	defer keepAlive.Stop()
	for {
		hs.mu.Lock()
		var batch []sseEvent
		for _, e := range st.events {
			if e.seq > seq {
				batch = append(batch, e)
			}
		}
		final, last, detached := st.final, st.nextSeq-1, st.detached
		hs.mu.Unlock()
		for _, e := range batch {
			sw.event(st.id, e.seq, e.data)
			seq = e.seq
		}
		if len(batch) > 0 {
			sw.flush()
			if sw.err == nil {
				hs.mu.Lock()
				st.sent = max(st.sent, seq)
				hs.mu.Unlock()
			}
		}
		if sw.err != nil {
			return
		}
		if final && seq >= last {
			hs.mu.Lock()
			delete(hs.streams, st.id)
			hs.mu.Unlock()
			return
		}
		if detached {
			return
		}
		select {
		case <-st.wake:
		case <-keepAlive.C:
			sw.write([]byte(": keep-alive\n\n"))
			sw.flush()
		case <-r.Context().Done():
			return
		case <-done:
			return
		}
	}
}

// streamControlKey carries, in a blocking request's context, the function
// that closes its SSE stream early (the client then resumes with
// Last-Event-ID). Only the conformance fixture test_reconnection uses it.
type streamControlKey struct{}

func closeStream(ctx context.Context) bool {
	f, ok := ctx.Value(streamControlKey{}).(func())
	if ok {
		f()
	}
	return ok
}
