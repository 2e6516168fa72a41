package guard

import "net/http"

// A Client is who a request counts for in a limit: a known client (a
// learner with a cookie) or the network of an address.
type Client struct {
	// Key names the client: "learner:12", "ip:192.0.2.1".
	Key string
	// Known tells a learner from an address.
	Known bool
}

// ClientFunc says who a request counts for. When it cannot (a failure of
// its own), it answers the request on w and returns ok false, and the
// request goes no further.
type ClientFunc func(w http.ResponseWriter, r *http.Request) (c Client, ok bool)
