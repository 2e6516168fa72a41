// Package clienttest gives a test an HTTP client whose connections are
// its own.
//
// A client left with http.DefaultTransport shares its pool of idle
// connections with every test of the binary, and every
// httptest.Server.Close calls http.DefaultTransport.CloseIdleConnections.
// net/http puts a connection back in the idle pool as soon as it has read
// a response without a body (a 202, a 204) and only then hands the
// response to the request that waits for it: a parallel test closing its
// server in between closes the connection under that request, which
// fails with "http: CloseIdleConnections called" although the server
// answered. A POST is not retried, so the test fails.
package clienttest

import (
	"net/http"
	"testing"
)

// Own returns a client with a transport of its own (a clone of
// http.DefaultTransport), whose idle connections close at the test's end.
func Own(t testing.TB) *http.Client {
	t.Helper()
	tr := http.DefaultTransport.(*http.Transport).Clone()
	t.Cleanup(tr.CloseIdleConnections)
	return &http.Client{Transport: tr}
}
