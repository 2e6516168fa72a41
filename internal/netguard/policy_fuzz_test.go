package netguard

import (
	"context"
	"net/netip"
	"testing"
)

// FuzzCheckURL asks the policy about any URL whose host resolves to any
// address: it never panics; what it accepts is http or https, with a
// host, and every address it resolves to passes Allow; a check asked
// from another host never reaches loopback, the playground's own
// addresses, nor an address that is never allowed.
func FuzzCheckURL(f *testing.F) {
	f.Add("http://127.0.0.1:8080/mcp", []byte{127, 0, 0, 1}, false)
	f.Add("http://learner.local:3000/mcp", []byte{10, 0, 0, 5}, true)
	f.Add("http://[::1]:9/", []byte{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1}, true)
	f.Add("https://user@169.254.169.254/latest", []byte{169, 254, 169, 254}, false)
	f.Add("http://0x7f.1/", []byte{127, 0, 0, 1}, true)
	requester := netip.MustParseAddr("10.0.0.5")
	local := netip.MustParseAddrPort("192.168.1.10:8080")
	base := NewPolicy([]netip.Prefix{netip.MustParsePrefix("192.168.1.0/24")})
	f.Fuzz(func(t *testing.T, raw string, addr []byte, remote bool) {
		resolved, ok := netip.AddrFromSlice(addr)
		if !ok {
			resolved = netip.MustParseAddr("127.0.0.1")
		}
		p := base
		if remote {
			p = base.For(requester, local, []netip.Addr{local.Addr()})
		}
		p = p.WithLookup(func(context.Context, string) ([]netip.Addr, error) { return []netip.Addr{resolved}, nil })
		u, err := p.CheckURL(context.Background(), raw)
		if err != nil {
			return
		}
		if u.Scheme != "http" && u.Scheme != "https" || u.Hostname() == "" || u.User != nil {
			t.Fatalf("accepted %q: scheme %q host %q", raw, u.Scheme, u.Hostname())
		}
		// An address written in the URL is the target; a name is what
		// the lookup says.
		target := resolved.Unmap()
		if lit, err := netip.ParseAddr(u.Hostname()); err == nil {
			target = lit.Unmap().WithZone("")
		}
		if err := p.Allow(target); err != nil {
			t.Fatalf("accepted %q reaching %s, which Allow refuses: %v", raw, target, err)
		}
		for _, n := range never {
			if n.Contains(target) {
				t.Fatalf("accepted %q reaching %s, never allowed", raw, target)
			}
		}
		if remote && (target.IsLoopback() || target == local.Addr()) {
			t.Fatalf("a check from another host accepted %q reaching %s", raw, target)
		}
	})
}

// FuzzParseCIDRs: any list either fails or gives valid prefixes none of
// which overlaps a range that is never allowed.
func FuzzParseCIDRs(f *testing.F) {
	f.Add("10.0.0.0/8, 192.168.1.7")
	f.Add("169.254.0.0/16")
	f.Add("::/0,,fe80::1")
	f.Fuzz(func(t *testing.T, s string) {
		ps, err := ParseCIDRs(s)
		if err != nil {
			return
		}
		for _, p := range ps {
			if !p.IsValid() {
				t.Fatalf("ParseCIDRs(%q) gave an invalid prefix %v", s, p)
			}
			for _, n := range never {
				if n.Overlaps(p) {
					t.Fatalf("ParseCIDRs(%q) allowed %v, which overlaps never-allowed %v", s, p, n)
				}
			}
		}
	})
}
