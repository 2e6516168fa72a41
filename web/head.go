package web

import (
	"net/http"
	"strings"
)

// headAsGet answers HEAD wherever GET is answered: the request goes
// through the router as a GET, and net/http, which still sees the
// original HEAD request, sends the headers (Content-Length included) and
// drops the body. Event streams are the exception: a HEAD that opened one
// would hold a connection for a body nobody reads, so they answer 405.
func headAsGet(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodHead {
			h.ServeHTTP(w, r)
			return
		}
		if isEventStream(r.URL.Path) {
			w.Header().Set("Allow", "GET")
			w.WriteHeader(http.StatusMethodNotAllowed)
			return
		}
		get := r.Clone(r.Context())
		get.Method = http.MethodGet
		h.ServeHTTP(w, get)
	})
}

// isEventStream reports whether path answers GET with a stream that does
// not end (routes.go).
func isEventStream(path string) bool {
	return path == "/mcp" || path == "/instructor/live" || strings.HasSuffix(path, "/console/events")
}
