package guard

import (
	"io"
	"net/http"
	"time"
)

// DefaultBodyTimeout is how long a client may take to send a request body.
// A person's browser sends a form in milliseconds; ten seconds is room for
// a slow phone, and far less than a slow-body attack needs to pile up
// connections.
const DefaultBodyTimeout = 10 * time.Second

// BodyDeadline gives every request that has a body a deadline for sending
// it: a client that sends a byte every few seconds loses its connection
// instead of holding it forever. When the body has been read the deadline
// is lifted, so an answer that streams (an SSE reply to a POST on /mcp) is
// not cut; a body the handler never reads keeps the deadline, so the
// server's own drain of it after the answer cannot be held either.
// Requests without a body (page views, event streams) are untouched: their
// headers already had ReadHeaderTimeout.
func BodyDeadline(d time.Duration) Middleware {
	if d <= 0 {
		d = DefaultBodyTimeout
	}
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if hasBody(r) {
				rc := http.NewResponseController(innermost(w))
				if rc.SetReadDeadline(time.Now().Add(d)) == nil {
					r.Body = &deadlineBody{ReadCloser: r.Body, rc: rc}
				}
			}
			next.ServeHTTP(w, r)
		})
	}
}

// innermost is the writer at the bottom of w's wrappers: the connection's
// own, which a wrapper given back to a pool cannot redirect.
func innermost(w http.ResponseWriter) http.ResponseWriter {
	for {
		u, ok := w.(interface{ Unwrap() http.ResponseWriter })
		if !ok {
			return w
		}
		w = u.Unwrap()
	}
}

// deadlineBody lifts the read deadline once the body has been read whole.
type deadlineBody struct {
	io.ReadCloser
	rc   *http.ResponseController
	done bool
}

func (b *deadlineBody) Read(p []byte) (int, error) {
	n, err := b.ReadCloser.Read(p)
	if err == io.EOF && !b.done {
		b.done = true
		_ = b.rc.SetReadDeadline(time.Time{})
	}
	return n, err
}
