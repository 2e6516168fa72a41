package logimport

import (
	"bytes"
	"encoding/json"
	"regexp"
)

// Context is a line of the log that is no MCP message, named for what it
// is rather than blamed: the client's own log, the server's stderr copied
// into it, the user's shell, the framing of an HTTP transcript.
type Context struct {
	Line int    `json:"line"`
	Kind string `json:"kind"`
	Text string `json:"text"`
}

// The kinds of context line.
const (
	ContextClientLog = "client-log"    // the client (or proxy) writing about itself
	ContextStderr    = "server-stderr" // the server's stderr, copied into the log
	ContextShell     = "shell"         // the user's prompt and commands
	ContextHTTP      = "http"          // an HTTP transcript's framing: headers, SSE fields
	ContextServerLog = "server-log"    // a server or SDK writing about itself
	ContextSDKObject = "sdk-object"    // a message printed as an SDK's object, not JSON, that cannot be read back
)

// maxContext bounds the context lines kept (their count goes on).
const maxContext = 500

// context records a line that is no message.
func (r *reader) context(n int, kind string, text []byte) {
	r.res.ContextLines++
	if kind == ContextSDKObject {
		r.sdkObjects++
	}
	if len(r.res.Context) < maxContext {
		r.res.Context = append(r.res.Context, Context{Line: n, Kind: kind, Text: clip(string(text))})
	}
}

// What a client's or a server's line says happened, when it is a failure
// a person must know about.
var (
	// A client's JSON.parse complaint, in all of Node's forms, and the
	// SDKs' own words (Python's, Go's "invalid character" and "invalid
	// trailing data", the Java SDK's "Error processing inbound message
	// for line: …"): it quotes what the server wrote on stdout.
	parseComplaint = regexp.MustCompile(`(?i)is not valid JSON|Unhandled JSON from context_server|Failed to parse (?:the )?(?:JSON-?RPC )?message|JSON Parse error: |No number after minus sign in JSON|Unterminated string in JSON|Bad escaped character in JSON|Exponent part is missing a number in JSON|type=json_invalid|Unexpected token|Expected ',' or '[\]}]' after|Expected property name|Unexpected non-whitespace character after JSON|Unexpected end of JSON input|Failed to parse JSONRPC message|invalid character '.' looking for beginning of value|Bad control character in string literal|invalid trailing data at the end of stream|Error processing inbound message for line`)
	// timeoutLine: the SDKs' -32001 and Go's deadline, and Zed's "Context
	// server request timeout" after "cancelled csp request task for
	// \"initialize\" id 0 which took over 60s".
	timeoutLine  = regexp.MustCompile(`(?i)-32001|request timed out|connection timeout|timed out after|context deadline exceeded|deadline exceeded|server request timeout|request task for .* which took over \d`)
	crashLine    = regexp.MustCompile(`(?i)^panic: |panicked at|Traceback \(most recent call last\)|Unhandled (?:exception|promise rejection)|UnhandledPromiseRejection|uncaught exception|^fatal error: |Segmentation fault|SIGSEGV|goroutine \d+ \[running\]`)
	exitLine     = regexp.MustCompile(`(?i)#onClose\b|(?:failed to|could not|couldn't|cannot|unable to) (?:start|connect|initiali[sz]e|load|launch|reconnect|restart|spawn)\b|transport error|failed to get server instance|connection failed|has failed to load:\s*$|context server failed to start|failed to spawn|connection dropped|failed to connect to (?:the )?(?:mcp )?server|connection refused|ECONNREFUSED|client is not connected|server unavailable|exited with code (?:[1-9]|-|null)|exit (?:code|status):? ?[1-9]|exiting with status [1-9]|process exited|process quit|server disconnected|transport closed unexpectedly|closed unexpectedly|connection ?closed|-32000|calling \\?"[\w/]+\\?": EOF|client closed|server exited|spawn \S+ ENOENT|EPIPE|broken pipe|process ended|has exited|crashed`)
	shutdownLine = regexp.MustCompile(`(?i)shutting down|shutdown|stopping server|disposing|SIGTERM|SIGINT|Ctrl\+C|user quit|closing (?:the )?(?:client|connection|transport)`)
	// stderrLine names a line that copies the server's stderr: a label
	// ("[server stderr]", "MCP STDERR (gift):", "Server stderr:"), not
	// any sentence with the word (Claude Desktop's own "you can add
	// output to stderr" is the client's), nor a field of an object the
	// client prints (goose's `ProcessExit { stderr: "…" }`, its report of
	// the server's exit).
	stderrLine = regexp.MustCompile(`(?i)\[(?:server )?stderr\]|MCP STDERR|(?:^|[^{(,\s]\s)stderr\s*[:\]]`)
	// shellLine: a prompt (bash's, PowerShell's, zsh's `user@host dir %`,
	// a conda environment's "(base) " before it) and the command after it.
	shellLine = regexp.MustCompile(`^(?:\$ |% |# |PS [A-Za-z]:\\[^>]*> |(?:\([\w.-]+\) )?[\w.-]+@[\w.-]+(?:[^$#]*[$#]| [\w~/.-]+ %) |C:\\[^>]*>)`)
	httpLine  = regexp.MustCompile(`^(?:[<>] |\* |(?:event|id|retry):|: ?\S*$|HTTP/[\d.]+ \d{3})`)
)

