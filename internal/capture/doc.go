// Package capture records real MCP traffic between two peers, message by
// message, as JSON Lines: a stdio tee that sits between a client and the
// server process it starts (tee.go), and a reverse proxy on loopback for
// Streamable HTTP that records POST bodies, JSON replies and SSE events
// (http.go). Every record says who sent the message ("client" or "server",
// the words of the console's export), over which transport, in which order,
// and for HTTP the transport headers that carried it (log.go).
//
// The project's tests judge the captured sessions (testdata/sessions, made by
// record.sh with the pinned peers of peers/): every message by the
// single-message checker and by the official schema of its revision, and the
// test fails where the schema accepts a message that the checker rejects,
// except for the real peer defects listed with their reason in
// testdata/defects.json.
package capture
