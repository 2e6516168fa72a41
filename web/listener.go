package web

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
	// Trusted are the proxies (Config.TrustedProxies' spelling: addresses
	// or CIDRs) whose connections count only overall: the bound per
	// address applies to the client each request names (proxiedCap).
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
	return &limitListener{Listener: ln, conns: newSlots(lim.PerAddr, lim.Overall), trusted: parseTrusted(lim.Trusted)}
}

type limitListener struct {
	net.Listener
	conns   *slots
	trusted []netip.Prefix
}

// Accept returns the next connection within its address's bound.
func (l *limitListener) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		key := addrKey(remoteHost(c))
		if l.isTrusted(remoteHost(c)) {
			key = "" // one key for every proxy: counted overall
			if release, err := l.conns.takeOverall(key); err == nil {
				return &limitedConn{Conn: c, release: release}, nil
			}
		} else if release, err := l.conns.take(key); err == nil {
			return &limitedConn{Conn: c, release: release}, nil
		}
		_ = c.Close()
	}
}

func (l *limitListener) isTrusted(host string) bool {
	ip, err := netip.ParseAddr(host)
	if err != nil {
		return false
	}
	for _, p := range l.trusted {
		if p.Contains(ip.Unmap()) {
			return true
		}
	}
	return false
}

// parseTrusted reads proxies as Gin does: addresses or CIDRs; what does
// not parse was refused by Gin already.
func parseTrusted(list []string) []netip.Prefix {
	var out []netip.Prefix
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
