package logimport

import (
	"bytes"
	"regexp"
	"strings"

	"github.com/mcpplayground/playground/internal/i18n"
)

// Event is something that happened to a server, as the client's log tells
// it: every client logs the same few events in its own words, and one
// lexicon (this file) reads them for every format. A format gives only its
// line head (time, level, the server's name) and the lines' text.
type Event struct {
	Line int    `json:"line"`
	Kind string `json:"kind"`
	// Peer is the server's name, when the format writes it.
	Peer string `json:"peer,omitempty"`
	// Detail is what the event carries: the command started, the exit
	// status or signal, the HTTP status, the number of tools listed.
	Detail string `json:"detail,omitempty"`
}

// The kinds of lifecycle event.
const (
	EventStarted     = "started"      // the client started the server (Detail: its command)
	EventConnected   = "connected"    // the client connected to it (the handshake went through)
	EventToolsListed = "tools-listed" // the client listed its tools (Detail: how many)
	EventRestarted   = "restarted"    // the client reloaded or restarted it on its own
	EventStopped     = "stopped"      // the client stopped it, or it exited with status 0
	EventExited      = "exited"       // it exited or the connection closed while the client expected more (Detail: status or signal)
	EventCrashed     = "crashed"      // it crashed: a panic, an uncaught exception
	EventTimedOut    = "timed-out"    // the client gave up waiting for it
	EventRefused     = "refused"      // it answered a request with an HTTP error status (Detail: the status)
	EventStdoutNoise = "stdout-noise" // the client could not read what it wrote on stdout
)

// eventLabels name each kind for a person.
var eventLabels = map[string]map[i18n.Lang]string{
	EventStarted:     {i18n.EN: "the client started the server", i18n.FR: "le client a lancé le serveur"},
	EventConnected:   {i18n.EN: "the client connected to the server", i18n.FR: "le client s’est connecté au serveur"},
	EventToolsListed: {i18n.EN: "the client listed the server’s tools", i18n.FR: "le client a listé les outils du serveur"},
	EventRestarted:   {i18n.EN: "the client reloaded the server on its own", i18n.FR: "le client a rechargé le serveur de lui-même"},
	EventStopped:     {i18n.EN: "the server stopped normally", i18n.FR: "le serveur s’est arrêté normalement"},
	EventExited:      {i18n.EN: "the server went away (exit or closed connection)", i18n.FR: "le serveur a disparu (fin du processus ou connexion fermée)"},
	EventCrashed:     {i18n.EN: "the server crashed", i18n.FR: "le serveur a planté"},
	EventTimedOut:    {i18n.EN: "the client gave up waiting for the server", i18n.FR: "le client a cessé d’attendre le serveur"},
	EventRefused:     {i18n.EN: "the server refused a request with an HTTP error status", i18n.FR: "le serveur a refusé une requête avec un statut d’erreur HTTP"},
	EventStdoutNoise: {i18n.EN: "the server wrote something that is not a message on stdout", i18n.FR: "le serveur a écrit sur stdout autre chose qu’un message"},
}

// EventLabel names an event's kind in l.
func EventLabel(kind string, l i18n.Lang) string {
	if v := eventLabels[kind][l]; v != "" {
		return v
	}
	if v := eventLabels[kind][i18n.EN]; v != "" {
		return v
	}
	return kind
}

// LifecycleTitle heads the list of events in a text for a person.
var LifecycleTitle = map[i18n.Lang]string{
	i18n.EN: "What the client's log says happened to the server:",
	i18n.FR: "Ce que le journal du client dit qu’il est arrivé au serveur\u00a0:",
}

