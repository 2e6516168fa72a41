package mockserver

import (
	"net"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
)

// checkOrigin protects local servers from DNS rebinding: the Host must be a
// loopback name when the request reached a loopback address (or one of
// AllowedHosts), and an Origin, when present, must be the request's own
// origin, a loopback origin on a loopback server, or an allowed one.
func (h *HTTPHandler) checkOrigin(r *http.Request) (string, bool) {
	host := r.Host
	loopbackServer := false
	if la, ok := r.Context().Value(http.LocalAddrContextKey).(net.Addr); ok {
		if ta, ok := la.(*net.TCPAddr); ok && ta.IP.IsLoopback() {
			loopbackServer = true
		}
	}
	if len(h.cfg.AllowedHosts) > 0 {
		if !slices.Contains(h.cfg.AllowedHosts, host) && !slices.Contains(h.cfg.AllowedHosts, hostOnly(host)) {
			return "Forbidden: unexpected Host header " + strconv.Quote(host), false
		}
	} else if loopbackServer && !isLoopbackHost(hostOnly(host)) {
		return "Forbidden: this local server only answers requests addressed to localhost, 127.0.0.1 or [::1]", false
	}
	origin := r.Header.Get("Origin")
	if origin == "" {
		return "", true
	}
	if slices.Contains(h.cfg.AllowedOrigins, origin) {
		return "", true
	}
	u, err := url.Parse(origin)
	if err == nil && u.Host != "" {
		if strings.EqualFold(u.Host, host) {
			return "", true
		}
		if loopbackServer && isLoopbackHost(hostOnly(u.Host)) {
			return "", true
		}
	}
	return "Forbidden: origin " + strconv.Quote(origin) + " is not allowed", false
}

func hostOnly(hostport string) string {
	if h, _, err := net.SplitHostPort(hostport); err == nil {
		return h
	}
	return strings.Trim(hostport, "[]")
}

func isLoopbackHost(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
