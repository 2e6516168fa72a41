package mockserver

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/mcpplayground/playground/internal/grader"
)

// Directions of console events.
const (
	DirectionIn  = "in"  // from the learner to the server
	DirectionOut = "out" // from the server to the learner
	// DirectionReset is the direction of the event a subscriber gets when
	// the session is reset: it should clear its timeline.
	DirectionReset = "reset"
)

// Event is one message of a console session's timeline, with the checker's
// report on it.
type Event struct {
	Seq       int       `json:"seq"`
	Direction string    `json:"direction"`
	Raw       string    `json:"raw"`
	Time      time.Time `json:"time"`
	// Kind is request, notification, response, error (an error response) or
	// invalid, as the server read the message.
	Kind   string          `json:"kind"`
	Method string          `json:"method,omitempty"`
	ID     json.RawMessage `json:"id,omitempty"`
	// ExpectsReply is true for a request: a response with the same id is
	// due from the other side. Notifications expect none.
	ExpectsReply bool `json:"expectsReply"`
	// ReplyTo is, on a response, the Seq of the request it answers (0 when
	// it answers nothing known), so a timeline pairs them even out of order.
	ReplyTo int `json:"replyTo,omitempty"`
	// Report is the checker's verdict on the message, warnings included.
	Report grader.Report `json:"report"`
}

// ConsoleOptions tune a console session.
type ConsoleOptions struct {
	// Lang is the language of the checker's reports ("en" or "fr").
	Lang string
	// MaxEvents bounds the timeline kept in memory (default 1000); the
	// oldest events are dropped first.
	MaxEvents int
}

// Console is a learner's own in-process session with the gift server, for
// the browser console: it records every message in both directions with the
// checker's report, pairs requests and replies by id, and streams the
// timeline to subscribers. Notifications and server requests arrive while
// nothing is being sent. It is safe for concurrent use.
type Console struct {
	srv  *Server
	opts ConsoleOptions

	mu   sync.Mutex
	sess *Session
	gen  int // bumped by Reset: events of an older session are ignored
	// events is the timeline as a ring: it grows up to MaxEvents, then each
	// new event overwrites the oldest, at head, so that adding one costs
	// the same however long the timeline is. In order, the timeline is
	// events[head:] then events[:head]; head is 0 until the ring is full.
	events []Event
	head   int
	seq    int
	subs   map[chan Event]struct{}
	// requests in flight by direction and id: the Seq and raw text of the
	// request, to pair and check its reply.
	inReq  map[string]pendingReq // learner requests
	outReq map[string]pendingReq // server requests
	// lastUnread is the Seq of the learner's last message whose id could
	// not be read: an error reply with a null id answers it.
	lastUnread int
	ctx        context.Context
	cancel     context.CancelFunc
	closed     bool
}

type pendingReq struct {
	seq int
	raw []byte
	rev string // the revision the request was sent under
}

// NewConsole starts a console session.
func (s *Server) NewConsole(opts ConsoleOptions) *Console {
	if opts.Lang == "" {
		opts.Lang = s.cfg.Lang
	}
	if opts.MaxEvents <= 0 {
		opts.MaxEvents = 1000
	}
	c := &Console{srv: s, opts: opts, subs: make(map[chan Event]struct{})}
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
		c.record(gen, DirectionOut, o.Raw)
	}})
	c.events, c.head = nil, 0
	c.seq = 0
	c.inReq = make(map[string]pendingReq)
	c.outReq = make(map[string]pendingReq)
}

// Protocol returns the revision the session negotiated ("" before initialize).
func (c *Console) Protocol() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.sess.Revision()
}

