package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"net"
	"net/http"
	neturl "net/url"
	"strconv"
	"time"
)

// loadConn is one session's own keep-alive connection for the load loop.
// It writes each request by hand and reads the answer with
// http.ReadResponse (JSON or an SSE stream, chunked or not), without
// net/http's Transport: its pool and the two goroutines each request
// passes through cost this process, which both servers share, about as
// much as the gift server's whole answer, the same for both servers, and
// so hid most of the difference between them (a load tool such as wrk
// keeps its client lean for the same reason).
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
	resp, err := http.ReadResponse(lc.br, nil)
	if err != nil {
		return nil, err
	}
	lc.body.Reset()
	_, err = io.Copy(&lc.body, resp.Body)
	resp.Body.Close()
	switch {
	case err != nil:
		return nil, err
	case resp.StatusCode >= 300:
		return nil, fmt.Errorf("HTTP %d: %s", resp.StatusCode, lc.body.Bytes())
	case resp.Close:
		return nil, fmt.Errorf("the server closed the connection")
	}
	return lc.body.Bytes(), nil
}

func (lc *loadConn) close() { _ = lc.conn.Close() }
