package servercheck

import (
	"context"
	"net"
	"net/http"
	"sync"
	"testing"
)

// pipeServer is an HTTP server on an in-memory network, for a synctest
// bubble: each dial is one net.Pipe, whose server end the listener
// accepts. Whoever waits on it waits on a channel, so the bubble's clock
// moves while both sides wait, synctest.Wait tells when both have done all
// they can, and the bubble's end is the end of every goroutine of both.
type pipeServer struct {
	srv   *http.Server
	conns chan net.Conn
	done  chan struct{}
	close sync.Once

	mu   sync.Mutex
	open int // the server's connections not closed yet
}

// servePipes serves h on a new in-memory network until the test ends.
func servePipes(t *testing.T, h http.Handler) *pipeServer {
	p := &pipeServer{conns: make(chan net.Conn), done: make(chan struct{})}
	p.srv = &http.Server{Handler: h, ConnState: p.track}
	served := make(chan struct{})
	go func() {
		defer close(served)
		_ = p.srv.Serve(p)
	}()
	t.Cleanup(func() {
		_ = p.srv.Close()
		<-served
	})
	return p
}

// client is an HTTP client that reaches the server whatever the URL's host.
func (p *pipeServer) client() *http.Client {
	return &http.Client{Transport: &http.Transport{DialContext: p.dial}}
}

func (p *pipeServer) dial(ctx context.Context, _, _ string) (net.Conn, error) {
	c, s := net.Pipe()
	select {
	case p.conns <- s:
		return c, nil
	case <-p.done:
		return nil, net.ErrClosed
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// Open counts the server's connections the client has not closed.
func (p *pipeServer) Open() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.open
}

func (p *pipeServer) track(_ net.Conn, s http.ConnState) {
	p.mu.Lock()
	defer p.mu.Unlock()
	switch s {
	case http.StateNew:
		p.open++
	case http.StateClosed, http.StateHijacked:
		p.open--
	}
}

// Accept, Close and Addr make the server its own listener.
func (p *pipeServer) Accept() (net.Conn, error) {
	select {
	case c := <-p.conns:
		return c, nil
	case <-p.done:
		return nil, net.ErrClosed
	}
}

func (p *pipeServer) Close() error {
	p.close.Do(func() { close(p.done) })
	return nil
}

func (p *pipeServer) Addr() net.Addr { return pipeAddr{} }

type pipeAddr struct{}

func (pipeAddr) Network() string { return "pipe" }
func (pipeAddr) String() string  { return "pipe" }
