package mockserver

import (
	"encoding/json"
	"log/slog"
	"net/http"
	"sync"
	"time"
)

// refusal is why a session, request or stream is refused (0: it is not).
type refusal int

const (
	refusedClient  refusal = iota + 1 // this address holds its share
	refusedServer                     // the server is full
	refusedSession                    // this session runs too many requests
	refusedGone                       // the session ended meanwhile
)

// refuse answers a session, request or stream the bounds refuse; what is
// "sessions", "requests" or "streams". A burst of refusals is logged once a
// minute at most, with how many there were.
func (h *HTTPHandler) refuse(w http.ResponseWriter, r *http.Request, id json.RawMessage, rf refusal, what string) {
	if rf != refusedGone {
		h.refusals.note(h.log, h.srv.cfg.Clock.Now(), ClientAddr(r), what)
	}
	var msg string
	status := http.StatusTooManyRequests
	switch rf {
	case refusedGone:
		httpError(w, http.StatusNotFound, nil, &rpcError{Code: CodeInvalidRequest, Message: "Session not found: it ended or expired; start a new one with initialize"})
		return
	case refusedServer:
		status = http.StatusServiceUnavailable
		w.Header().Set("Retry-After", "5")
		msg = "Server busy: too many " + what + " open; try again shortly"
	case refusedClient:
		w.Header().Set("Retry-After", "1")
		msg = "Too many " + what + " from your address: end sessions you no longer use (DELETE) or wait for replies"
	case refusedSession:
		w.Header().Set("Retry-After", "1")
		msg = "Too many requests in flight in this session; wait for replies before sending more"
	}
	httpError(w, status, id, &rpcError{Code: -32000, Message: msg})
}

// refusalLog turns refusals into at most one warning a minute, so a flood
// is visible in the log without filling it.
type refusalLog struct {
	mu     sync.Mutex
	last   time.Time
	missed int // refusals since the last warning
}

func (l *refusalLog) note(log *slog.Logger, now time.Time, client, what string) {
	l.mu.Lock()
	l.missed++
	if now.Sub(l.last) < time.Minute {
		l.mu.Unlock()
		return
	}
	n := l.missed
	l.last, l.missed = now, 0
	l.mu.Unlock()
	log.Warn("mcp: refusing clients at their bounds", "refused", n, "latest_client", client, "what", what)
}