// Send gives the server one message typed by the learner. It returns the
// events recorded while the server handled it: the learner's message, then
// what the server sent before its reply, then the reply. A request that
// waits (the slow tool, a tool that asks the learner something) answers
// later: its events arrive through Subscribe.
func (c *Console) Send(raw string) []Event {
	c.mu.Lock()
	if c.closed {
		c.mu.Unlock()
		return nil
	}
	sess, gen, ctx := c.sess, c.gen, c.ctx
	first := c.seq + 1
	c.mu.Unlock()

	b := []byte(raw)
	if len(b) > grader.MaxSize {
		// Keep the timeline small: the start of the text stands for it.
		c.recordOversize(gen, b)
		c.record(gen, DirectionOut, errorReply(nil, &rpcError{Code: CodeInvalidRequest, Message: fmt.Sprintf("Invalid Request: the message is larger than %d bytes", grader.MaxSize)}))
		return c.Events(first - 1)
	}
	c.record(gen, DirectionIn, b)
	m, rerr := parseMessage(b)
	switch {
	case rerr != nil:
		if reply := sess.reject(m, rerr); reply != nil {
			c.record(gen, DirectionOut, reply)
		}
	default:
		rctx, rerr := sess.start(ctx, m)
		if rerr != nil {
			c.record(gen, DirectionOut, sess.reject(m, rerr))
			break
		}
		if m.kind == KindRequest && sess.blocking(m) {
			go func() {
				if reply := sess.exec(rctx, m); reply != nil {
					c.record(gen, DirectionOut, reply)
				}
			}()
			break
		}
		if reply := sess.exec(rctx, m); reply != nil {
			c.record(gen, DirectionOut, reply)
		}
	}
	return c.Events(first - 1)
}

// recordOversize records a message too large to keep: its first 2 KiB.
func (c *Console) recordOversize(gen int, raw []byte) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if gen != c.gen || c.closed {
		return
	}
	rev := c.sess.Revision()
	if rev == "" {
		rev = grader.DefaultRevision
	}
	c.seq++
	e := Event{
		Seq: c.seq, Direction: DirectionIn, Time: c.srv.cfg.Clock.Now(), Kind: "invalid",
		Raw:    fmt.Sprintf("%s… (%d bytes)", strings.ToValidUTF8(string(raw[:2048]), ""), len(raw)),
		Report: c.check(raw, grader.Options{Protocol: rev, Lang: c.opts.Lang, Sender: "client"}),
	}
	c.lastUnread = e.Seq
	c.appendLocked(e)
}

// record appends one message to the timeline and tells the subscribers. The
// checker runs under the lock so that the timeline stays in order; it takes
// microseconds.
func (c *Console) record(gen int, dir string, raw []byte) {
	m, _ := parseMessage(raw)
	c.mu.Lock()
	defer c.mu.Unlock()
	if gen != c.gen || c.closed {
		return
	}
	rev := c.sess.Revision()
	if rev == "" {
		// Messages the server sends on its own during a 2026-07-28
		// request speak that revision.
		for _, pr := range c.inReq {
			if pr.rev == Rev20260728 {
				rev = Rev20260728
			}
		}
	}
	c.seq++
	e := Event{Seq: c.seq, Direction: dir, Raw: string(raw), Time: c.srv.cfg.Clock.Now(), Kind: "invalid"}
	var request []byte
	if m != nil {
		e.Method, e.ID = m.method, m.id
		switch m.kind {
		case KindRequest:
			e.Kind, e.ExpectsReply = "request", true
			p, _ := decodeParams(m.params)
			pr := pendingReq{seq: e.Seq, raw: raw}
			if v, modern, _ := modernVersion(p); modern {
				rev, pr.rev = v, v
			}
			if dir == DirectionIn {
				c.inReq[m.idKey()] = pr
			} else {
				c.outReq[m.idKey()] = pr
			}
		case KindNotification:
			e.Kind = "notification"
		case KindResponse:
			e.Kind = "response"
			if m.errObj != nil {
				e.Kind = "error"
			}
			// A response answers a request of the other side.
			other := c.inReq
			if dir == DirectionIn {
				other = c.outReq
			}
			if dir == DirectionOut && (m.id == nil || string(m.id) == "null") {
				// The server's error about a message whose id it could
				// not read answers the learner's last such message.
				e.ReplyTo, c.lastUnread = c.lastUnread, 0
			} else if pr, ok := other[m.idKey()]; ok {
				e.ReplyTo, request = pr.seq, pr.raw
				if pr.rev != "" {
					rev = pr.rev
				}
				delete(other, m.idKey())
			}
		}
		switch {
		case m.kind == KindInvalid && dir == DirectionIn && m.id != nil:
			// The server answers an invalid message whose id it could
			// read: pair that error with it.
			c.inReq[m.idKey()] = pendingReq{seq: e.Seq, raw: raw}
		case m.kind == KindInvalid && dir == DirectionIn:
			c.lastUnread = e.Seq
		}
	}
	if rev == "" {
		rev = grader.DefaultRevision
	}
	sender := "client"
	if dir == DirectionOut {
		sender = "server"
	}
	e.Report = c.check(raw, grader.Options{Protocol: rev, Lang: c.opts.Lang, Sender: sender, Request: request})
	c.appendLocked(e)
}

