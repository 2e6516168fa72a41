package clientcheck

import (
	"fmt"

	"github.com/mcpplayground/playground/internal/i18n"
)

// The run's messages, in English and French.
const (
	keyStdinClosed       = "stdinClosed"
	keyExited            = "exited"
	keyReferenceDone     = "referenceDone"
	keyCannotStart       = "cannotStart"
	keyExerciseRevision  = "exerciseRevision"
	keyUnknownStep       = "unknownStep"
	keyNeedsCall         = "needsCall"
	keySkipGone          = "skipGone"
	keySkipSilent        = "skipSilent"
	keyNeverConnected    = "neverConnected"
	keyCheckerRejects    = "checkerRejects"
	keyFlood             = "flood"
	keyGoneBefore        = "goneBefore"
	keyNothing           = "nothing"
	keyTooLarge          = "tooLarge"
	keyUnanswered        = "unanswered"
	keyStrayResponse     = "strayResponse"
	keyInstructions      = "instructions"
	keyNoVersion2026     = "noVersion2026"
	keyWrongVersion      = "wrongVersion"
	keyMethodHeader      = "methodHeader"
	keyNameHeader        = "nameHeader"
	keyNoSession         = "noSession"
	keyWrongSession      = "wrongSession"
	keyNoVersion         = "noVersion"
	keyNoMeta            = "noMeta"
	keyArgsNotObject     = "argsNotObject"
	keyArgMissing        = "argMissing"
	keyArgType           = "argType"
	keyBeforeInitialize  = "beforeInitialize"
	keyNoInitializeYet   = "noInitializeYet"
	keyNoInitialized     = "noInitialized"
	keyToolForName       = "toolForName"
	keyNoName            = "noName"
	keyWrongTool         = "wrongTool"
	keyUndeclared        = "undeclared"
	keyLogLine           = "logLine"
	keyPingResult        = "pingResult"
	keyRootsResult       = "rootsResult"
	keyRootURI           = "rootURI"
	keyElicitNoAction    = "elicitNoAction"
	keyElicitAction      = "elicitAction"
	keyElicitContent     = "elicitContent"
	keyElicitCategory    = "elicitCategory"
	keyElicitNoContent   = "elicitNoContent"
	keySamplingPrompt    = "samplingPrompt"
	keySamplingResult    = "samplingResult"
	keyNoProgressToken   = "noProgressToken"
	keyPacking           = "packing"
	keyIDInFlight        = "iDInFlight"
	keyCancelNoID        = "cancelNoID"
	keyCancelWrongID     = "cancelWrongID"
	keyFirstPageCursor   = "firstPageCursor"
	keyCursorNotFollowed = "cursorNotFollowed"
	keyCursorRestart     = "cursorRestart"
	keyCursorWrong       = "cursorWrong"
	keyNotUnlocked       = "notUnlocked"
	keyNoRelist          = "noRelist"
	keyInitialize2026    = "initialize2026"
	keyBeforeDiscover    = "beforeDiscover"
	keyNoInputRequired   = "noInputRequired"
	keyRetrySameID       = "retrySameID"
	keyNoState           = "noState"
	keyChangedState      = "changedState"
	keyNoInputResponses  = "noInputResponses"
	keyLookUnanswered    = "lookUnanswered"
	keyLookStray         = "lookStray"
	keyLookHeaders2026   = "lookHeaders2026"
	keyLookSession       = "lookSession"
	keyLookVersion       = "lookVersion"
	keyLookMeta          = "lookMeta"
	keyLookInitialize    = "lookInitialize"
	keyLookInitialized   = "lookInitialized"
	keyLookCallParams    = "lookCallParams"
	keyLookSchema        = "lookSchema"
	keyLookCapabilities  = "lookCapabilities"
	keyLookElicit        = "lookElicit"
	keyLookSampling      = "lookSampling"
	keyLookProgressToken = "lookProgressToken"
	keyLookIDs           = "lookIDs"
	keyLookCancel        = "lookCancel"
	keyLookCursor        = "lookCursor"
	keyLookRelist        = "lookRelist"
	keyLookDiscover      = "lookDiscover"
	keyLookRetry         = "lookRetry"
)

