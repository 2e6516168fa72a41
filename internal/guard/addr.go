package guard

import "net/netip"

// AddrKey is the network a client address counts for in every limit kept
// per address: an IPv4 address itself, and for IPv6 its /64, since one
// host is routinely given a whole /64 and may pick any address in it.
// Anything that does not parse counts as itself.
func AddrKey(addr string) string {
	ip, err := netip.ParseAddr(addr)
	if err != nil {
		return addr
	}
	ip = ip.Unmap()
	if ip.Is4() {
		return ip.String()
	}
	return netip.PrefixFrom(ip.WithZone(""), 64).Masked().String()
}
