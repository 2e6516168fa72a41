package guard

import (
	"errors"
	"net"
	"testing"

	"github.com/google/go-cmp/cmp"
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
	ln := LimitListener(src, ListenerLimits{PerAddr: 2})
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

// TestLimitListenerNetworks: an IPv6 /64 is one address; everyone
// together has a bound; a trusted proxy counts only in that one.
func TestLimitListenerNetworks(t *testing.T) {
	src := chanListener{conns: make(chan net.Conn, 16)}
	ln := LimitListener(src, ListenerLimits{PerAddr: 2, Overall: 5, Trusted: []string{"10.9.0.0/16"}})
	in := []*addrConn{
		conn("2001:db8::1", 1), conn("2001:db8::2", 1), conn("2001:db8::3", 1), // one /64: the third is refused
		conn("10.9.0.1", 1), conn("10.9.0.1", 2), conn("10.9.0.1", 3), // the proxy: past PerAddr
		conn("10.0.0.7", 1), // past Overall
		conn("2001:db8:0:1::1", 1),
	}
	for _, c := range in {
		src.conns <- c
	}
	var accepted []string
	for range 5 {
		c, err := ln.Accept()
		if err != nil {
			t.Fatal(err)
		}
		accepted = append(accepted, c.RemoteAddr().String())
	}
	want := []string{"[2001:db8::1]:1", "[2001:db8::2]:1", "10.9.0.1:1", "10.9.0.1:2", "10.9.0.1:3"}
	if diff := cmp.Diff(want, accepted); diff != "" {
		t.Errorf("accepted (-want +got):\n%s", diff)
	}
	if !in[2].closed {
		t.Error("a third connection of one /64 was not closed")
	}
	close(src.conns)
	if _, err := ln.Accept(); !errors.Is(err, net.ErrClosed) {
		t.Fatalf("accept after the source closed: %v", err)
	}
	if !in[6].closed || !in[7].closed {
		t.Error("connections past the overall bound were not closed")
	}
}
