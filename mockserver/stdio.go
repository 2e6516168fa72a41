package mockserver

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/mcpplayground/playground/internal/grader"
	"io"
	"strings"
	"sync"
)

// MaxMessageBytes is the largest message the server reads (stdio line or
// HTTP body); a larger one is answered with an error and skipped.
const MaxMessageBytes = 4 << 20

// blocking reports whether a request may wait (on the clock or on the
// client): transports run those on their own goroutine so that the session
// keeps reading, and stream what they send before the reply.
func (s *Session) blocking(m *message) bool {
	switch m.method {
	case "subscriptions/listen", "tasks/result":
		return true
	case "tools/call":
		t := s.srv.findTool(toolName(m))
		return t != nil && t.blocking
	}
	return false
}

// toolName is params.name as a struct with a Name string field reads it
// (encoding/json matches "NAME" too), "" when it cannot be read; from the
// decoded params unless another case of "name" is there.
func toolName(m *message) string {
	if fields, err := m.decodedParams(); err == nil && len(m.params) > 0 {
		if !hasOtherCase(fields, "name") {
			f, _ := fields.field("name")
			return f.Str // "" when it is not a string, as json.Unmarshal leaves it
		}
	}
	return nameField(m.params)
}

// nameField is what encoding/json reads into a struct's Name string field
// from params ("" when it cannot).
func nameField(params json.RawMessage) string {
	var p struct {
		Name string `json:"name"`
	}
	if json.Unmarshal(params, &p) != nil {
		return ""
	}
	return p.Name
}

// hasOtherCase tells whether p has a key that encoding/json would match
// to name, other than name itself.
func hasOtherCase(p params, name string) bool {
	for _, f := range p.fields {
		if f.Name != name && strings.EqualFold(f.Name, name) {
			return true
		}
	}
	return false
}

// ServeStdio serves one client on newline-delimited JSON-RPC over r and w
// (the stdio transport) until r ends or ctx is done. Messages the server
// sends on its own (notifications, its requests) are written as they happen.
func (s *Server) ServeStdio(ctx context.Context, r io.Reader, w io.Writer) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var wmu sync.Mutex
	var werr error
	write := func(b []byte) {
		wmu.Lock()
		defer wmu.Unlock()
		if werr != nil {
			return
		}
		// The stdio transport forbids embedded newlines; our encoder never
		// writes any, and a learner's raw text is never echoed.
		b = append(b[:len(b):len(b)], '\n')
		_, werr = w.Write(b)
	}
	if b := s.banner(); b != "" {
		if _, err := io.WriteString(w, b); err != nil {
			return fmt.Errorf("writing stdout: %w", err)
		}
	}
	sess := s.NewSession(SessionOptions{Sink: func(o Outbound) { write(o.Raw) }})
	defer sess.Close()
	var wg sync.WaitGroup
	defer wg.Wait()

	br := bufio.NewReaderSize(r, 64<<10)
	for {
		line, tooLong, err := readLine(br)
		if len(bytes.TrimSpace(line)) > 0 || tooLong {
			if tooLong {
				write(errorReply(nil, &rpcError{Code: CodeInvalidRequest, Message: fmt.Sprintf("Invalid Request: the message is larger than %d bytes", MaxMessageBytes)}))
			} else {
				s.stdioMessage(ctx, sess, line, write, &wg)
			}
		}
		if err != nil {
			cancel()
			sess.Close()
			if errors.Is(err, io.EOF) {
				return nil
			}
			return fmt.Errorf("reading stdin: %w", err)
		}
		if ctx.Err() != nil {
			return nil
		}
	}
}

func (s *Server) stdioMessage(ctx context.Context, sess *Session, line []byte, write func([]byte), wg *sync.WaitGroup) {
	m, rerr := parseMessage(line)
	if rerr != nil {
		if reply := sess.reject(m, rerr); reply != nil {
			write(reply)
		}
		return
	}
	rctx, rerr := sess.start(ctx, m)
	if rerr != nil {
		write(sess.reject(m, rerr))
		return
	}
	if m.kind == grader.KindRequest && sess.blocking(m) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if reply := sess.exec(rctx, m); reply != nil {
				write(reply)
			}
		}()
		return
	}
	if reply := sess.exec(rctx, m); reply != nil {
		write(reply)
	}
}

// readLine reads one line (without its newline). A line longer than
// MaxMessageBytes is consumed and reported as tooLong.
func readLine(br *bufio.Reader) (line []byte, tooLong bool, err error) {
	var buf []byte
	for {
		chunk, isPrefix, err := br.ReadLine()
		if len(buf)+len(chunk) > MaxMessageBytes {
			tooLong = true
		} else {
			buf = append(buf, chunk...)
		}
		if err != nil {
			return buf, tooLong, err
		}
		if !isPrefix {
			if tooLong {
				return nil, true, nil
			}
			return buf, false, nil
		}
	}
}
