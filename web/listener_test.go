package web

import (
	"errors"
	"net"
	"testing"
)

// chanListener hands out the connections a test pushes, from the
// addresses the test chooses.
type chanListener struct{ conns chan net.Conn }

func (l chanListener) Accept() (net.Conn, error) {
	c, ok := <-l.conns
	if !ok {
		return nil, net.ErrClosed
	}
	return c, nil
}
func (l chanListener) Close() error   { return nil }
func (l chanListener) Addr() net.Addr { return &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 8080} }

// addrConn is one end of a pipe that says it comes from addr.
type addrConn struct {
	net.Conn
	addr   net.Addr
	closed bool
}

func (c *addrConn) RemoteAddr() net.Addr { return c.addr }
func (c *addrConn) Close() error         { c.closed = true; return c.Conn.Close() }

func conn(ip string, port int) *addrConn {
	a, _ := net.Pipe()
	return &addrConn{Conn: a, addr: &net.TCPAddr{IP: net.ParseIP(ip), Port: port}}
}

// TestLimitListener holds one address to its bound while another address
// is still served, and gives a slot back when a connection closes.
func TestLimitListener(t *testing.T) {
	src := chanListener{conns: make(chan net.Conn, 8)}
	ln := LimitListener(src, 2)
	a1, a2, a3, b1 := conn("10.0.0.1", 1), conn("10.0.0.1", 2), conn("10.0.0.1", 3), conn("10.0.0.2", 1)
	a4 := conn("10.0.0.1", 4)
	for _, c := range []net.Conn{a1, a2, a3, b1} {
		src.conns <- c
	}
	got1, _ := ln.Accept()
	got2, _ := ln.Accept()
	got3, err := ln.Accept() // a3 is over the bound: closed and skipped
	if err != nil {
		t.Fatal(err)
	}
	if got3.RemoteAddr().String() != b1.addr.String() {
		t.Fatalf("third accepted connection comes from %v, want the other address %v", got3.RemoteAddr(), b1.addr)
	}
	if !a3.closed {
		t.Error("the connection over the bound was not closed")
	}
	if a1.closed || a2.closed {
		t.Error("a connection within the bound was closed")
	}
	_ = got1.Close()
	_ = got1.Close() // closing twice gives back one slot, not two
	src.conns <- a4
	got4, _ := ln.Accept()
	if got4.RemoteAddr().String() != a4.addr.String() || a4.closed {
		t.Fatalf("after a close, %v was not accepted", a4.addr)
	}
	src.conns <- conn("10.0.0.1", 5)
	close(src.conns)
	if _, err := ln.Accept(); !errors.Is(err, net.ErrClosed) {
		t.Errorf("a fifth connection from a full address was accepted (err %v)", err)
	}
	_ = got2
}
