package clientcheck

import (
	"sync"
)

// inbound is one thing the client did: a message it sent (with the HTTP
// headers it carried), or its end.
type inbound struct {
	raw []byte
	// hdr is what the HTTP request carried (nil on stdio).
	hdr *headers
	// out is where the server's messages about this message go: the POST's
	// response for a request over HTTP, the pipe on stdio.
	out sink
	// problem is what the transport found wrong before any judging (a
	// message too large, a body that is not one JSON object…).
	problem string
	// gone is set when the client is gone (its process exited, the stdio
	// pipe closed): err says how.
	gone bool
	err  string // a key of words
	args []any
}

// headers are the MCP headers of an HTTP POST.
type headers struct {
	sessionID, version, method, name string
	hasSession, hasVersion           bool
	hasMethod, hasName               bool
	accept                           string
}

// sink takes the server's messages about one client message: send adds one
// (a notification or a request of the server, on the POST's stream), finish
// ends with the reply (nil: none, the stream just closes).
type sink interface {
	send(raw []byte)
	finish(raw []byte)
}

// postSink is the response of one HTTP POST: JSON when the reply comes
// first and alone, an SSE stream otherwise.
type postSink struct {
	ch   chan sinkItem
	once sync.Once
	done chan struct{}
}

type sinkItem struct {
	raw   []byte
	final bool
}

// maxQueued bounds the messages waiting to be written on one POST.
const maxQueued = 64

func newPostSink() *postSink {
	return &postSink{ch: make(chan sinkItem, maxQueued), done: make(chan struct{})}
}

func (p *postSink) send(raw []byte) { p.put(sinkItem{raw: raw}) }

func (p *postSink) finish(raw []byte) {
	p.put(sinkItem{raw: raw, final: true})
	p.once.Do(func() { close(p.done) })
}

func (p *postSink) put(it sinkItem) {
	select {
	case <-p.done:
	case p.ch <- it:
	default: // a stream whose reader is gone: drop rather than block the run
	}
}

// nopSink takes nothing: the message needs no answer (a notification or a
// response over HTTP is answered 202 at once).
type nopSink struct{}

func (nopSink) send([]byte)   {}
func (nopSink) finish([]byte) {}
