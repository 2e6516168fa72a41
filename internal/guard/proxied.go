package guard

import (
	"net"
	"net/http"
	"strings"
)

// ProxiedConfig bounds the requests of each client behind a trusted proxy.
type ProxiedConfig struct {
	// Trusted are the proxies; none turns the bound off.
	Trusted Trusted
	// PerAddr is how many requests one client network may have at once.
	PerAddr int
	// ClientIP is the address the proxy reports for the request.
	ClientIP func(w http.ResponseWriter, r *http.Request) string
	// Refuse answers a request past the bound (429).
	Refuse func(w http.ResponseWriter, r *http.Request)
}

// ProxiedCap holds each client behind a trusted proxy to PerAddr requests
// at once, as LimitListener holds a client's connections: behind a proxy
// every connection is the proxy's, so the bound applies to the address the
// proxy reports instead. Requests that did not come through a trusted
// proxy pass.
func ProxiedCap(cfg ProxiedConfig) Middleware {
	held := NewSlots(cfg.PerAddr, 1<<30) // the listener bounds them overall
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if len(cfg.Trusted) == 0 || !cfg.Trusted.Contains(remoteIP(r)) {
				next.ServeHTTP(w, r)
				return
			}
			release, err := held.Take(AddrKey(cfg.ClientIP(w, r)))
			if err != nil {
				cfg.Refuse(w, r)
				return
			}
			defer release()
			next.ServeHTTP(w, r)
		})
	}
}

// remoteIP is the address the connection comes from, as Gin reads it.
func remoteIP(r *http.Request) string {
	ip, _, err := net.SplitHostPort(strings.TrimSpace(r.RemoteAddr))
	if err != nil {
		return ""
	}
	return ip
}