// failure codes: what the client saw happen to the server.
const (
	codeClientTimeout = "log.client-timeout"
	codeServerExited  = "log.server-exited"
	codeServerCrashed = "log.server-crashed"
)

// note names a line that is no message: a failure the client saw (a
// problem of severity error), the client's complaint that quotes the
// server's stdout, or context of the given kind. It reports whether the
// line was a failure or a complaint.
func (r *reader) note(n int, text []byte, kind string) bool {
	// A terminal's box ("│ … │", Gemini CLI's first versions) is no part
	// of the line.
	t := bytes.TrimSpace(bytes.TrimSuffix(bytes.TrimSpace(text), []byte("│")))
	if len(t) == 0 {
		return false
	}
	if jsonStart(t) && looksLikeMessage(t) {
		// A message where the format reads none (Copilot's own JSON-RPC
		// with the IDE, dumped in idea.log) is another protocol's data:
		// what it holds is no failure the client saw.
		r.context(n, kind, t)
		return false
	}
	if kind != ContextStderr && stderrLine.Match(t) {
		kind = ContextStderr
	}
	r.noHandshake(t)
	code := r.failureOf(n, t, kind)
	if code != "" && (code != codeServerExited || kind == ContextStderr || !parseComplaint.Match(t)) {
		r.failure(code, n, t)
		return true
	}
	// a client that could not read the server's stdout, whatever it did
	// next ("failed to initialize: invalid trailing data"), says why
	if kind != ContextStderr && parseComplaint.Match(t) {
		r.lastNoiseLine = n
		r.event(n, EventStdoutNoise, t)
		r.problem(codeStdoutNoise, n, -1, string(t))
		return true
	}
	if kind != ContextStderr && r.ordinary(n, t) {
		return true
	}
	switch {
	case kind == ContextStderr:
	case shellLine.Match(t):
		kind = ContextShell
	case httpLine.Match(t):
		kind = ContextHTTP
	}
	r.context(n, kind, t)
	if shutdownLine.Match(t) {
		r.shutdown = true
	}
	return false
}

// failureOf is the failure code of a line, "" when it is none. A process
// that ends after the client asked it to shut down is no failure.
func (r *reader) failureOf(n int, t []byte, kind string) string {
	switch {
	case crashLine.Match(t) && (kind == ContextStderr || r.lastNoiseLine == 0 || n-r.lastNoiseLine > 5):
		// a stack right after the client's complaint (about stdout, or a
		// server it could not reach) is the client's own, printed with it.
		return codeServerCrashed
	case crashLine.Match(t):
		return ""
	case kind == ContextStderr:
		return ""
	case timeoutLine.Match(t):
		return codeClientTimeout
	case exitLine.Match(t) && !r.shutdown && !shutdownLine.Match(t):
		return codeServerExited
	}
	return ""
}

