package netguard

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strconv"
	"syscall"
	"time"
)

// Bounds of the guarded client.
const (
	// MaxURLBytes bounds the URL a learner gives.
	MaxURLBytes = 2048
	// maxRedirects is how many redirects one request may follow.
	maxRedirects = 3
	dialTimeout  = 5 * time.Second
	resolveTime  = 5 * time.Second
)

// Control is the dialer hook: it refuses a connection to an address the
// policy does not allow. It sees the address after DNS resolution, the one
// the socket connects to.
func (p *Policy) Control(_ context.Context, network, address string, _ syscall.RawConn) error {
	ap, err := netip.ParseAddrPort(address)
	if err != nil {
		return &RefusedError{Reason: ReasonURL, Addr: address}
	}
	return p.AllowAddrPort(ap)
}

// Client is an HTTP client for server checks: every connection dialled
// through the policy, no proxy, and a redirect followed only to an http(s)
// URL whose host the policy allows (the dial hook checks the address
// again).
func (p *Policy) Client() *http.Client {
	return &http.Client{
		Transport: &http.Transport{
			Proxy:                  nil,
			DialContext:            p.dial,
			MaxIdleConnsPerHost:    4,
			IdleConnTimeout:        30 * time.Second,
			TLSHandshakeTimeout:    dialTimeout,
			ResponseHeaderTimeout:  0, // each step's context bounds it
			MaxResponseHeaderBytes: 64 << 10,
		},
		CheckRedirect: func(req *http.Request, via []*http.Request) error {
			// 301, 302 and 303 turn the POST into a GET: never followed,
			// so a redirect cannot make the playground GET a path.
			if req.Response != nil && req.Response.StatusCode != http.StatusTemporaryRedirect && req.Response.StatusCode != http.StatusPermanentRedirect {
				return http.ErrUseLastResponse
			}
			if len(via) >= maxRedirects {
				return fmt.Errorf("more than %d redirects", maxRedirects)
			}
			_, err := p.CheckURL(req.Context(), req.URL.String())
			return err
		},
	}
}

// CheckURL parses raw and says whether the policy lets it be checked: an
// http or https URL with a host, every address of which is allowed.
func (p *Policy) CheckURL(ctx context.Context, raw string) (*url.URL, error) {
	if len(raw) > MaxURLBytes {
		return nil, &RefusedError{Reason: ReasonURL, Addr: raw[:64] + "…"}
	}
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" || u.Hostname() == "" {
		if err == nil && u.Scheme != "" && u.Scheme != "http" && u.Scheme != "https" {
			return nil, &RefusedError{Reason: ReasonScheme, Addr: raw}
		}
		return nil, &RefusedError{Reason: ReasonURL, Addr: raw}
	}
	if u.Scheme != "http" && u.Scheme != "https" {
		return nil, &RefusedError{Reason: ReasonScheme, Addr: raw}
	}
	if u.User != nil {
		return nil, &RefusedError{Reason: ReasonURL, Addr: raw}
	}
	addrs, err := p.resolve(ctx, u.Hostname())
	if err != nil {
		return nil, err
	}
	port := uint16(80)
	if u.Scheme == "https" {
		port = 443
	}
	if s := u.Port(); s != "" {
		n, err := strconv.ParseUint(s, 10, 16)
		if err != nil {
			return nil, &RefusedError{Reason: ReasonURL, Addr: raw}
		}
		port = uint16(n)
	}
	for _, a := range addrs {
		if err := p.AllowAddrPort(netip.AddrPortFrom(a, port)); err != nil {
			return nil, err
		}
	}
	return u, nil
}

// dial resolves the host itself (with the policy's lookup) and dials each
// address in turn through the Control hook.
func (p *Policy) dial(ctx context.Context, network, address string) (net.Conn, error) {
	host, port, err := net.SplitHostPort(address)
	if err != nil {
		return nil, err
	}
	addrs, err := p.resolve(ctx, host)
	if err != nil {
		return nil, err
	}
	d := &net.Dialer{Timeout: dialTimeout, ControlContext: p.Control}
	var first error
	for _, a := range addrs {
		c, err := d.DialContext(ctx, network, net.JoinHostPort(a.Unmap().String(), port))
		if err == nil {
			return c, nil
		}
		if first == nil {
			first = err
		}
	}
	return nil, first
}

func (p *Policy) resolve(ctx context.Context, host string) ([]netip.Addr, error) {
	if a, err := netip.ParseAddr(host); err == nil {
		return []netip.Addr{a}, nil
	}
	ctx, cancel := context.WithTimeout(ctx, resolveTime)
	defer cancel()
	lookup := p.lookup
	if lookup == nil {
		lookup = func(ctx context.Context, host string) ([]netip.Addr, error) {
			return net.DefaultResolver.LookupNetIP(ctx, "ip", host)
		}
	}
	addrs, err := lookup(ctx, host)
	if err != nil || len(addrs) == 0 {
		return nil, &RefusedError{Reason: ReasonResolve, Addr: host}
	}
	return addrs, nil
}
