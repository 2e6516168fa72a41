package guard

import "net/http"

// A Middleware wraps an http.Handler: it may answer the request itself
// (a refusal) or hand it on to the handler it wraps.
type Middleware func(http.Handler) http.Handler

// Chain is one Middleware applying ms in the given order:
// Chain(m1, m2)(h) is m1(m2(h)), so m1 sees the request first.
func Chain(ms ...Middleware) Middleware {
	return func(h http.Handler) http.Handler {
		for i := len(ms) - 1; i >= 0; i-- {
			h = ms[i](h)
		}
		return h
	}
}
