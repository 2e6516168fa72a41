package guard

import (
	"net"
	"net/netip"
	"strings"
	"sync"
)

// DefaultConnsPerAddr bounds the connections one address may hold open at
// once. A browser opens six per site and a learner rarely has more than
// three tabs; a room behind one NAT address is the case it must allow, so
// the bound is generous, and still far below the process's descriptors.
const DefaultConnsPerAddr = 256

// DefaultMaxConns bounds the connections of every address together, below
// the file descriptors of a default process, so a few addresses at their
// bound cannot starve /healthz or the database of descriptors.
const DefaultMaxConns = 4096

// ListenerLimits are the bounds LimitListener keeps.
type ListenerLimits struct {
	// PerAddr bounds one address's connections (DefaultConnsPerAddr when
	// zero); an IPv6 address counts as its /64.
	PerAddr int
	// Overall bounds everyone's (DefaultMaxConns when zero).
	Overall int
	// Trusted are the proxies (addresses or CIDRs, as Gin reads them)
	// whose connections count only overall: the bound per address applies
	// to the client each request names (ProxiedCap).
	Trusted []string
}

// LimitListener wraps ln so that one remote network holds at most PerAddr
// connections at once, and everyone together Overall; a connection over a
// bound is closed as soon as it is accepted, before any byte of it is
// read, and the others go on being served.
func LimitListener(ln net.Listener, lim ListenerLimits) net.Listener {
	if lim.PerAddr <= 0 {
		lim.PerAddr = DefaultConnsPerAddr
	}
	if lim.Overall <= 0 {
		lim.Overall = DefaultMaxConns
	}
	return &limitListener{Listener: ln, conns: NewSlots(lim.PerAddr, lim.Overall), trusted: ParseTrusted(lim.Trusted)}
}

type limitListener struct {
	net.Listener
	conns   *Slots
	trusted Trusted
}

// Accept returns the next connection within its address's bound.
func (l *limitListener) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		host := remoteHost(c)
		var release func()
		if l.trusted.Contains(host) {
			release, err = l.conns.takeOverall("") // one key for every proxy: counted overall
		} else {
			release, err = l.conns.Take(AddrKey(host))
		}
		if err == nil {
			return &limitedConn{Conn: c, release: release}, nil
		}
		_ = c.Close()
	}
}

// Trusted are the networks of the trusted proxies.
type Trusted []netip.Prefix

// ParseTrusted reads proxies as Gin does: addresses or CIDRs; what does
// not parse was refused by Gin already.
func ParseTrusted(list []string) Trusted {
	var out Trusted
	for _, s := range list {
		s = strings.TrimSpace(s)
		if p, err := netip.ParsePrefix(s); err == nil {
			out = append(out, p.Masked())
		} else if a, err := netip.ParseAddr(s); err == nil {
			out = append(out, netip.PrefixFrom(a.Unmap(), a.Unmap().BitLen()))
		}
	}
	return out
}

// Contains reports whether host (an address without its port) is one of
// the trusted proxies.
func (t Trusted) Contains(host string) bool {
	if len(t) == 0 {
		return false
	}
	ip, err := netip.ParseAddr(host)
	if err != nil {
		return false
	}
	for _, p := range t {
		if p.Contains(ip.Unmap()) {
			return true
		}
	}
	return false
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