// failure records a failure once for a run of lines that repeat it (a
// stack trace, a client retrying), on the last message read before it;
// the same failure of another server (an mcp.log, Gemini CLI's discovery
// of several servers) is another one.
func (r *reader) failure(code string, n int, t []byte) {
	samePeer := r.lastFailurePeer == r.peer || r.lastFailurePeer == "" || r.peer == ""
	sameAt := r.lastFailureAt == len(r.res.Entries) && samePeer
	if sameAt && (r.lastFailure == code || r.lastFailure == codeServerRefused && code == codeServerExited) {
		r.context(n, ContextClientLog, t) // the same failure said again, or its reason: kept to read
		return
	}
	r.event(n, failureEvents[code], t)
	if code != codeServerCrashed {
		r.lastNoiseLine = n
	}
	r.lastFailure, r.lastFailureAt, r.lastFailurePeer = code, len(r.res.Entries), r.peer
	r.problem(code, n, -1, string(t))
}

// failureEvents is the lifecycle event of each failure.
var failureEvents = map[string]string{codeClientTimeout: EventTimedOut, codeServerExited: EventExited, codeServerCrashed: EventCrashed}

// started notes that the log shows a server (re)starting: the messages
// after it are another conversation when the last one held messages.
func (r *reader) started(peer string) {
	r.shutdown = false
	if r.runs == nil {
		r.runs = map[string]*runState{}
	}
	st := r.runs[peer]
	if st == nil {
		r.runs[peer] = &runState{}
		return
	}
	if st.msgs > 0 {
		st.run++
		st.msgs = 0
	}
}

// runOf is the run of peer a new message belongs to, counted.
func (r *reader) runOf(peer string) int {
	if r.runs == nil {
		r.runs = map[string]*runState{}
	}
	st := r.runs[peer]
	if st == nil {
		st = &runState{}
		r.runs[peer] = st
	}
	st.msgs++
	return st.run
}

type runState struct{ run, msgs int }

// sawFailure reports whether the log showed a failure or stdout noise:
// a log of a client that never got a message through still tells why.
func (r *reader) sawFailure() bool {
	for _, p := range r.res.Problems {
		switch p.Code {
		case codeClientTimeout, codeServerExited, codeServerCrashed, codeServerRefused:
			return true
		case codeStdoutNoise:
			// a text with no message at all is no stdio capture: its lines
			// are no server's stdout.
			return r.res.Format != FormatStdio
		}
	}
	return false
}

// rawLine names a line of a raw stdio capture that is no message: a crash
// and the stack trace after it, the user's shell, an HTTP transcript's
// framing are named; anything else really is what the server wrote on
// stdout, and breaks the framing.
func (r *reader) rawLine(n int, t []byte, noise string) {
	r.noHandshake(t)
	switch {
	case crashLine.Match(t):
		r.failure(codeServerCrashed, n, t)
		r.inTrace = true
	case r.inTrace:
		r.context(n, ContextStderr, t)
	case shellLine.Match(t):
		r.context(n, ContextShell, t)
	case noise == codeStdoutNoise && timeoutLine.Match(t):
		r.failure(codeClientTimeout, n, t)
	default:
		r.problem(noise, n, -1, string(t))
	}
}

// timedOutCancels reports the cancellations whose reason says the client
// gave up waiting (the SDKs cancel a request that timed out, with the
// timeout error as the reason): what the client saw is a timeout.
func (r *reader) timedOutCancels() {
	for i, e := range r.res.Entries {
		if !bytes.Contains(e.Raw, []byte("notifications/cancelled")) {
			continue
		}
		var m struct {
			Method string `json:"method"`
			Params struct {
				Reason string `json:"reason"`
			} `json:"params"`
		}
		if json.Unmarshal(e.Raw, &m) == nil && m.Method == "notifications/cancelled" && timeoutLine.MatchString(m.Params.Reason) {
			r.problem(codeClientTimeout, e.Line, i, m.Params.Reason)
		}
	}
}

// beforeHandshake matches a server's own words that a request came before
// the handshake was done (the Python SDK's warning).
var beforeHandshake = regexp.MustCompile(`Received request before initialization was complete`)

// noHandshake notes a server saying that no handshake came before a
// request: the log does not start mid-session, whatever it lacks.
func (r *reader) noHandshake(t []byte) {
	if !r.res.NoHandshake && beforeHandshake.Match(t) {
		r.res.NoHandshake = true
	}
}

// firstContext is the line of the first context line of kind, 1 when none
// was kept.
func (r *reader) firstContext(kind string) int {
	for _, c := range r.res.Context {
		if c.Kind == kind {
			return c.Line
		}
	}
	return 1
}