var words = map[string][2]string{
	keyStdinClosed:       {"your client closed the server's standard input", "votre client a fermé l’entrée standard du serveur"},
	keyExited:            {"your client exited (%s)", "votre client s’est arrêté (%s)"},
	keyReferenceDone:     {"the reference client played its whole part", "le client de référence a joué tout son rôle"},
	keyCannotStart:       {"the client could not be started: %s", "le client n’a pas pu être lancé\u00a0: %s"},
	keyExerciseRevision:  {"This exercise does not run in revision %s.", "Cet exercice ne se joue pas dans la révision %s."},
	keyUnknownStep:       {"The playground has no step named %q.", "Le playground n’a pas d’étape nommée %q."},
	keyNeedsCall:         {"This step continues a call that did not come in an earlier step.", "Cette étape poursuit un appel qui n’est pas arrivé à une étape précédente."},
	keySkipGone:          {"Your client is gone (%s): the remaining steps did not run.", "Votre client n’est plus là (%s)\u00a0: les étapes suivantes n’ont pas été jouées."},
	keySkipSilent:        {"Your client sent nothing during two steps in a row: the remaining steps did not run.", "Votre client n’a rien envoyé pendant deux étapes de suite\u00a0: les étapes suivantes n’ont pas été jouées."},
	keyNeverConnected:    {"it sent nothing within %s", "il n’a rien envoyé en %s"},
	keyCheckerRejects:    {"The checker found a mistake in a message your client sent (below).", "Le vérificateur a trouvé une erreur dans un message envoyé par votre client (ci-dessous)."},
	keyFlood:             {"Your client sent more than %d messages in one step; the playground stopped reading them.", "Votre client a envoyé plus de %d messages en une étape\u00a0; le playground a cessé de les lire."},
	keyGoneBefore:        {"Your client is gone (%s) before it sent %s.", "Votre client n’est plus là (%s) avant d’avoir envoyé %s."},
	keyNothing:           {"Your client did not send %s within %s.", "Votre client n’a pas envoyé %s en %s."},
	keyTooLarge:          {"Your client sent a message larger than 1 MiB; the playground did not read it.", "Votre client a envoyé un message de plus de 1 Mio\u00a0; le playground ne l’a pas lu."},
	keyUnanswered:        {"Your client left the server's `%s` request (id %s) unanswered for %s: every request gets a response, a result or an error, whoever sends it.", "Votre client a laissé la requête `%s` du serveur (id %s) sans réponse pendant %s\u00a0: toute requête reçoit une réponse, un résultat ou une erreur, quel que soit celui qui l’envoie."},
	keyStrayResponse:     {"Your client sent a response with id %s, but the server sent no request with that id: a notification has no id and never gets a reply.", "Votre client a envoyé une réponse avec l’id %s, mais le serveur n’a envoyé aucune requête avec cet id\u00a0: une notification n’a pas d’id et ne reçoit jamais de réponse."},
	keyInstructions:      {"The playground's checking server: it plays the gift server and grades every message your client sends.", "Le serveur de vérification du playground\u00a0: il joue le serveur de cadeaux et note chaque message que votre client envoie."},
	keyNoVersion2026:     {"%s came without the MCP-Protocol-Version header: every 2026-07-28 request over HTTP carries it.", "%s est arrivé sans l’en-tête MCP-Protocol-Version\u00a0: toute requête 2026-07-28 en HTTP le porte."},
	keyWrongVersion:      {"%s carried the MCP-Protocol-Version header %q, but the session speaks %s.", "%s portait l’en-tête MCP-Protocol-Version %q, mais la session parle %s."},
	keyMethodHeader:      {"%s carried the Mcp-Method header %q: in 2026-07-28 it repeats the body's method.", "%s portait l’en-tête Mcp-Method %q\u00a0: en 2026-07-28 il répète la méthode du corps."},
	keyNameHeader:        {"%s carried the Mcp-Name header %q, but the body calls %q: in 2026-07-28 Mcp-Name repeats params.name.", "%s portait l’en-tête Mcp-Name %q, mais le corps appelle %q\u00a0: en 2026-07-28, Mcp-Name répète params.name."},
	keyNoSession:         {"%s came without the Mcp-Session-Id header: once initialize has answered with one, every HTTP request of the session carries it (a server that requires it answers 400 Bad Request).", "%s est arrivé sans l’en-tête Mcp-Session-Id\u00a0: une fois qu’initialize en a renvoyé un, chaque requête HTTP de la session le porte (un serveur qui l’exige répond 400 Bad Request)."},
	keyWrongSession:      {"%s carried the Mcp-Session-Id %q, which is not the one initialize gave.", "%s portait le Mcp-Session-Id %q, qui n’est pas celui qu’a donné initialize."},
	keyNoVersion:         {"%s came without the MCP-Protocol-Version header: after initialize, every HTTP request carries the negotiated revision, here %s.", "%s est arrivé sans l’en-tête MCP-Protocol-Version\u00a0: après initialize, chaque requête HTTP porte la révision négociée, ici %s."},
	keyNoMeta:            {"%s has no `_meta` with `io.modelcontextprotocol/protocolVersion` (%s) and `io.modelcontextprotocol/clientCapabilities`: in 2026-07-28 there is no handshake, so every request carries them.", "%s n’a pas de `_meta` avec `io.modelcontextprotocol/protocolVersion` (%s) et `io.modelcontextprotocol/clientCapabilities`\u00a0: en 2026-07-28 il n’y a pas de poignée de main, alors chaque requête les porte."},
	keyArgsNotObject:     {"`arguments` is a %s; it is an object, one member per argument.", "`arguments` est de type %s\u00a0; c’est un objet, avec un membre par argument."},
	keyArgMissing:        {"The argument `%s` is missing: the tool's inputSchema requires it (a %s).", "L’argument `%s` manque\u00a0: l’inputSchema de l’outil l’exige (de type %s)."},
	keyArgType:           {"The argument `%s` is %s, a %s; the tool's inputSchema says it is a %s.", "L’argument `%s` vaut %s, de type %s\u00a0; l’inputSchema de l’outil dit qu’il est de type %s."},
	keyBeforeInitialize:  {"Your client sent %s before initialize: initialize is the first request of a session (only ping may come before it).", "Votre client a envoyé %s avant initialize\u00a0: initialize est la première requête d’une session (seul ping peut la précéder)."},
	keyNoInitializeYet:   {"initialize did not happen, so there is nothing to look at.", "initialize n’a pas eu lieu\u00a0: il n’y a rien à regarder."},
	keyNoInitialized:     {"Your client sent %s without sending notifications/initialized first: after initialize's result, the client sends notifications/initialized, then its requests.", "Votre client a envoyé %s sans avoir d’abord envoyé notifications/initialized\u00a0: après le résultat d’initialize, le client envoie notifications/initialized, puis ses requêtes."},
	keyToolForName:       {"The tool's name is in `tool`: tools/call takes it in `name` (`\"params\": {\"name\": \"suggest_gifts\", \"arguments\": {…}}`).", "Le nom de l’outil est dans `tool`\u00a0: tools/call l’attend dans `name` (`\"params\": {\"name\": \"suggest_gifts\", \"arguments\": {…}}`)."},
	keyNoName:            {"tools/call has no `name`: say which tool to call, here %q.", "tools/call n’a pas de `name`\u00a0: dites quel outil appeler, ici %q."},
	keyWrongTool:         {"Your client called %s; this step expects %q.", "Votre client a appelé %s\u00a0; cette étape attend %q."},
	keyUndeclared:        {"Your client did not declare the `%s` capability in initialize, yet the server is about to use it: a server only asks what the client declared.", "Votre client n’a pas déclaré la capacité `%s` dans initialize, alors que le serveur va s’en servir\u00a0: un serveur ne demande que ce que le client a déclaré."},
	keyLogLine:           {"Looking at the shelves…", "Je regarde les rayons…"},
	keyPingResult:        {"The answer to ping is a result, an empty object: `\"result\": {}`.", "La réponse à ping est un résultat, un objet vide\u00a0: `\"result\": {}`."},
	keyRootsResult:       {"The answer to roots/list is `{\"roots\": [...]}`, a list of roots.", "La réponse à roots/list est `{\"roots\": [...]}`, une liste de racines."},
	keyRootURI:           {"Each root has a `uri` that starts with `file://`.", "Chaque racine a une `uri` qui commence par `file://`."},
	keyElicitNoAction:    {"The answer to elicitation/create has no `action`: it says what the user did, here %q.", "La réponse à elicitation/create n’a pas d’`action`\u00a0: elle dit ce qu’a fait l’utilisateur, ici %q."},
	keyElicitAction:      {"Your client answered the action %q; this question asks for %q.", "Votre client a répondu l’action %q\u00a0; cette question demande %q."},
	keyElicitContent:     {"An accepted elicitation carries the user's answers in `content`, an object that fits `requestedSchema`.", "Une élicitation acceptée porte les réponses de l’utilisateur dans `content`, un objet conforme au `requestedSchema`."},
	keyElicitCategory:    {"`content.category` is required by `requestedSchema`, and is one of books, games, music or outdoors.", "`content.category` est exigé par le `requestedSchema`, et vaut books, games, music ou outdoors."},
	keyElicitNoContent:   {"A %s elicitation carries no `content`: only an accepted one does.", "Une élicitation %s ne porte pas de `content`\u00a0: seule une élicitation acceptée en a."},
	keySamplingPrompt:    {"Write a two-line birthday card for a friend who loves board games.", "Écris une carte d’anniversaire de deux lignes pour une amie qui adore les jeux de société."},
	keySamplingResult:    {"The answer to sampling/createMessage is the model's message: `role` \"assistant\", `content` (such as `{\"type\": \"text\", \"text\": \"…\"}`) and `model`, the model's name.", "La réponse à sampling/createMessage est le message du modèle\u00a0: `role` «\u00a0assistant\u00a0», `content` (comme `{\"type\": \"text\", \"text\": \"…\"}`) et `model`, le nom du modèle."},
	keyNoProgressToken:   {"The call has no `_meta.progressToken`: without one the server sends no progress, and the client cannot follow the slow call.", "L’appel n’a pas de `_meta.progressToken`\u00a0: sans lui, le serveur n’envoie aucune progression, et le client ne peut pas suivre l’appel lent."},
	keyPacking:           {"Packing, step %d of 5", "Emballage, étape %d sur 5"},
	keyIDInFlight:        {"Your client sent ping with id %s, the id of the call still in flight: an id names one request until its response, and MCP never reuses one in a session.", "Votre client a envoyé ping avec l’id %s, celui de l’appel encore en cours\u00a0: un id désigne une seule requête jusqu’à sa réponse, et MCP n’en réutilise jamais un dans une session."},
	keyCancelNoID:        {"notifications/cancelled has no `requestId`: it names the request to stop, here %s.", "notifications/cancelled n’a pas de `requestId`\u00a0: il désigne la requête à arrêter, ici %s."},
	keyCancelWrongID:     {"notifications/cancelled names requestId %s, but the call in flight is %s: a cancellation names the id of the request it stops, with its type (5 and \"5\" differ).", "notifications/cancelled désigne le requestId %s, mais l’appel en cours est %s\u00a0: une annulation désigne l’id de la requête qu’elle arrête, avec son type (5 et «\u00a05\u00a0» diffèrent)."},
	keyFirstPageCursor:   {"The first tools/list carries cursor %s: the first page is asked without a cursor.", "Le premier tools/list porte le cursor %s\u00a0: la première page se demande sans cursor."},
	keyCursorNotFollowed: {"The list had more pages (nextCursor %q), yet your client sent %s instead of tools/list with that cursor: a client follows nextCursor until a page has none.", "La liste avait d’autres pages (nextCursor %q), et votre client a envoyé %s au lieu de tools/list avec ce cursor\u00a0: un client suit nextCursor jusqu’à une page qui n’en a pas."},
	keyCursorRestart:     {"Your client asked tools/list again without a cursor, instead of the next page (cursor %q).", "Votre client a redemandé tools/list sans cursor, au lieu de la page suivante (cursor %q)."},
	keyCursorWrong:       {"Your client sent cursor %s; the last page gave nextCursor %q: send it back unchanged, it is opaque.", "Votre client a envoyé le cursor %s\u00a0; la dernière page a donné nextCursor %q\u00a0: renvoyez-le tel quel, il est opaque."},
	keyNotUnlocked:       {"unlock_gift_wrapping was not called, so the list did not change.", "unlock_gift_wrapping n’a pas été appelé\u00a0: la liste n’a pas changé."},
	keyNoRelist:          {"After notifications/tools/list_changed your client sent %s, not tools/list: the tools it knows are stale until it lists them again.", "Après notifications/tools/list_changed, votre client a envoyé %s et non tools/list\u00a0: les outils qu’il connaît sont périmés tant qu’il ne les a pas relistés."},
	keyInitialize2026:    {"Your client sent initialize: revision 2026-07-28 has no handshake; a client asks server/discover, and each request carries its revision in `_meta`.", "Votre client a envoyé initialize\u00a0: la révision 2026-07-28 n’a pas de poignée de main\u00a0; un client demande server/discover, et chaque requête porte sa révision dans `_meta`."},
	keyBeforeDiscover:    {"Your client sent %s before server/discover: in 2026-07-28 a client first asks what the server offers.", "Votre client a envoyé %s avant server/discover\u00a0: en 2026-07-28, un client demande d’abord ce que propose le serveur."},
	keyNoInputRequired:   {"No input_required result was sent, so there is no retry to check.", "Aucun résultat input_required n’a été envoyé\u00a0: il n’y a pas de nouvelle tentative à vérifier."},
	keyRetrySameID:       {"The retry reuses id %s: a retry is a new request, with a new id.", "La nouvelle tentative réutilise l’id %s\u00a0: c’est une nouvelle requête, avec un nouvel id."},
	keyNoState:           {"The retry has no `requestState`: it sends back the input_required result's requestState, unchanged, next to inputResponses.", "La nouvelle tentative n’a pas de `requestState`\u00a0: elle renvoie le requestState du résultat input_required, tel quel, à côté d’inputResponses."},
	keyChangedState:      {"The retry's `requestState` is not the one the server sent: send it back unchanged, it is opaque.", "Le `requestState` de la nouvelle tentative n’est pas celui que le serveur a envoyé\u00a0: renvoyez-le tel quel, il est opaque."},
	keyNoInputResponses:  {"The retry has no `inputResponses.preferences`: the answer to the input request named preferences goes there.", "La nouvelle tentative n’a pas d’`inputResponses.preferences`\u00a0: c’est là que va la réponse à la demande nommée preferences."},
	keyLookUnanswered:    {"your client's handler for `%s`: with an SDK, register it (and declare its capability); by hand, answer every message that has both a method and an id with a response carrying that id.", "le gestionnaire de `%s` de votre client\u00a0: avec un SDK, enregistrez-le (et déclarez sa capacité)\u00a0; à la main, répondez à chaque message qui a une méthode et un id par une réponse portant cet id."},
	keyLookStray:         {"the code that reads the server's messages: a message with a method and no id is a notification; handle it, never answer it.", "le code qui lit les messages du serveur\u00a0: un message avec une méthode et sans id est une notification\u00a0; traitez-la, n’y répondez jamais."},
	keyLookHeaders2026:   {"the headers of each POST: MCP-Protocol-Version, Mcp-Method and, for tools/call, Mcp-Name.", "les en-têtes de chaque POST\u00a0: MCP-Protocol-Version, Mcp-Method et, pour tools/call, Mcp-Name."},
	keyLookSession:       {"where your client reads initialize's HTTP response: keep its Mcp-Session-Id header and send it on every later request.", "l’endroit où votre client lit la réponse HTTP d’initialize\u00a0: gardez son en-tête Mcp-Session-Id et renvoyez-le à chaque requête suivante."},
	keyLookVersion:       {"the headers of each POST after initialize: MCP-Protocol-Version with the negotiated revision.", "les en-têtes de chaque POST après initialize\u00a0: MCP-Protocol-Version avec la révision négociée."},
	keyLookMeta:          {"the params of each request: `_meta` with the revision and the client's capabilities.", "les params de chaque requête\u00a0: `_meta` avec la révision et les capacités du client."},
	keyLookInitialize:    {"the start of your client: connect, then send initialize before anything else.", "le début de votre client\u00a0: connectez-vous, puis envoyez initialize avant tout le reste."},
	keyLookInitialized:   {"what your client does after initialize's result: send notifications/initialized (no id), then its requests.", "ce que fait votre client après le résultat d’initialize\u00a0: envoyer notifications/initialized (sans id), puis ses requêtes."},
	keyLookCallParams:    {"the params of tools/call: `name` and `arguments`.", "les params de tools/call\u00a0: `name` et `arguments`."},
	keyLookSchema:        {"the arguments your client builds for %s: read the tool's inputSchema from tools/list and send the types it says (a number is not a string).", "les arguments que votre client construit pour %s\u00a0: lisez l’inputSchema de l’outil dans tools/list et envoyez les types qu’il indique (un nombre n’est pas une chaîne)."},
	keyLookCapabilities:  {"the capabilities your client declares in initialize: roots, elicitation and sampling, each an object.", "les capacités que votre client déclare dans initialize\u00a0: roots, elicitation et sampling, chacune un objet."},
	keyLookElicit:        {"your client's elicitation handler: its result is `{\"action\": \"accept\", \"content\": {…}}`, `{\"action\": \"decline\"}` or `{\"action\": \"cancel\"}`.", "le gestionnaire d’élicitation de votre client\u00a0: son résultat est `{\"action\": \"accept\", \"content\": {…}}`, `{\"action\": \"decline\"}` ou `{\"action\": \"cancel\"}`."},
	keyLookSampling:      {"your client's sampling handler: it returns the model's message with role, content and model.", "le gestionnaire d’échantillonnage de votre client\u00a0: il renvoie le message du modèle avec role, content et model."},
	keyLookProgressToken: {"the call's params: `\"_meta\": {\"progressToken\": …}`, a string or a number unique to the call.", "les params de l’appel\u00a0: `\"_meta\": {\"progressToken\": …}`, une chaîne ou un nombre propre à l’appel."},
	keyLookIDs:           {"how your client numbers its requests: one counter, incremented for every request.", "la façon dont votre client numérote ses requêtes\u00a0: un compteur, incrémenté à chaque requête."},
	keyLookCancel:        {"how your client cancels: notifications/cancelled with `requestId`, the id of the call in flight, exactly as it was sent.", "la façon dont votre client annule\u00a0: notifications/cancelled avec `requestId`, l’id de l’appel en cours, exactement tel qu’il a été envoyé."},
	keyLookCursor:        {"your client's listing loop: while a page has nextCursor, ask tools/list again with `\"cursor\"` set to it.", "la boucle de listage de votre client\u00a0: tant qu’une page a un nextCursor, redemandez tools/list avec `\"cursor\"` à cette valeur."},
	keyLookRelist:        {"your client's handler for notifications/tools/list_changed: list the tools again, from the first page.", "le gestionnaire de notifications/tools/list_changed de votre client\u00a0: relistez les outils, depuis la première page."},
	keyLookDiscover:      {"the start of a 2026-07-28 client: server/discover, no initialize.", "le début d’un client 2026-07-28\u00a0: server/discover, pas d’initialize."},
	keyLookRetry:         {"how your client answers input_required: a new request with a new id, the same name and arguments, `inputResponses` and the `requestState` unchanged.", "la façon dont votre client répond à input_required\u00a0: une nouvelle requête avec un nouvel id, les mêmes name et arguments, `inputResponses` et le `requestState` tel quel."},
	"elicit-accept":      {"Question 1 of 3: which kind of gift do you prefer? Accept, with a category.", "Question 1 sur 3\u00a0: quel genre de cadeau préférez-vous\u00a0? Acceptez, avec une catégorie."},
	"elicit-decline":     {"Question 2 of 3: may we also suggest gift cards? Decline this one.", "Question 2 sur 3\u00a0: pouvons-nous aussi proposer des cartes cadeaux\u00a0? Refusez celle-ci."},
	"elicit-cancel":      {"Question 3 of 3: a last detail about the wrapping? Cancel this one.", "Question 3 sur 3\u00a0: un dernier détail sur l’emballage\u00a0? Annulez celle-ci."},
}

// say is the message key in l, with its arguments.
func say(l i18n.Lang, key string, args ...any) string {
	w, ok := words[key]
	if !ok {
		return key
	}
	text := w[0]
	if l == i18n.FR {
		text = w[1]
	}
	if len(args) == 0 {
		return text
	}
	return fmt.Sprintf(text, args...)
}
