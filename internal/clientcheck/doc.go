// Package clientcheck is the playground as a server: it plays a checking
// gift server to the MCP client a learner wrote, drives a scenario step by
// step (the server's replies, its own requests, progress, list changes,
// pages, a 2026-07-28 input_required) and grades every message the client
// sends with the same judge as everything else (internal/exchange, which
// asks grader.Session). It is the mirror of internal/servercheck, and its
// Result has the shape of check-server's.
//
// A run serves one client over Streamable HTTP (Serve: a loopback listener
// whose /mcp a command or a page's learner points a client at) or stdio
// (ServeRelay: the client starts `playground check-client-relay`, which
// pipes its standard input and output to the run). Each step names the
// rule of the specification it checks; the steps of an exercise are the
// behaviours of this package the exercise's file lists by name.
//
// A client that misbehaves never hurts the caller: each step is bounded in
// time (Options.Timeout), each message in size (MaxMessageBytes), each step
// in messages (MaxMessagesPerStep); Close ends the listener, every HTTP
// request held and, for a command, its process group.
package clientcheck
