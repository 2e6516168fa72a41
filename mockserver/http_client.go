package mockserver

import (
	"context"
	"net"
	"net/http"
)

// clientAddrKey carries, in a request's context, the client address a
// router in front of the handler determined (behind trusted proxies).
type clientAddrKey struct{}

// WithClientAddr tells the handler which address the request comes from,
// when the router knows better than the connection (X-Forwarded-For from a
// trusted proxy). The bounds per client are kept per address.
func WithClientAddr(ctx context.Context, addr string) context.Context {
	return context.WithValue(ctx, clientAddrKey{}, addr)
}

// ClientAddr is the key the bounds per client use for r: the address given
// with WithClientAddr, else the connection's; an IPv6 address counts as its
// /64, which one host usually holds whole.
func ClientAddr(r *http.Request) string {
	addr, _ := r.Context().Value(clientAddrKey{}).(string)
	if addr == "" {
		addr = r.RemoteAddr
		if host, _, err := net.SplitHostPort(addr); err == nil {
			addr = host
		}
	}
	ip := net.ParseIP(addr)
	if ip == nil {
		return addr
	}
	if v4 := ip.To4(); v4 != nil {
		return v4.String()
	}
	return ip.Mask(net.CIDRMask(64, 128)).String() + "/64"
}
