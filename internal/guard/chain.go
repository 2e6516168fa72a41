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

// Unsafe is Chain(ms...) for the requests those guards concern: a method
// that is not safe (anything but GET, HEAD and OPTIONS, which
// http.CrossOriginProtection lets through as well) or a body. Every other
// request, a page view, goes straight to the handler with one test
// instead of passing each guard to be let through by its own.
func Unsafe(ms ...Middleware) Middleware {
	chain := Chain(ms...)
	return func(next http.Handler) http.Handler {
		guarded := chain(next)
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if isSafeMethod(r.Method) && !hasBody(r) {
				next.ServeHTTP(w, r)
				return
			}
			guarded.ServeHTTP(w, r)
		})
	}
}

// isSafeMethod reports the methods that only read (RFC 9110 §9.2.1), as
// http.CrossOriginProtection counts them.
func isSafeMethod(m string) bool {
	return m == http.MethodGet || m == http.MethodHead || m == http.MethodOptions
}
