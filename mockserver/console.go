package mockserver

import (
	"context"
	"sync"

	"github.com/mcpplayground/playground/internal/exchange"
	"github.com/mcpplayground/playground/internal/grader"
	"github.com/mcpplayground/playground/internal/i18n"
)

// ConsoleOptions tune a console session.
type ConsoleOptions struct {
	// Lang is the language of the checker's reports ("" is the server's).
	Lang i18n.Lang
	// MaxEvents bounds the timeline kept in memory (default 1000); the
	// oldest events are dropped first.
	MaxEvents int
}

// ConsoleUpdate is what a subscriber receives: a new event of the
// timeline, or, with Reset, word that the session started again and the
// timeline is empty.
type ConsoleUpdate struct {
	Event exchange.Event
	Reset bool
}

// Console is a learner's own in-process session with the gift server, for
// the browser console: one source of an exchange. Every message in both
// directions goes into the session's exchange (judged, paired, kept in a
// bounded timeline) and to the subscribers. Notifications and server
// requests arrive while nothing is being sent. It is safe for concurrent
// use.
type Console struct {
	srv  *Server
	opts ConsoleOptions

	// mu orders recording: an event reaches the exchange and the
	// subscribers in the same order.
	mu     sync.Mutex
	sess   *Session
	x      *exchange.Exchange
	gen    int // bumped by Reset: messages of an older session are ignored
	subs   map[chan ConsoleUpdate]struct{}
	ctx    context.Context
	cancel context.CancelFunc
	closed bool
}

// NewConsole starts a console session.
func (s *Server) NewConsole(opts ConsoleOptions) *Console {
	if opts.Lang == "" {
		opts.Lang = s.cfg.Lang
	}
	c := &Console{srv: s, opts: opts, subs: make(map[chan ConsoleUpdate]struct{})}
	c.mu.Lock()
	c.startLocked()
	c.mu.Unlock()
	return c
}

func (c *Console) startLocked() {
	c.gen++
	gen := c.gen
	c.ctx, c.cancel = context.WithCancel(context.Background())
	c.sess = c.srv.NewSession(SessionOptions{Lang: c.opts.Lang, Sink: func(o Outbound) {
		c.record(gen, grader.SenderServer, o.Raw)
	}})
	c.x = exchange.New(exchange.Options{Lang: c.opts.Lang, MaxEvents: c.opts.MaxEvents, Log: c.srv.log})
}

// Protocol returns the revision the session negotiated ("" before initialize).
func (c *Console) Protocol() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.sess.Revision()
}

// Exchange is the current session's exchange (a new one after Reset).
func (c *Console) Exchange() *exchange.Exchange {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.x
}

// Send gives the server one message typed by the learner. It returns the
// events recorded while the server handled it: the learner's message, then
// what the server sent before its reply, then the reply. A request that
// waits (the slow tool, a tool that asks the learner something) answers
// later: its events arrive through Subscribe.
func (c *Console) Send(raw string) []exchange.Event {
	c.mu.Lock()
	if c.closed {
		c.mu.Unlock()
		return nil
	}
	sess, gen, ctx, x := c.sess, c.gen, c.ctx, c.x
	after := x.Len()
	c.mu.Unlock()

	b := []byte(raw)
	c.record(gen, grader.SenderClient, b)
	if len(b) > grader.MaxSize {
		tooLarge := newError(CodeInvalidRequest, "Invalid Request: the message is larger than %d bytes", grader.MaxSize)
		tooLarge.explain = false
		c.record(gen, grader.SenderServer, errorReply(nil, sess.localizeError(tooLarge)))
		return x.Events(after)
	}
	m, rerr := parseMessage(b)
	switch {
	case rerr != nil:
		if reply := sess.reject(m, rerr); reply != nil {
			c.record(gen, grader.SenderServer, reply)
		}
	default:
		rctx, rerr := sess.start(ctx, m)
		if rerr != nil {
			c.record(gen, grader.SenderServer, sess.reject(m, rerr))
			break
		}
		if m.kind == grader.KindRequest && sess.blocking(m) {
			go func() {
				if reply := sess.exec(rctx, m); reply != nil {
					c.record(gen, grader.SenderServer, reply)
				}
			}()
			break
		}
		if reply := sess.exec(rctx, m); reply != nil {
			c.record(gen, grader.SenderServer, reply)
		}
	}
	return x.Events(after)
}

// record adds one message to the exchange and tells the subscribers. The
// checker runs under the lock so that the timeline stays in order; it takes
// microseconds.
func (c *Console) record(gen int, from string, raw []byte) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if gen != c.gen || c.closed {
		return
	}
	e := c.x.Add(exchange.Message{Raw: raw, From: from, Time: c.srv.cfg.Clock.Now()})
	c.notifyLocked(ConsoleUpdate{Event: e})
}

// notifyLocked tells every subscriber (c.mu held).
func (c *Console) notifyLocked(u ConsoleUpdate) {
	for ch := range c.subs {
		select {
		case ch <- u:
		default:
			// A subscriber that does not keep up misses events; it can
			// catch up with Events.
		}
	}
}

// Events returns the recorded events whose Seq is greater than after, in
// order.
func (c *Console) Events(after int) []exchange.Event {
	return c.Exchange().Events(after)
}

// Pending returns the server requests still waiting for the learner's
// answer (a response with the same id).
func (c *Console) Pending() []exchange.Event {
	return c.Exchange().Waiting(grader.SenderServer)
}

// Subscribe returns a channel of the updates from now on, and a function
// that ends the subscription. Call Events first for the backlog.
func (c *Console) Subscribe() (<-chan ConsoleUpdate, func()) {
	ch := make(chan ConsoleUpdate, 256)
	c.mu.Lock()
	if c.closed {
		c.mu.Unlock()
		close(ch)
		return ch, func() {}
	}
	c.subs[ch] = struct{}{}
	c.mu.Unlock()
	var once sync.Once
	return ch, func() {
		once.Do(func() {
			c.mu.Lock()
			if _, ok := c.subs[ch]; ok {
				delete(c.subs, ch)
				close(ch)
			}
			c.mu.Unlock()
		})
	}
}

// Reset ends the session (cancelling what is in flight) and starts a new
// one with an empty exchange; subscribers get a Reset update.
func (c *Console) Reset() {
	c.mu.Lock()
	if c.closed {
		c.mu.Unlock()
		return
	}
	old, cancel := c.sess, c.cancel
	c.startLocked()
	c.notifyLocked(ConsoleUpdate{Reset: true})
	c.mu.Unlock()
	cancel()
	old.Close()
}

// Close ends the session and the subscriptions.
func (c *Console) Close() {
	c.mu.Lock()
	if c.closed {
		c.mu.Unlock()
		return
	}
	c.closed = true
	sess, cancel := c.sess, c.cancel
	for ch := range c.subs {
		delete(c.subs, ch)
		close(ch)
	}
	c.mu.Unlock()
	cancel()
	sess.Close()
}
