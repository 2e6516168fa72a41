package web

import (
	"net"
	"sync"
)

// DefaultConnsPerAddr bounds the connections one address may hold open at
// once. A browser opens six per site and a learner rarely has more than
// three tabs; a room behind one NAT address is the case it must allow, so
// the bound is generous, and still far below the process's descriptors.
const DefaultConnsPerAddr = 256

// LimitListener wraps ln so that one remote address holds at most perAddr
// connections at once; a connection over the bound is closed as soon as it
// is accepted, before any byte of it is read, and the others go on being
// served. perAddr <= 0 means DefaultConnsPerAddr.
func LimitListener(ln net.Listener, perAddr int) net.Listener {
	if perAddr <= 0 {
		perAddr = DefaultConnsPerAddr
	}
	return &limitListener{Listener: ln, max: perAddr, open: map[string]int{}}
}

type limitListener struct {
	net.Listener
	max int

	mu   sync.Mutex
	open map[string]int // remote host → connections open
}

// Accept returns the next connection within its address's bound.
func (l *limitListener) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		host := remoteHost(c)
		if l.acquire(host) {
			return &limitedConn{Conn: c, release: func() { l.release(host) }}, nil
		}
		_ = c.Close()
	}
}

func (l *limitListener) acquire(host string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.open[host] >= l.max {
		return false
	}
	l.open[host]++
	return true
}

func (l *limitListener) release(host string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.open[host]--; l.open[host] <= 0 {
		delete(l.open, host)
	}
}

// remoteHost is the address a connection comes from, without its port.
func remoteHost(c net.Conn) string {
	host, _, err := net.SplitHostPort(c.RemoteAddr().String())
	if err != nil {
		return c.RemoteAddr().String()
	}
	return host
}

// limitedConn gives its slot back once, when it is closed.
type limitedConn struct {
	net.Conn
	once    sync.Once
	release func()
}

func (c *limitedConn) Close() error {
	err := c.Conn.Close()
	c.once.Do(c.release)
	return err
}
