package mockserver

import (
	"bytes"
	"context"
	"time"

	"github.com/mcpplayground/playground/internal/grader"
	"github.com/mcpplayground/playground/internal/i18n"
)

// ConsoleTransport is the browser console's in-process transport: it hands
// the learner's raw messages to one gift-server session and the server's
// raw messages back, nothing more. The console (internal/console) owns
// the conversation: it records both directions in its exchange, judges and
// pairs them there, and tells its subscribers.
type ConsoleTransport struct {
	srv    *Server
	sess   *Session
	out    func(raw []byte)
	lang   i18n.Lang
	ctx    context.Context
	cancel context.CancelFunc
}

// NewConsoleTransport starts a session speaking lang ("" is the server's)
// whose every message to the client goes to out: the replies Send waits
// for before it returns, and the notifications, server requests and
// replies of requests that wait, from the session's own goroutines. out
// must not block.
func (s *Server) NewConsoleTransport(lang i18n.Lang, out func(raw []byte)) *ConsoleTransport {
	if lang == "" {
		lang = s.cfg.Lang
	}
	ctx, cancel := context.WithCancel(context.Background())
	sess := s.NewSession(SessionOptions{Lang: lang, Sink: func(o Outbound) { out(o.Raw) }})
	return &ConsoleTransport{srv: s, sess: sess, out: out, lang: lang, ctx: ctx, cancel: cancel}
}

// Send gives the server one message from the learner; out receives what
// the server sends while it handles it, then its reply, before Send
// returns. A request that waits (the slow tool, a tool that asks the
// learner something) is answered later, from another goroutine. A message
// past grader.MaxSize is refused unread.
func (t *ConsoleTransport) Send(b []byte) {
	sess, out := t.sess, t.out
	if len(b) > grader.MaxSize {
		tooLarge := newError(CodeInvalidRequest, "Invalid Request: the message is larger than %d bytes", grader.MaxSize)
		tooLarge.explain = false
		out(errorReply(nil, sess.localizeError(tooLarge)))
		return
	}
	m, rerr := parseMessage(bytes.Clone(b))
	if rerr != nil {
		if reply := sess.reject(m, rerr); reply != nil {
			out(reply)
		}
		return
	}
	rctx, rerr := sess.start(t.ctx, m)
	if rerr != nil {
		out(sess.reject(m, rerr))
		return
	}
	if m.kind == grader.KindRequest && sess.blocking(m) {
		go func() {
			if reply := sess.exec(rctx, m); reply != nil {
				out(reply)
			}
		}()
		return
	}
	if reply := sess.exec(rctx, m); reply != nil {
		out(reply)
	}
}

// Revision is the revision the session negotiated ("" before initialize).
func (t *ConsoleTransport) Revision() string { return t.sess.Revision() }

// Lang is the language the session speaks.
func (t *ConsoleTransport) Lang() i18n.Lang { return t.lang }

// Now is the gift server's clock, for the time of each message recorded.
func (t *ConsoleTransport) Now() time.Time { return t.srv.cfg.Clock.Now() }

// Close ends the session, cancelling what is in flight.
func (t *ConsoleTransport) Close() {
	t.cancel()
	t.sess.Close()
}
