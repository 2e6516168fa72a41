package guard

import (
	"errors"
	"io"
	"net/http"
)

// LimitBody caps every request body at n bytes: a handler that reads past
// the cap gets an error IsBodyTooLarge recognises, which it turns into
// 413. RaiseBodyLimit gives the routes that take larger bodies a bound of
// their own.
func LimitBody(n int64) Middleware {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if hasBody(r) {
				r.Body = &limitedBody{ReadCloser: http.MaxBytesReader(w, r.Body, n), raw: r.Body}
			}
			next.ServeHTTP(w, r)
		})
	}
}

// hasBody reports whether r carries a body: the server gives a request
// without one http.NoBody, and ContentLength 0 announces none.
func hasBody(r *http.Request) bool {
	return r.Body != nil && r.Body != http.NoBody && r.ContentLength != 0
}

// limitedBody is a body LimitBody bounded, which keeps the body as it came.
type limitedBody struct {
	io.ReadCloser
	raw io.ReadCloser
}

// RaiseBodyLimit bounds the body to n bytes instead of LimitBody's bound:
// a log to explain is larger than a message.
func RaiseBodyLimit(n int64) Middleware {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if lb, ok := r.Body.(*limitedBody); ok {
				r.Body = http.MaxBytesReader(w, lb.raw, n)
			}
			next.ServeHTTP(w, r)
		})
	}
}

// unlimitedBody is the body of r as it came, before LimitBody bounded it.
func unlimitedBody(r *http.Request) io.ReadCloser {
	if lb, ok := r.Body.(*limitedBody); ok {
		return lb.raw
	}
	return r.Body
}

// IsBodyTooLarge reports whether err came from a body's bound.
func IsBodyTooLarge(err error) bool {
	var mbe *http.MaxBytesError
	return errors.As(err, &mbe)
}
