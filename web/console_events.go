package web

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/console"
	"github.com/mcpplayground/playground/internal/exchange"
	"github.com/mcpplayground/playground/internal/guard"
	"github.com/mcpplayground/playground/internal/i18n"
)

// consoleHeartbeat is how often an idle event stream gets a comment, so
// proxies and browsers keep it open.
const consoleHeartbeat = 20 * time.Second

// consoleEvents answers GET /api/console/events?lang=&after=N with the
// learner's session as server-sent events: each message of the timeline
// after N (or after Last-Event-ID when the browser reconnects), then every
// new one as it happens, notifications included while nothing is being
// sent. "event: reset" tells the page to clear its timeline. Without a
// learner there is no session yet: 204 tells EventSource not to retry, and
// the page opens the stream again after its first message.
func (s *Server) consoleEvents(c *gin.Context) error {
	l := apiLang(c)
	learner, ok, err := s.currentLearner(c)
	if err != nil {
		return err
	}
	if !ok {
		c.Status(http.StatusNoContent)
		return nil
	}
	e := s.consoles.Get(learner.ID, l)
	if e == nil {
		return errConsoleClosed
	}
	known, _ := c.Cookie(consoleCookie)
	restarted := known != "" && known != e.ID
	if known != e.ID {
		s.setConsoleCookie(c, e.ID, 0)
	}
	after, _ := strconv.Atoi(c.Query("after"))
	if id := c.GetHeader("Last-Event-ID"); id != "" {
		after, _ = strconv.Atoi(id)
	}
	// Subscribe before reading the backlog, so nothing falls between them;
	// what arrives twice is skipped by its number.
	releaseNet, err := s.streamNets.Take(guard.AddrKey(c.ClientIP()))
	if err != nil {
		return streamRefusal(c, l, console.ErrStreams)
	}
	defer releaseNet()
	done, err := s.consoles.OpenStream(e)
	if err != nil {
		return streamRefusal(c, l, err)
	}
	defer done()
	ch, unsubscribe := e.Subscribe()
	defer unsubscribe()

	w := c.Writer
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no") // a proxy must not hold events back
	w.WriteHeader(http.StatusOK)
	fmt.Fprint(w, "retry: 2000\n\n")

	if after > 0 && e.Len() < after {
		// The session was reset or replaced since the page last saw it;
		// restarted says it is not the one the page knew (it ended, or
		// another instance holds the learner now).
		writeSSE(w, "reset", 0, resetData(restarted))
		after = 0
	}
	st := &consoleStream{s: s, c: c, l: l, e: e, last: after}
	if err := st.send(e.Events(after)); err != nil {
		return err
	}
	w.Flush()
	return st.follow(ch)
}

// consoleStream is one open event stream: last is the number of the last
// event written.
type consoleStream struct {
	s    *Server
	c    *gin.Context
	l    i18n.Lang
	e    *console.Session
	last int
}

// send writes events, laid out for the page.
func (st *consoleStream) send(events []exchange.Event) error {
	out, err := st.s.eventsOut(st.c, st.l, st.e, events)
	if err != nil {
		return err
	}
	for _, o := range out {
		b, err := json.Marshal(o)
		if err != nil {
			return fmt.Errorf("encode a console event: %w", err)
		}
		writeSSE(st.c.Writer, "", o.Seq, b)
		st.last = o.Seq
	}
	return nil
}

// follow writes what the session records until the page goes away or the
// session ends, with a heartbeat while nothing happens.
func (st *consoleStream) follow(ch <-chan console.Update) error {
	w := st.c.Writer
	tick := time.NewTicker(consoleHeartbeat)
	defer tick.Stop()
	ctx := st.c.Request.Context()
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-tick.C:
			fmt.Fprint(w, ": keep-alive\n\n")
			w.Flush()
		case u, open := <-ch:
			if !open {
				return nil // the session ended (idle, evicted, or shutdown)
			}
			switch {
			case u.Reset:
				writeSSE(w, "reset", 0, resetData(false))
				st.last = 0
			case u.Event.Seq <= st.last:
				continue
			case u.Event.Seq == st.last+1:
				if err := st.send([]exchange.Event{u.Event}); err != nil {
					return err
				}
			default:
				// Events were missed (a slow reader): catch up from the
				// timeline.
				if err := st.send(st.e.Events(st.last)); err != nil {
					return err
				}
			}
			w.Flush()
		}
	}
}

// streamRefusal is the answer past a bound of the event streams: 429 when
// the learner holds too many (tabs), 503 when the server does, in the
// learner's language, with a hint of when to try again.
func streamRefusal(c *gin.Context, l i18n.Lang, err error) error {
	x := i18n.ConsoleFor(l)
	c.Header("Retry-After", "30")
	if errors.Is(err, console.ErrLearnerStreams) {
		return &httpError{status: http.StatusTooManyRequests, msg: x.ErrStreamsLearner, err: err}
	}
	return &httpError{status: http.StatusServiceUnavailable, msg: x.ErrStreamsServer, err: err}
}

// resetData is the data of "event: reset": {"restarted": true} when the
// session the page knew is gone, so the page can say so.
func resetData(restarted bool) []byte {
	if restarted {
		return []byte(`{"restarted":true}`)
	}
	return []byte("{}")
}

// writeSSE writes one server-sent event; id 0 is written as "id: 0" so a
// reconnecting browser starts over after a reset.
func writeSSE(w gin.ResponseWriter, event string, id int, data []byte) {
	if event != "" {
		fmt.Fprintf(w, "event: %s\n", event)
	}
	fmt.Fprintf(w, "id: %d\ndata: %s\n\n", id, data)
}
