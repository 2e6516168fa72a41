package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http/httputil"
	neturl "net/url"
	"strconv"
	"time"
)

// loadConn is one session's own keep-alive connection for the load loop.
// It writes each request by hand and reads the answer's status line,
// headers and body (JSON or an SSE stream, whole or in chunks) itself.
// net/http's client (its pool, the two goroutines each request passes
// through, a Response and its header map) cost this process, which both
// servers share, about as much as the gift server's whole answer, the
// same for both servers, and so hid most of the difference between them;
// a load tool such as wrk keeps its client lean for the same reason.
type loadConn struct {
	conn net.Conn
	br   *bufio.Reader
	head []byte // the request's headers up to Content-Length's value
	req  []byte
	body bytes.Buffer
}

// dialLoad opens a connection for session sid of the server at url.
func dialLoad(url, sid string) (*loadConn, error) {
	u, err := neturl.Parse(url)
	if err != nil {
		return nil, fmt.Errorf("parsing %s: %w", url, err)
	}
	c, err := net.Dial("tcp", u.Host)
	if err != nil {
		return nil, fmt.Errorf("dialing %s: %w", u.Host, err)
	}
	head := "POST " + u.Path + " HTTP/1.1\r\nHost: " + u.Host +
		"\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream" +
		"\r\nMcp-Session-Id: " + sid + "\r\nMcp-Protocol-Version: 2025-11-25\r\nContent-Length: "
	return &loadConn{conn: c, br: bufio.NewReaderSize(c, 8<<10), head: []byte(head)}, nil
}

// call posts one message and reads the whole answer; the bytes are valid
// until the next call.
func (lc *loadConn) call(body string, deadline time.Time) ([]byte, error) {
	if err := lc.conn.SetDeadline(deadline); err != nil {
		return nil, err
	}
	lc.req = append(lc.req[:0], lc.head...)
	lc.req = strconv.AppendInt(lc.req, int64(len(body)), 10)
	lc.req = append(lc.req, "\r\n\r\n"...)
	lc.req = append(lc.req, body...)
	if _, err := lc.conn.Write(lc.req); err != nil {
		return nil, err
	}
	status, length, chunked, closing, err := lc.readHead()
	if err != nil {
		return nil, err
	}
	lc.body.Reset()
	switch {
	case chunked:
		if _, err = io.Copy(&lc.body, httputil.NewChunkedReader(lc.br)); err == nil {
			err = lc.skipTrailer()
		}
	case length >= 0:
		_, err = io.CopyN(&lc.body, lc.br, length)
	default:
		err = errors.New("an answer with neither Content-Length nor chunks")
	}
	switch {
	case err != nil:
		return nil, err
	case status >= 300:
		return nil, fmt.Errorf("HTTP %d: %s", status, lc.body.Bytes())
	case closing:
		return nil, errors.New("the server closed the connection")
	}
	return lc.body.Bytes(), nil
}

// readHead reads an answer's status line and headers: the status, the
// Content-Length (-1 when absent), whether the body comes in chunks and
// whether the server closes the connection after it.
func (lc *loadConn) readHead() (status int, length int64, chunked, closing bool, err error) {
	line, err := lc.br.ReadSlice('\n')
	if err != nil {
		return 0, 0, false, false, err
	}
	if len(line) < 12 || !bytes.HasPrefix(line, []byte("HTTP/1.1 ")) {
		return 0, 0, false, false, fmt.Errorf("not an HTTP/1.1 status line: %q", line)
	}
	if status, err = strconv.Atoi(string(line[9:12])); err != nil {
		return 0, 0, false, false, fmt.Errorf("status line %q: %w", line, err)
	}
	length = -1
	for {
		line, err = lc.br.ReadSlice('\n')
		if err != nil {
			return 0, 0, false, false, err
		}
		line = bytes.TrimRight(line, "\r\n")
		if len(line) == 0 {
			return status, length, chunked, closing, nil
		}
		name, value, _ := bytes.Cut(line, []byte(":"))
		value = bytes.TrimSpace(value)
		switch {
		case bytes.EqualFold(name, []byte("Content-Length")):
			if length, err = strconv.ParseInt(string(value), 10, 64); err != nil {
				return 0, 0, false, false, fmt.Errorf("Content-Length %q: %w", value, err)
			}
		case bytes.EqualFold(name, []byte("Transfer-Encoding")):
			chunked = bytes.EqualFold(value, []byte("chunked"))
		case bytes.EqualFold(name, []byte("Connection")):
			closing = bytes.EqualFold(value, []byte("close"))
		}
	}
}

// skipTrailer reads what follows the last chunk, up to the empty line.
func (lc *loadConn) skipTrailer() error {
	for {
		line, err := lc.br.ReadSlice('\n')
		if err != nil {
			return err
		}
		if len(bytes.TrimRight(line, "\r\n")) == 0 {
			return nil
		}
	}
}

func (lc *loadConn) close() { _ = lc.conn.Close() }
