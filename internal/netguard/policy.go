package netguard

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/netip"
	"slices"
	"strings"
)

// never are the addresses no allow list opens: link-local (where the cloud
// metadata services live) and the metadata services that are not
// link-local.
var never = []netip.Prefix{
	netip.MustParsePrefix("169.254.0.0/16"),     // IPv4 link-local, 169.254.169.254 metadata
	netip.MustParsePrefix("fe80::/10"),          // IPv6 link-local
	netip.MustParsePrefix("fd00:ec2::254/128"),  // AWS metadata over IPv6
	netip.MustParsePrefix("100.100.100.200/32"), // Alibaba Cloud metadata
	netip.MustParsePrefix("168.63.129.16/32"),   // Azure wire server
}

// loopback is allowed by default.
var loopback = []netip.Prefix{
	netip.MustParsePrefix("127.0.0.0/8"),
	netip.MustParsePrefix("::1/128"),
}

// maxAllowCIDRs bounds the allow list.
const maxAllowCIDRs = 64

// Policy says which addresses may be dialled. The zero value allows
// loopback only.
type Policy struct {
	allow []netip.Prefix
	extra []netip.Prefix // the allow list beyond loopback
	// deny are addresses refused whatever allow says (the playground's
	// own, for a check asked from another host); denyPorts the
	// playground's own listener, refused to everyone.
	deny      []netip.Addr
	denyPorts []netip.AddrPort
	// remote marks a policy for a check asked from another host.
	remote bool
	// lookup resolves a host name (net.DefaultResolver when nil); tests
	// give their own to play DNS.
	lookup func(ctx context.Context, host string) ([]netip.Addr, error)
}

// WithLookup returns a copy of p that resolves host names with fn, both
// to check a URL and to dial it.
func (p *Policy) WithLookup(fn func(ctx context.Context, host string) ([]netip.Addr, error)) *Policy {
	q := *p
	q.lookup = fn
	return &q
}

// NewPolicy allows loopback and the extra prefixes.
func NewPolicy(extra []netip.Prefix) *Policy {
	return &Policy{allow: append(append([]netip.Prefix{}, loopback...), extra...), extra: extra}
}

// For is the policy of one check, asked by requester (behind trusted
// proxies, the address the proxy reports) over a connection that arrived
// at local, the playground's own address and port; own are the machine's
// other addresses. A requester at the playground's own address uses the
// playground on its own machine: p as it is, minus the listener itself.
// Any other requester may reach its own address and the allow list, never
// loopback nor the playground's own addresses: a learner checks their own
// laptop, not the teacher's.
func (p *Policy) For(requester netip.Addr, local netip.AddrPort, own []netip.Addr) *Policy {
	requester = requester.Unmap().WithZone("")
	la := local.Addr().Unmap().WithZone("")
	q := *p
	q.denyPorts = []netip.AddrPort{netip.AddrPortFrom(la, local.Port())}
	for _, a := range own {
		q.denyPorts = append(q.denyPorts, netip.AddrPortFrom(a.Unmap().WithZone(""), local.Port()))
	}
	if requester == la || (!la.IsValid() && requester.IsLoopback()) {
		return &q
	}
	q.remote = true
	q.allow = append([]netip.Prefix{netip.PrefixFrom(requester, requester.BitLen())}, p.extra...)
	q.deny = append([]netip.Addr{la}, own...)
	return &q
}

// Remote says whether the check was asked from another host: what it
// reaches is then never described beyond "nothing MCP answered".
func (p *Policy) Remote() bool { return p.remote }

// OwnAddrs are the machine's interface addresses (none when they cannot
// be listed).
func OwnAddrs() []netip.Addr {
	addrs, err := net.InterfaceAddrs()
	if err != nil {
		return nil
	}
	var out []netip.Addr
	for _, a := range addrs {
		if pfx, err := netip.ParsePrefix(a.String()); err == nil {
			out = append(out, pfx.Addr().Unmap().WithZone(""))
		}
	}
	return out
}