// appendLocked adds an event to the bounded timeline and tells the
// subscribers (c.mu held).
func (c *Console) appendLocked(e Event) {
	switch n := len(c.events); {
	case n >= c.opts.MaxEvents:
		c.events[c.head] = e
		c.head = (c.head + 1) % n
	case n == cap(c.events):
		// Grow by doubling, but never past the cap: a full ring holds
		// exactly MaxEvents events and no spare room.
		grown := make([]Event, n, min(max(2*n, 16), c.opts.MaxEvents))
		copy(grown, c.events)
		c.events = append(grown, e)
	default:
		c.events = append(c.events, e)
	}
	for ch := range c.subs {
		select {
		case ch <- e:
		default:
			// A subscriber that does not keep up misses events; it can
			// catch up with Events.
		}
	}
}

func (c *Console) check(raw []byte, opts grader.Options) (rep grader.Report) {
	defer func() {
		if r := recover(); r != nil {
			c.srv.log.Error("checker panicked", "panic", r)
			rep = grader.Report{Protocol: opts.Protocol, Kind: grader.KindInvalid, Diagnostics: []grader.Diagnostic{}}
		}
	}()
	return grader.Check(raw, opts)
}

// Events returns the recorded events whose Seq is greater than after, in
// order.
func (c *Console) Events(after int) []Event {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.eventsLocked(after)
}

// eventsLocked copies the events whose Seq is greater than after, in order
// (c.mu held). Seqs grow along the timeline, so a binary search finds the
// first one: Send asks for the last few events of a long timeline.
func (c *Console) eventsLocked(after int) []Event {
	older, newer := c.events[c.head:], c.events[:c.head]
	if len(newer) > 0 && newer[0].Seq <= after {
		// Nothing older is wanted.
		i, _ := slices.BinarySearchFunc(newer, after+1, bySeq)
		return append(make([]Event, 0, len(newer)-i), newer[i:]...)
	}
	i, _ := slices.BinarySearchFunc(older, after+1, bySeq)
	out := make([]Event, 0, len(older)-i+len(newer))
	return append(append(out, older[i:]...), newer...)
}

func bySeq(e Event, seq int) int { return e.Seq - seq }

// Pending returns the server requests still waiting for the learner's
// answer (a response with the same id).
func (c *Console) Pending() []Event {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := []Event{}
	for _, part := range [2][]Event{c.events[c.head:], c.events[:c.head]} {
		for _, e := range part {
			if e.Direction == DirectionOut && e.Kind == "request" {
				if _, waiting := c.outReq[string(e.ID)]; waiting {
					out = append(out, e)
				}
			}
		}
	}
	return out
}

// Subscribe returns a channel of the events recorded from now on, and a
// function that ends the subscription. Call Events first for the backlog.
func (c *Console) Subscribe() (<-chan Event, func()) {
	ch := make(chan Event, 256)
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
// one with an empty timeline; subscribers get a DirectionReset event.
func (c *Console) Reset() {
	c.mu.Lock()
	if c.closed {
		c.mu.Unlock()
		return
	}
	old, cancel := c.sess, c.cancel
	c.startLocked()
	for ch := range c.subs {
		select {
		case ch <- Event{Direction: DirectionReset, Time: c.srv.cfg.Clock.Now()}:
		default:
		}
	}
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

// JSONLines returns the timeline as JSON Lines, one message per line:
// {"seq":…,"direction":"in"|"out","time":…,"message":{…}}; a message that is
// not JSON is given as a string in "text" instead.
func (c *Console) JSONLines() []byte {
	var buf bytes.Buffer
	for _, e := range c.Events(0) {
		line := struct {
			Seq       int             `json:"seq"`
			Direction string          `json:"direction"`
			Time      time.Time       `json:"time"`
			Message   json.RawMessage `json:"message,omitempty"`
			Text      string          `json:"text,omitempty"`
		}{Seq: e.Seq, Direction: e.Direction, Time: e.Time}
		var compact bytes.Buffer
		if json.Compact(&compact, []byte(e.Raw)) == nil {
			line.Message = compact.Bytes()
		} else {
			line.Text = e.Raw
		}
		buf.Write(marshal(line))
		buf.WriteByte('\n')
	}
	return buf.Bytes()
}
