// Package mockserver is the playground's gift MCP server: its own protocol core
// (not a wrapper around an SDK), the gift catalogue with its tools, resources and
// prompts, and three ways to reach it: Streamable HTTP (NewHTTPHandler), stdio
// (ServeStdio) and the browser console's in-process transport
// (Server.NewConsoleTransport), which hands raw messages to the console
// (internal/console) that keeps the conversation.
//
// # Revisions
//
// A session speaks the revision negotiated by initialize: 2025-06-18 or
// 2025-11-25 (a client asking for anything else is offered 2025-11-25). A
// request whose params._meta carries "io.modelcontextprotocol/protocolVersion"
// is a 2026-07-28 stateless request, recognised and answered on its own
// (server/discover, resultType on every result, input_required results instead
// of server-to-client requests, subscriptions/listen for list changes).
//
// # What is rejected, and how it is explained
//
// The learner-facing checker (internal/grader) is stricter than the
// specification on purpose: it reports unknown keys, a "reason" on a
// list-changed notification or a null cursor as mistakes, because learners
// should write exactly what the spec shows. Real clients must still work, and
// the specification asks receivers to ignore what they do not know. So the core
// decides on its own, with the rules of the specification, and rejects only:
//
//   - text that is not JSON: -32700 (parse error), without id (the id
//     could not be read; null in 2025-06-18 sessions, as JSON-RPC says);
//   - an envelope that is not a single JSON-RPC 2.0 message: a batch array, a
//     missing or wrong "jsonrpc", an id that is null or neither a string nor a
//     number, a method that is not a string, a message
//     that is neither request, notification nor response: -32600;
//   - a method this revision does not define: -32601 (for requests; an unknown
//     notification is ignored, as JSON-RPC requires);
//   - params that are not an object, or a required parameter that is missing or
//     of the wrong JSON type, an unknown tool, prompt, cursor or log level,
//     a 2026-07-28 retry whose requestState is missing or is not the one the
//     input_required result carried (request_state.go): -32602; an unknown
//     resource: -32002 (2025-06-18, 2025-11-25) or -32602
//     with the uri in error.data (2026-07-28, SEP-2164).
//
// Unknown fields are ignored. When a message is rejected, error.data carries
// {"diagnostics": [...]}: the checker's findings for that message, in the
// session's language, so a learner sees where and why. The checker also
// judges every message a client sends (strict.go, about 3 µs): what it
// calls an error in the text or the envelope that encoding/json would let
// through (a duplicate key, a member name in another case, text that is
// not UTF-8, an id of another type) is refused with its message. The
// checker hands over what it read (grader.CheckRead's Reading: the
// envelope's members, the method, and params' objects two levels down,
// raw), and the server dispatches from that (params.go), so each message
// is read once, exactly as encoding/json would read it. encoding/json
// reads only a text the checker calls broken or that is no object, to
// answer it as before, and an object deeper than the reading goes. A
// refusal's error.data gives that same report in the session's language
// when the session speaks the checker's default revision. Console sessions run the checker on every
// message in both directions to show warnings (the stricter findings) next
// to each message of the timeline.
//
// Tool arguments are checked against the tool's inputSchema; since 2025-11-25 a
// failure is a tool result with isError true (so a model can correct itself),
// while 2025-06-18 answers -32602. Requests other than initialize and ping
// before initialize are answered -32600 with an explanation: the
// specification says clients SHOULD NOT send them and leaves the reply to the
// server.
//
// # Transports
//
// Streamable HTTP (NewHTTPHandler; the web router mounts it at /mcp):
// POST/GET/DELETE, Mcp-Session-Id minted by initialize, 400 without it, 404
// for an ended one, 202 for notifications and responses. A quick request that
// sends nothing first is answered with application/json; a request that
// streams (log messages, progress, a server request) gets an SSE stream with
// event ids, primed and resumable with Last-Event-ID (2025-11-25). Messages
// tied to no request go to the GET stream. MCP-Protocol-Version is checked
// against the versions this server knows (2025-03-26, the version the spec
// says to assume without the header, is tolerated; the negotiated revision
// governs the replies). A 2026-07-28 request needs no session: its headers
// (MCP-Protocol-Version, Mcp-Method, Mcp-Name) must mirror the body (-32020),
// an unknown method is 404, and closing its stream cancels it. Protection:
// an Origin that is not the request's own, a loopback origin on a loopback
// server, or HTTPConfig.AllowedOrigins is refused with 403; on a loopback
// listener the Host must be a loopback name (DNS rebinding). Limits: bodies
// (413); sessions per client address and overall, where a full bound first
// ends the oldest idle session (no request in flight, no stream open) and
// refuses only when none is idle (429 per address, 503 overall, checked
// before anything is built); requests in flight per session, and requests
// plus GET streams held per address and overall (429); 2026-07-28 requests
// and listen streams per address and overall (429); a request the server
// sent that the client never answers ends after HTTPConfig.RequestTimeout
// (60 s) and frees its slot; queued messages per stream (oldest dropped);
// idle sessions expire, and ending a session (DELETE, expiry, eviction)
// ends everything it waits on; a write to a client that does not read times
// out.
//
// Memory is bounded by counts, whatever the clients do: at most MaxHeld
// (4,096) requests and GET streams, each unanswered server request about
// 17 KiB, MaxSessions (10,000) sessions of about 1.3 KiB when idle, and
// MaxStateless (1,024) 2026-07-28 requests: about 100 MiB above the
// process's own 30 MiB. One address holds at most an eighth of each and 64
// sessions (a few MiB): measured with cmd/loadtest/mcpattack, the
// server stays near 40 MiB under one address's flood.
//
// stdio (Server.ServeStdio, `playground mockserver -stdio`): newline-delimited
// messages; blocking requests run on their own goroutine so the session keeps
// reading (a notifications/cancelled or the answer to a server request).
//
// In-process (Server.NewConsoleTransport): the browser console's own
// session. Send takes the learner's raw message and hands what the server
// sends back to the transport's out function: its reply before Send
// returns, later notifications, server requests and the replies of
// blocking requests from the session's goroutines. The console
// (internal/console) records both directions in its exchange, where they
// are judged and paired; the transport knows no exchange.
//
// # Language
//
// A session speaks English or French (SessionOptions.Lang): its tool,
// resource and prompt texts, its instructions, its error messages and tool
// errors, and the checker's diagnostics in error.data. The French texts are
// in french.go, keyed by the English text (a newError's format), and
// TestFrenchCoversEveryText fails when a text the server sends has none.
// The browser console's session speaks the page's language. An HTTP
// session speaks French only when the client asks with Accept-Language
// (its first preference fr) on initialize, or on each 2026-07-28 request;
// without the header, or with any other language, it keeps English, as
// real clients expect (clientInfo has no locale, and an _meta key would be
// this server's own invention). stdio sessions keep English. HTTP
// transport refusals (403, 406, 413, 429, ...) stay in English.
//
// # Determinism
//
// The same messages give the same replies: no randomness and no clock in
// replies. Only HTTP session ids are random, and the key that seals the
// requestState of a 2026-07-28 input_required result: drawn once per
// Server (Config.StateKey sets it), so one Server gives one call the same
// state, and another Server another one. The slow tool paces itself with
// Config.Clock, which tests replace.
package mockserver
