package logimport

import (
	"sort"

	"github.com/mcpplayground/playground/internal/i18n"
)

// Problem codes. They are stable: the explain JSON, the pages and the log
// exercises refer to them.
const (
	codeNotJSON        = "log.not-json"
	codeStdoutNoise    = "log.stdout-noise"
	codeTruncated      = "log.truncated"
	codeUnknownWrapper = "log.unknown-wrapper"
	codeTooMany        = "log.too-many-messages"
	codeClientRejected = "log.client-rejected"
	codeSDKObjects     = "log.sdk-objects"

	codeHTTPAccept         = "log.http.accept"
	codeHTTPNot202         = "log.http.not-202"
	codeHTTPSessionMissing = "log.http.session-id-missing"
	codeHTTPSessionChanged = "log.http.session-id-changed"
	codeHTTPSessionExpired = "log.http.session-expired"
	codeHTTPVersionMissing = "log.http.protocol-version-missing"
	codeHTTPOriginAccepted = "log.http.origin-accepted"

	codeHTTPVersionMismatch = "log.http.protocol-version-mismatch"
	codeHTTPMethodHeader    = "log.http.method-header"
	codeHTTPNameHeader      = "log.http.name-header"

	// CodeHTTPClosedCancels is a 2026-07-28 request over HTTP whose
	// response stream the client closed before an answer came: the
	// cancellation itself (the explainer raises it where the conversation
	// judge would say "unanswered").
	CodeHTTPClosedCancels = "log.http.closed-cancels"
)

// CodeInfo explains one problem code in both languages.
type CodeInfo struct {
	Code     string               `json:"code"`
	Severity string               `json:"severity"` // error, warning or info
	Lesson   string               `json:"lesson"`
	Message  map[i18n.Lang]string `json:"message"` // by language
}

