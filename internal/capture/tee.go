package capture

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"github.com/mcpplayground/playground/internal/grader"
	"io"
)

// Tee copies newline-delimited messages between a client and a server, in
// both directions, and records each one before passing it on, so that a reply
// is never recorded before the message it answers.
type Tee struct {
	Log *Log
}

// Run copies fromClient to toServer and fromServer to toClient until the
// server's side ends (its output closes) or ctx is done. When the client's
// side ends, toServer is closed, which tells a stdio server to exit.
func (t *Tee) Run(ctx context.Context, fromClient io.Reader, toServer io.WriteCloser, fromServer io.Reader, toClient io.Writer) error {
	clientDone := make(chan error, 1)
	serverDone := make(chan error, 1)
	go func() {
		err := t.copyLines(grader.SenderClient, fromClient, toServer)
		if cerr := toServer.Close(); err == nil {
			err = cerr
		}
		clientDone <- err
	}()
	go func() { serverDone <- t.copyLines(grader.SenderServer, fromServer, toClient) }()
	select {
	case err := <-serverDone:
		select {
		case cerr := <-clientDone:
			if err == nil {
				err = cerr
			}
		default: // the client may keep its side open after the server is gone
		}
		return err
	case <-ctx.Done():
		return fmt.Errorf("capture: tee: %w", ctx.Err())
	}
}

// copyLines records and forwards each line of src, sent by from.
func (t *Tee) copyLines(from string, src io.Reader, dst io.Writer) error {
	sc := bufio.NewScanner(src)
	sc.Buffer(make([]byte, 64<<10), MaxLine)
	var out []byte
	for sc.Scan() {
		line := sc.Bytes() // without its \n or \r\n
		if len(bytes.TrimSpace(line)) > 0 {
			if err := t.Log.Add(from, TransportStdio, line, nil); err != nil {
				return err
			}
		}
		out = append(append(out[:0], line...), '\n')
		if _, err := dst.Write(out); err != nil {
			return fmt.Errorf("capture: forward a %s message: %w", from, err)
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("capture: read the %s's messages: %w", from, err)
	}
	return nil
}
