package servercheck

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"sync"
	"time"
)

// stdioTransport speaks newline-delimited JSON-RPC over a server's stdin
// and stdout; stderr is its log.
type stdioTransport struct {
	w     io.WriteCloser
	r     io.ReadCloser
	errR  io.ReadCloser // nil when there is no log
	inbox chan Incoming
	done  chan struct{}
	log   logBuffer
	wmu   sync.Mutex
	wg    sync.WaitGroup
	once  sync.Once
	// exited, when set, says why the server is gone (process status); stop
	// ends what is behind the pipes.
	exited func() string
	stop   func()
	pid    int // of a started process, 0 otherwise
	// errDone is closed when the log has been read to its end.
	errDone chan struct{}
}

// NewStdio returns a transport over a server's stdin (w), stdout (r) and
// stderr (errR, may be nil). stop, called by Close after the pipes are
// closed, ends what is behind them (nil: nothing).
func NewStdio(w io.WriteCloser, r io.ReadCloser, errR io.ReadCloser, stop func()) Transport {
	t := newStdio(w, r, errR)
	t.stop = stop
	t.start()
	return t
}

func newStdio(w io.WriteCloser, r io.ReadCloser, errR io.ReadCloser) *stdioTransport {
	return &stdioTransport{w: w, r: r, errR: errR, inbox: make(chan Incoming, inboxSize), done: make(chan struct{})}
}

func (t *stdioTransport) start() {
	if t.errR != nil {
		t.errDone = make(chan struct{})
		t.wg.Add(1)
		go t.readStderr()
	}
	t.wg.Add(1)
	go t.readStdout()
}

func (t *stdioTransport) Inbox() <-chan Incoming { return t.inbox }
func (t *stdioTransport) Log() string            { return t.log.take() }
func (t *stdioTransport) Handshaken(string)      {}

// Send writes one line. The write runs on its own goroutine so that a
// server that never reads its stdin cannot block the step past ctx; Close
// unblocks it.
func (t *stdioTransport) Send(ctx context.Context, raw []byte, _ SendInfo) error {
	line := append(bytes.Clone(raw), '\n')
	errc := make(chan error, 1)
	t.wg.Add(1)
	go func() {
		defer t.wg.Done()
		t.wmu.Lock()
		defer t.wmu.Unlock()
		_, err := t.w.Write(line)
		errc <- err
	}()
	select {
	case err := <-errc:
		if err != nil {
			return fmt.Errorf("%w (writing to its stdin: %v)", t.gone(), err)
		}
		return nil
	case <-ctx.Done():
		return fmt.Errorf("the server does not read its stdin: %w", ctx.Err())
	case <-t.done:
		return ErrClosed
	}
}

func (t *stdioTransport) readStdout() {
	defer t.wg.Done()
	lr := newLineReader(t.r, MaxMessageBytes)
	for {
		line, err := lr.next()
		switch {
		case errors.Is(err, ErrTooLarge):
			if !deliver(t.inbox, t.done, Incoming{Err: ErrTooLarge}) {
				return
			}
			continue
		case err != nil:
			if len(bytes.TrimSpace(line)) > 0 {
				if !deliver(t.inbox, t.done, Incoming{Raw: line, Err: ErrPartial}) {
					return
				}
			}
			deliver(t.inbox, t.done, Incoming{Err: t.gone(), Final: true})
			return
		}
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		if !deliver(t.inbox, t.done, Incoming{Raw: line}) {
			return
		}
	}
}

// gone says why the server is gone, once its log has been read to its end
// (its last lines often explain the exit).
func (t *stdioTransport) gone() error {
	if t.errDone != nil {
		select {
		case <-t.errDone:
		case <-time.After(stopGrace):
		case <-t.done:
		}
	}
	return t.goneError()
}

func (t *stdioTransport) goneError() error {
	if t.exited != nil {
		if why := t.exited(); why != "" {
			return fmt.Errorf("%w: %s", ErrClosed, why)
		}
	}
	return ErrClosed
}

// lineReader reads lines of at most max bytes. A longer line is reported
// (ErrTooLarge) as soon as it passes max, without waiting for its end, and
// the rest of it is skipped, so the next line is whole.
type lineReader struct {
	br       *bufio.Reader
	max      int
	skipping bool
}

func newLineReader(r io.Reader, max int) *lineReader {
	return &lineReader{br: bufio.NewReaderSize(r, 64<<10), max: max}
}

// next returns one line without its newline.
func (lr *lineReader) next() ([]byte, error) {
	var buf []byte
	for {
		chunk, err := lr.br.ReadSlice('\n')
		if lr.skipping {
			if err == nil {
				lr.skipping = false
			} else if !errors.Is(err, bufio.ErrBufferFull) {
				return nil, err
			}
			continue
		}
		if len(buf)+len(chunk) > lr.max+1 {
			lr.skipping = err != nil
			return nil, ErrTooLarge
		}
		buf = append(buf, chunk...)
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		if err != nil {
			return buf, err
		}
		return bytes.TrimSuffix(bytes.TrimSuffix(buf, []byte("\n")), []byte("\r")), nil
	}
}

func (t *stdioTransport) readStderr() {
	defer t.wg.Done()
	defer close(t.errDone)
	buf := make([]byte, 4096)
	for {
		n, err := t.errR.Read(buf)
		t.log.write(buf[:n])
		if err != nil {
			return
		}
	}
}

// Close closes the pipes, ends the server and waits for every goroutine.
func (t *stdioTransport) Close() error {
	t.once.Do(func() {
		close(t.done)
		_ = t.w.Close()
		if t.stop != nil {
			t.stop()
		}
		_ = t.r.Close()
		if t.errR != nil {
			_ = t.errR.Close()
		}
	})
	t.wg.Wait()
	return nil
}

// logBuffer keeps the last maxLogBytes of a log since the last take.
type logBuffer struct {
	mu      sync.Mutex
	buf     []byte
	dropped bool
	// grew is broadcast, under mu, at each write (made on first use):
	// tests wait on it for a line instead of polling.
	grew *sync.Cond
}

func (l *logBuffer) write(p []byte) {
	l.mu.Lock()
	defer l.mu.Unlock()
	defer l.grown().Broadcast()
	l.buf = append(l.buf, p...)
	if over := len(l.buf) - maxLogBytes; over > 0 {
		l.buf = append(l.buf[:0], l.buf[over:]...)
		l.dropped = true
	}
}

// grown returns grew, made on first use; l.mu must be held.
func (l *logBuffer) grown() *sync.Cond {
	if l.grew == nil {
		l.grew = sync.NewCond(&l.mu)
	}
	return l.grew
}

func (l *logBuffer) take() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	s := string(l.buf)
	if l.dropped {
		s = "[…]\n" + s
	}
	l.buf, l.dropped = l.buf[:0], false
	return s
}