// codeTable is the one place that lists the problem codes.
var codeTable = map[string]CodeInfo{
	codeNotJSON: {Severity: "warning", Lesson: "reading-logs", Message: map[i18n.Lang]string{
		i18n.EN: "This line is not JSON, so it is not an MCP message; it was skipped.",
		i18n.FR: "Cette ligne n’est pas du JSON, donc pas un message MCP\u202f; elle a été ignorée.",
	}},
	codeStdoutNoise: {Severity: "error", Lesson: "reading-logs", Message: map[i18n.Lang]string{
		i18n.EN: "The server wrote something that is not a JSON message on its standard output. Over stdio, stdout carries MCP messages and nothing else: a client reading it fails on this line. Write logs and banners to stderr.",
		i18n.FR: "Le serveur a écrit sur sa sortie standard autre chose qu’un message JSON. En stdio, stdout ne transporte que des messages MCP\u202f: un client qui la lit échoue sur cette ligne. Écrivez les journaux et les bannières sur stderr.",
	}},
	codeTruncated: {Severity: "warning", Lesson: "reading-logs", Message: map[i18n.Lang]string{
		i18n.EN: "This message is cut short: the log ends (or the line stops) before it closes. What was logged is checked as it is.",
		i18n.FR: "Ce message est tronqué\u202f: le journal (ou la ligne) s’arrête avant sa fin. Ce qui a été journalisé est vérifié tel quel.",
	}},
	codeUnknownWrapper: {Severity: "warning", Lesson: "reading-logs", Message: map[i18n.Lang]string{
		i18n.EN: "This line is a JSON object, but neither an MCP message nor a known wrapper around one (a `message` field with a `from` or `direction`); it was skipped.",
		i18n.FR: "Cette ligne est un objet JSON, mais ni un message MCP ni une enveloppe connue autour d’un message (un champ `message` avec `from` ou `direction`)\u202f; elle a été ignorée.",
	}},
	codeTooMany: {Severity: "warning", Lesson: "reading-logs", Message: map[i18n.Lang]string{
		i18n.EN: "The log holds more messages than the playground explains at once; the messages after this point were not read. Split the log to see the rest.",
		i18n.FR: "Le journal contient plus de messages que MCP Playground n’en explique d’un coup\u202f; les messages après ce point n’ont pas été lus. Découpez le journal pour voir la suite.",
	}},
	codeClientRejected: {Severity: "warning", Lesson: "reading-logs", Message: map[i18n.Lang]string{
		i18n.EN: "MCP Inspector received this response but refused it: its SDK found it did not match what the request asked for.",
		i18n.FR: "MCP Inspector a reçu cette réponse mais l’a refusée\u202f: son SDK a jugé qu’elle ne correspondait pas à ce que la requête demandait.",
	}},
	codeHTTPAccept: {Severity: "error", Lesson: "reading-logs", Message: map[i18n.Lang]string{
		i18n.EN: "A POST to a Streamable HTTP server must send `Accept: application/json, text/event-stream`: the server may answer with either, and picks according to what the client accepts.",
		i18n.FR: "Un POST vers un serveur Streamable HTTP doit envoyer `Accept: application/json, text/event-stream`\u202f: le serveur peut répondre de l’une ou l’autre façon, et choisit selon ce que le client accepte.",
	}},
	codeHTTPNot202: {Severity: "error", Lesson: "reading-logs", Message: map[i18n.Lang]string{
		i18n.EN: "This POST carried only notifications or responses, which expect no reply: the server must answer 202 Accepted with no body.",
		i18n.FR: "Ce POST ne portait que des notifications ou des réponses, qui n’attendent pas de réponse\u202f: le serveur doit répondre 202 Accepted, sans corps.",
	}},
	codeHTTPSessionMissing: {Severity: "error", Lesson: "reading-logs", Message: map[i18n.Lang]string{
		i18n.EN: "The server gave an `Mcp-Session-Id` with the initialize result; every later request of the session must send it back, and this one does not.",
		i18n.FR: "Le serveur a donné un `Mcp-Session-Id` avec le résultat d’initialize\u202f; chaque requête suivante de la session doit le renvoyer, et celle-ci ne le fait pas.",
	}},
	codeHTTPSessionChanged: {Severity: "error", Lesson: "reading-logs", Message: map[i18n.Lang]string{
		i18n.EN: "This request sends another `Mcp-Session-Id` than the one the server gave at initialize: to the server, it belongs to another session.",
		i18n.FR: "Cette requête envoie un autre `Mcp-Session-Id` que celui donné par le serveur à l’initialisation\u202f: pour le serveur, elle appartient à une autre session.",
	}},
	codeHTTPSessionExpired: {Severity: "info", Lesson: "reading-logs", Message: map[i18n.Lang]string{
		i18n.EN: "The server answered 404 to a request with the session id: the session has ended on its side. The client must start a new one with `initialize`.",
		i18n.FR: "Le serveur a répondu 404 à une requête portant l’identifiant de session\u202f: la session est terminée de son côté. Le client doit en ouvrir une nouvelle avec `initialize`.",
	}},
	codeHTTPVersionMissing: {Severity: "error", Lesson: "reading-logs", Message: map[i18n.Lang]string{
		i18n.EN: "After the handshake, every HTTP request must carry the `MCP-Protocol-Version` header with the negotiated revision (in 2026-07-28, which has no handshake, every request, with the revision its `_meta` names); this one has none.",
		i18n.FR: "Après la poignée de main, chaque requête HTTP doit porter l’en-tête `MCP-Protocol-Version` avec la révision négociée (en 2026-07-28, qui n’a pas de poignée de main, chaque requête, avec la révision que nomme son `_meta`)\u202f; celle-ci n’en a pas.",
	}},
	codeHTTPVersionMismatch: {Severity: "error", Lesson: "reading-logs", Message: map[i18n.Lang]string{
		i18n.EN: "The `MCP-Protocol-Version` header names another revision than the one in force (negotiated by the handshake, or named in the request’s `_meta` in 2026-07-28): the server reads the request in the header’s revision, or refuses it.",
		i18n.FR: "L’en-tête `MCP-Protocol-Version` nomme une autre révision que celle en vigueur (négociée à l’initialisation, ou nommée dans le `_meta` de la requête en 2026-07-28)\u202f: le serveur lit la requête dans la révision de l’en-tête, ou la refuse.",
	}},
	codeHTTPMethodHeader: {Severity: "error", Lesson: "reading-logs", Message: map[i18n.Lang]string{
		i18n.EN: "In 2026-07-28, every request over HTTP repeats its method in the `Mcp-Method` header, so that a proxy can route it without reading the body; this header is missing or names another method. The server answers 400 (-32020, header mismatch).",
		i18n.FR: "En 2026-07-28, chaque requête HTTP répète sa méthode dans l’en-tête `Mcp-Method`, pour qu’un proxy puisse l’aiguiller sans lire le corps\u202f; cet en-tête manque ou nomme une autre méthode. Le serveur répond 400 (-32020, en-têtes incohérents).",
	}},
	codeHTTPNameHeader: {Severity: "error", Lesson: "reading-logs", Message: map[i18n.Lang]string{
		i18n.EN: "In 2026-07-28, `tools/call` and `prompts/get` repeat `params.name`, and `resources/read` `params.uri`, in the `Mcp-Name` header (as `=?base64?…?=` when it is not plain ASCII); this header is missing or says something else. The server answers 400 (-32020, header mismatch).",
		i18n.FR: "En 2026-07-28, `tools/call` et `prompts/get` répètent `params.name`, et `resources/read` `params.uri`, dans l’en-tête `Mcp-Name` (sous la forme `=?base64?…?=` s’il ne s’écrit pas en ASCII simple)\u202f; cet en-tête manque ou dit autre chose. Le serveur répond 400 (-32020, en-têtes incohérents).",
	}},
	codeRevisionUnknown: {Severity: "warning", Lesson: "lifecycle", Message: map[i18n.Lang]string{
		i18n.EN: "The handshake names a protocol revision that was never published: a revision is the date of a published specification (2024-11-05, 2025-03-26, 2025-06-18, 2025-11-25…). The log is explained with the nearest known revision, shown after the arrow.",
		i18n.FR: "La poignée de main nomme une révision du protocole qui n’a jamais été publiée : une révision est la date d’une spécification publiée (2024-11-05, 2025-03-26, 2025-06-18, 2025-11-25…). Le journal est expliqué selon la révision connue la plus proche, indiquée après la flèche.",
	}},
	codeElided: {Severity: "warning", Lesson: "reading-logs", Message: map[i18n.Lang]string{
		i18n.EN: "This message was shortened by hand before it was pasted: the log shows `...` where part of it was left out, which is not JSON. The parts left out are read as empty and not judged; the rest is checked as it is. Its sender wrote the whole message, not the dots.",
		i18n.FR: "Ce message a été abrégé à la main avant d’être collé\u202f: le journal montre `...` là où une partie a été omise, ce qui n’est pas du JSON. Les parties omises sont lues comme vides et ne sont pas jugées\u202f; le reste est vérifié tel quel. Son émetteur a écrit le message entier, pas les points.",
	}},
	codeClientTimeout: {Severity: "error", Lesson: "reading-logs", Message: map[i18n.Lang]string{
		i18n.EN: "The client gave up waiting: its request timed out before the server answered (the SDKs’ -32001, “Request timed out”). The server was too slow, or never answered; a long job should send progress notifications, or answer sooner.",
		i18n.FR: "Le client a cessé d’attendre : sa requête a expiré avant que le serveur ne réponde (le -32001 des SDK, « Request timed out »). Le serveur a été trop lent, ou n’a jamais répondu ; un long travail doit envoyer des notifications de progression, ou répondre plus tôt.",
	}},
	codeServerExited: {Severity: "error", Lesson: "reading-logs", Message: map[i18n.Lang]string{
		i18n.EN: "The server went away: its process exited, or the client saw the connection close, while the client still expected it to answer. Look at the server’s stderr just before this line: it usually says why.",
		i18n.FR: "Le serveur a disparu : son processus s’est terminé, ou le client a vu la connexion se fermer, alors qu’il attendait encore une réponse. Regardez la sortie d’erreur du serveur juste avant cette ligne : elle dit en général pourquoi.",
	}},
	codeServerCrashed: {Severity: "error", Lesson: "reading-logs", Message: map[i18n.Lang]string{
		i18n.EN: "The server crashed: a panic or an uncaught exception, with its stack trace on stderr. Every request still open died with it.",
		i18n.FR: "Le serveur a planté : une panique ou une exception non rattrapée, avec sa pile d’appels sur stderr. Toutes les requêtes en cours sont mortes avec lui.",
	}},
	CodeHTTPClosedCancels: {Severity: "info", Lesson: "stateless-2026", Message: map[i18n.Lang]string{
		i18n.EN: "The client closed this request’s response stream before an answer came. In 2026-07-28 over HTTP, that is how a client cancels a request: no `notifications/cancelled` is sent, and the server owes no answer.",
		i18n.FR: "Le client a fermé le flux de réponse de cette requête avant qu’une réponse n’arrive. En 2026-07-28, sur HTTP, c’est ainsi qu’un client annule une requête : il n’envoie pas de `notifications/cancelled`, et le serveur ne doit plus de réponse.",
	}},
	codePreview: {Severity: "info", Lesson: "reading-logs", Message: map[i18n.Lang]string{
		i18n.EN: "The client logged only the beginning of this message and marked the cut itself (the detail shows its mark): the rest is not in the log. The message is read as far as it goes (its method, its id, what it answers); the part cut off is not judged, and no one is to blame for it.",
		i18n.FR: "Le client n’a journalisé que le début de ce message et a marqué lui-même la coupure (le détail montre sa marque) : la suite n’est pas dans le journal. Le message est lu aussi loin qu’il va (sa méthode, son id, ce à quoi il répond) ; la partie coupée n’est pas jugée, et personne n’en est responsable.",
	}},
	codeSDKObjects: {Severity: "info", Lesson: "reading-logs", Message: map[i18n.Lang]string{
		i18n.EN: "The log prints its messages as an SDK's objects (or names them without their members), not as JSON: they cannot be read back, so none is checked here. Log the messages' JSON, or capture the traffic itself, to have them explained.",
		i18n.FR: "Le journal imprime ses messages comme des objets d’un SDK (ou les nomme sans leurs membres), pas en JSON : on ne peut pas les relire, donc aucun n’est vérifié ici. Journalisez le JSON des messages, ou capturez le trafic lui-même, pour les faire expliquer.",
	}},
	codeServerRefused: {Severity: "error", Lesson: "reading-logs", Message: map[i18n.Lang]string{
		i18n.EN: "The server refused the request: it answered with an HTTP error status (in the detail) instead of a JSON-RPC message, so the client got no MCP answer. A 400 to `initialize` is the server refusing the handshake (a header or a revision it does not accept); a 401 or 403 asks for credentials; a 404 names a wrong URL or an ended session.",
		i18n.FR: "Le serveur a refusé la requête : il a répondu par un statut d’erreur HTTP (dans le détail) au lieu d’un message JSON-RPC, si bien que le client n’a reçu aucune réponse MCP. Un 400 à `initialize`, c’est le serveur qui refuse la poignée de main (un en-tête ou une révision qu’il n’accepte pas) ; un 401 ou un 403 demande des identifiants ; un 404 désigne une mauvaise URL ou une session terminée.",
	}},
	codeHTTPOriginAccepted: {Severity: "warning", Lesson: "reading-logs", Message: map[i18n.Lang]string{
		i18n.EN: "A page from another origin called this server and was served. Servers must check `Origin` and answer 403 to origins they do not trust, or any web page can drive a local server (DNS rebinding).",
		i18n.FR: "Une page d’une autre origine a appelé ce serveur et a été servie. Un serveur doit vérifier `Origin` et répondre 403 aux origines auxquelles il ne fait pas confiance, sinon n’importe quelle page web peut piloter un serveur local (DNS rebinding).",
	}},
}

// Info returns the explanation of a problem code.
func Info(code string) (CodeInfo, bool) {
	c, ok := codeTable[code]
	c.Code = code
	return c, ok
}

// Codes lists every problem code, sorted.
func Codes() []CodeInfo {
	out := make([]CodeInfo, 0, len(codeTable))
	for code := range codeTable {
		c, _ := Info(code)
		out = append(out, c)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Code < out[j].Code })
	return out
}

// MessageIn is what the problem says in l.
func (c CodeInfo) MessageIn(l i18n.Lang) string { return c.Message[l] }
