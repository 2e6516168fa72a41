// Package netguard decides which addresses the playground's web server may
// connect to when it checks a learner's MCP server: loopback only by
// default, the CIDRs a workshop allows on top (serve's
// -allow-server-checks), and never a link-local or cloud-metadata address,
// whatever the allow list says.
//
// The decision is taken on the address actually dialled: Client returns an
// http.Client whose dialer checks every connection in its Control hook,
// after DNS resolution, so a hostname that resolves (or rebinds) to a
// refused address is refused too, and every redirect is checked the same
// way before it is followed. CheckURL gives the learner a clear message
// before anything is sent.
package netguard
