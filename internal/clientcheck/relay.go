package clientcheck

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"sync"
	"time"
)

// A client that starts its server on stdio starts the relay instead
// (`playground check-client-relay ADDR TOKEN`): the relay dials the run's
// loopback listener, says its token, and pipes its standard input and
// output through that connection, one message a line.

// relayListener accepts the one relay of a run.
type relayListener struct {
	ln    net.Listener
	token string
}

// listenRelay listens on a free loopback port for the run's relay.
func listenRelay() (*relayListener, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, fmt.Errorf("listen for the stdio relay: %w", err)
	}
	return &relayListener{ln: ln, token: randomToken(16)}, nil
}

func (l *relayListener) addr() string { return l.ln.Addr().String() }

// serve accepts connections until one says the token, then feeds the
// session from it until it closes or the session ends.
func (l *relayListener) serve(s *Session) {
	defer l.ln.Close()
	go func() { <-s.done; l.ln.Close() }()
	for {
		c, err := l.ln.Accept()
		if err != nil {
			return
		}
		br := bufio.NewReaderSize(c, 4096)
		_ = c.SetReadDeadline(time.Now().Add(5 * time.Second))
		line, err := br.ReadString('\n')
		if err != nil || line != l.token+"\n" {
			c.Close()
			continue
		}
		_ = c.SetReadDeadline(time.Time{})
		l.ln.Close()
		pipe(s, c, br)
		return
	}
}

// pipeSink writes the server's messages to the relay, one a line.
type pipeSink struct {
	mu sync.Mutex
	w  io.Writer
}

func (p *pipeSink) send(raw []byte) {
	if raw == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	_, _ = p.w.Write(append(bytes.Clone(raw), '\n'))
}

func (p *pipeSink) finish(raw []byte) { p.send(raw) }

// pipe reads the client's messages, one a line, into the session.
func pipe(s *Session, c net.Conn, br *bufio.Reader) {
	defer c.Close()
	go func() { <-s.done; c.Close() }()
	out := &pipeSink{w: c}
	sc := bufio.NewScanner(br)
	sc.Buffer(make([]byte, 64<<10), MaxMessageBytes+1)
	for sc.Scan() {
		line := bytes.TrimSpace(sc.Bytes())
		if len(line) == 0 {
			continue
		}
		if !s.put(inbound{raw: bytes.Clone(line), out: out}, nil) {
			return
		}
	}
	in := inbound{gone: true, err: keyStdinClosed}
	if errors.Is(sc.Err(), bufio.ErrTooLong) {
		in = inbound{raw: []byte("…"), out: out, problem: keyTooLarge}
	}
	s.put(in, nil)
}

// Relay is the hidden subcommand's work: dial addr, say token, and pipe
// stdin to the connection and the connection to stdout until either ends.
func Relay(ctx context.Context, addr, token string, stdin io.Reader, stdout io.Writer) error {
	var d net.Dialer
	c, err := d.DialContext(ctx, "tcp", addr)
	if err != nil {
		return fmt.Errorf("reach the check-client run at %s: %w", addr, err)
	}
	defer c.Close()
	if _, err := io.WriteString(c, token+"\n"); err != nil {
		return fmt.Errorf("greet the check-client run: %w", err)
	}
	done := make(chan struct{}, 2)
	go func() { _, _ = io.Copy(c, stdin); done <- struct{}{} }()
	go func() { _, _ = io.Copy(stdout, c); done <- struct{}{} }()
	<-done
	return nil
}