// ParseCIDRs reads a comma-separated list of CIDRs or addresses ("" is
// none). A prefix that overlaps a never-allowed range is refused, so the
// operator learns it at once rather than at the first check.
func ParseCIDRs(s string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	for _, f := range strings.Split(s, ",") {
		f = strings.TrimSpace(f)
		if f == "" {
			continue
		}
		p, err := netip.ParsePrefix(f)
		if err != nil {
			a, aerr := netip.ParseAddr(f)
			if aerr != nil {
				return nil, fmt.Errorf("%q is not a CIDR or an address: %w", f, err)
			}
			p = netip.PrefixFrom(a, a.BitLen())
		}
		p = p.Masked()
		for _, n := range never {
			if p.Overlaps(n) {
				return nil, fmt.Errorf("%s overlaps %s (link-local or cloud metadata), which is never allowed", p, n)
			}
		}
		out = append(out, p)
		if len(out) > maxAllowCIDRs {
			return nil, fmt.Errorf("more than %d CIDRs", maxAllowCIDRs)
		}
	}
	return out, nil
}

// Reason says why an address was refused.
type Reason string

// Reasons of a refusal.
const (
	ReasonNever      Reason = "never"      // link-local or cloud metadata
	ReasonNotAllowed Reason = "notallowed" // outside loopback and the allow list
	ReasonScheme     Reason = "scheme"     // not http or https
	ReasonURL        Reason = "url"        // not a URL with a host
	ReasonResolve    Reason = "resolve"    // the host name does not resolve
	ReasonOwn        Reason = "own"        // the playground's own address, or another host's loopback
)

// RefusedError is a connection the policy refused.
type RefusedError struct {
	Reason Reason
	Addr   string // the address or URL refused
}

func (e *RefusedError) Error() string {
	switch e.Reason {
	case ReasonNever:
		return fmt.Sprintf("%s is a link-local or cloud-metadata address, which the playground never connects to", e.Addr)
	case ReasonNotAllowed:
		return fmt.Sprintf("%s is outside the addresses this playground may check (loopback, and what -allow-server-checks adds)", e.Addr)
	case ReasonScheme:
		return fmt.Sprintf("%s: only http:// and https:// URLs can be checked", e.Addr)
	case ReasonResolve:
		return fmt.Sprintf("%s: the host name does not resolve", e.Addr)
	case ReasonOwn:
		return fmt.Sprintf("%s is the playground's own address, which a check never connects to", e.Addr)
	}
	return fmt.Sprintf("%s is not a URL with a host", e.Addr)
}

// AsRefused finds a refusal in err's chain.
func AsRefused(err error) (*RefusedError, bool) {
	var re *RefusedError
	ok := errors.As(err, &re)
	return re, ok
}

// AllowAddrPort says whether ap may be dialled: Allow, and never the
// playground's own listener.
func (p *Policy) AllowAddrPort(ap netip.AddrPort) error {
	a := ap.Addr().Unmap().WithZone("")
	for _, d := range p.denyPorts {
		if d.Port() == ap.Port() && (d.Addr() == a || (a.IsLoopback() && d.Addr().IsLoopback())) {
			return &RefusedError{Reason: ReasonOwn, Addr: netip.AddrPortFrom(a, ap.Port()).String()}
		}
	}
	return p.Allow(a)
}

// Allow says whether a may be dialled, and why not.
func (p *Policy) Allow(a netip.Addr) error {
	a = a.Unmap().WithZone("")
	for _, n := range never {
		if n.Contains(a) {
			return &RefusedError{Reason: ReasonNever, Addr: a.String()}
		}
	}
	if p.remote {
		if slices.Contains(p.deny, a) || (a.IsLoopback() && p.allow[0].Addr() != a) {
			return &RefusedError{Reason: ReasonOwn, Addr: a.String()}
		}
	}
	allow := p.allow
	if allow == nil {
		allow = loopback
	}
	for _, n := range allow {
		if n.Contains(a) {
			return nil
		}
	}
	return &RefusedError{Reason: ReasonNotAllowed, Addr: a.String()}
}