// The lexicon: the words clients use for each event. The failures
// (timeoutLine, crashLine, exitLine, parseComplaint in notes.go) are read
// first; these are the events that are no failure, and the HTTP refusals.
var (
	// startLine: a client starting a server process, or connecting to a
	// remote one.
	startLine = regexp.MustCompile(`(?i)initializing server|starting (?:new )?(?:mcp )?(?:stdio )?(?:server|process)|server started|attempting to connect to mcp server|starting context server|launching (?:mcp )?server|spawning|new stdio connection|creating (?:stdio|sse|streamableHttp) client|connecting to (?:mcp )?server|starting mcp server|MCPServerManager#start|start(?:ing)? (?:the )?mcp server|connection state: (?:starting|connecting)\b`)
	// connectedLine: the connection or the handshake went through.
	connectedLine = regexp.MustCompile(`(?i)successfully connected|connected successfully|server started and connected|connected to (?:the )?(?:mcp |stdio |sse |streamable ?http )?server|client connected|mcp client (?:connected|initialized)|initialized mcp client|service initialized as client|handshake (?:complete|succeeded)|server is ready|MCPClient#onConnect|connection established|loaded in [\d.]+ ?s|connection state: (?:running|connected)\b|✓ initialized`)
	// toolsLine: the client listed the server's tools ("Found 14 tools",
	// "Discovered 3 tools", "tools/list returned 5 tools").
	toolsLine  = regexp.MustCompile(`(?i)(?:found|discovered|listed|loaded|registered|received|fetched|got) (\d+) tools|(\d+) tools? (?:found|discovered|loaded|available|registered)|available tools: \w`)
	toolsCount = regexp.MustCompile(`(\d+) tools?`)
	// reloadLine: the client reloading or restarting the server on its
	// own (a setting changed, the user pressed "restart"): the exit that
	// follows is the client's doing, no failure.
	reloadLine = regexp.MustCompile(`(?i)ReloadClient|reloading (?:the )?(?:mcp )?(?:client|server|connection)|restarting (?:the )?(?:mcp )?(?:client|server|connection)|cleaning up (?:the )?(?:old |existing |previous )?(?:client|server|connection|transport|process)|cleaning up\b|config(?:uration)? changed, (?:restart|reload)`)
	// notReload: a reload that failed is a failure of its own.
	notReload = regexp.MustCompile(`(?i)fail|error`)
	// refusedLine: an HTTP error status the server answered ("Error
	// POSTing to endpoint (HTTP 400)", "400 status sending message",
	// "Non-200 status code (401)", "HTTP 503 Service Unavailable",
	// "status code 404").
	refusedLine = regexp.MustCompile(`(?i)\(HTTP ([45]\d\d)\)|\b([45]\d\d) status (?:sending|connecting)|non-200 status code \(([45]\d\d)\)|\bHTTP(?:/[\d.]+)? ([45]\d\d)\b|status(?: code)?[:=]? ?([45]\d\d)\b|\b([45]\d\d) (?:Bad Request|Unauthorized|Forbidden|Not Found|Method Not Allowed|Not Acceptable|Unsupported Media Type|Internal Server Error|Bad Gateway|Service Unavailable|Gateway Timeout)\b`)
	// stoppedLine: an exit that is no failure (status 0, a normal stop).
	stoppedLine = regexp.MustCompile(`(?i)exited with code 0\b|exit (?:code|status):? ?0\b|exited normally|process exited with status 0\b|stopped (?:the )?(?:mcp )?server|server stopped`)
	// exitDetail: the status or signal an exit carries.
	exitDetail = regexp.MustCompile(`(?i)(?:code|status)[:= ]\s*(-?\d+|null)|signal[:= ]\s*"?(SIG[A-Z]+|\d+)|\b(SIG(?:TERM|KILL|INT|SEGV|ABRT|PIPE|HUP))\b|\b(ENOENT|EACCES|EPIPE|ECONNREFUSED|ECONNRESET)\b`)
	// commandDetail: the command a start line names.
	commandDetail = regexp.MustCompile(`(?i)(?:with command|command|process)[:=] ?(.+)$|Launching (?:MCP )?server: (.+)$`)
)

// maxEvents bounds the lifecycle kept from one log.
const maxEvents = 200

// event records a lifecycle event, once for a run of lines that repeat it
// (a client polling the same server logs "connected" many times).
func (r *reader) event(n int, kind string, text []byte) {
	if len(r.res.Lifecycle) >= maxEvents {
		return
	}
	e := Event{Line: n, Kind: kind, Peer: r.peer, Detail: clip(eventDetail(kind, text))}
	if k := len(r.res.Lifecycle); k > 0 {
		last := r.res.Lifecycle[k-1]
		if last.Kind == e.Kind && last.Peer == e.Peer && (last.Detail == e.Detail || e.Detail == "") {
			return
		}
	}
	r.res.Lifecycle = append(r.res.Lifecycle, e)
}

// eventDetail is what a line of the given kind carries.
func eventDetail(kind string, t []byte) string {
	first := func(m [][]byte) string {
		for _, g := range m[1:] {
			if len(g) > 0 {
				return strings.TrimSpace(string(g))
			}
		}
		return ""
	}
	var re *regexp.Regexp
	switch kind {
	case EventStarted:
		re = commandDetail
	case EventExited, EventStopped:
		re = exitDetail
	case EventRefused:
		re = refusedLine
	case EventToolsListed:
		re = toolsCount
	default:
		return ""
	}
	if m := re.FindSubmatch(t); m != nil {
		return first(m)
	}
	return ""
}

// ordinary reads the events of a line that is no failure: a start, a
// connection, tools listed, the client's own reload, a normal stop, or
// an HTTP refusal (a failure, said on the request it refused). It
// reports whether the line was a refusal.
func (r *reader) ordinary(n int, t []byte) bool {
	switch {
	case refusedLine.Match(t) && !bytes.Contains(t, []byte("jsonrpc")):
		r.event(n, EventRefused, t)
		r.refused(n, t)
		return true
	case reloadLine.Match(t) && !notReload.Match(t):
		r.event(n, EventRestarted, t)
		r.shutdown = true
	case stoppedLine.Match(t):
		r.event(n, EventStopped, t)
	case toolsLine.Match(t):
		r.event(n, EventToolsListed, t)
	case connectedLine.Match(t):
		r.event(n, EventConnected, t)
		r.shutdown = false
	case startLine.Match(t):
		r.event(n, EventStarted, t)
	}
	return false
}

// codeServerRefused: the server answered a request with an HTTP error
// status; said once per request.
const codeServerRefused = "log.server-refused"

// refused records an HTTP refusal on the last request the log holds, once
// for that request however many lines repeat it.
func (r *reader) refused(n int, t []byte) {
	at := r.last()
	if r.lastRefusedAt == len(r.res.Entries)+1 {
		return
	}
	r.lastRefusedAt = len(r.res.Entries) + 1
	r.problem(codeServerRefused, n, at, string(t))
	r.lastFailure, r.lastFailureAt = codeServerRefused, len(r.res.Entries)
}

// sawEvents reports whether the log told the server's lifecycle.
func (r *reader) sawEvents() bool { return len(r.res.Lifecycle) > 0 }
