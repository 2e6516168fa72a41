package servercheck

import (
	"fmt"

	"github.com/mcpplayground/playground/internal/i18n"
)

// The run's own messages, in English and French.
const (
	msgExerciseRevision = iota
	msgStepRevision
	msgNoCapabilities
	msgNotDeclared
	msgNeeds
	msgGone
	msgSendFailed
	msgTimeout
	msgNoNotification
	msgTooLarge
	msgPartial
	msgTransport
	msgFlood
	msgLate
	msgNotJSONRPC
	msgInvalidServerMessage
	msgUndeclared
	msgHTTPRefused
	msgUnsupported
	msgNoDiscover
	msgNothingChecked
	msgSkipGone
	msgSkipHandshake
	msgSkipSilent
	msgDied
	msgRevisionNotRun
	msgRevisionUnknown
	msgRunsWhich
	msgRunsWhichPage
	msgMoved
	msgRedirectGet
	msgNothingListening
	msgExitedAtStart
	msgNotMCP
	msgNoReplyInBody
)

var words = map[int][2]string{
	msgExerciseRevision:     {"This exercise does not run in revision %s.", "Cet exercice ne se joue pas dans la révision %s."},
	msgStepRevision:         {"This step does not exist in revision %s.", "Cette étape n’existe pas dans la révision %s."},
	msgNoCapabilities:       {"The handshake gave no capabilities, so `%s` cannot be looked at.", "La poignée de main n’a donné aucune capacité\u00a0: impossible de regarder `%s`."},
	msgNotDeclared:          {"Your server does not declare the capability `%s`.", "Votre serveur ne déclare pas la capacité `%s`."},
	msgNeeds:                {"This step uses the reply of step %s, which did not pass.", "Cette étape utilise la réponse de l’étape %s, qui n’a pas réussi."},
	msgGone:                 {"The server is gone: %s.", "Le serveur n’est plus là\u00a0: %s."},
	msgSendFailed:           {"The message could not be sent: %s.", "Le message n’a pas pu être envoyé\u00a0: %s."},
	msgTimeout:              {"No reply within %s: a request always gets a response, a result or an error.", "Aucune réponse en %s\u00a0: une requête reçoit toujours une réponse, un résultat ou une erreur."},
	msgNoNotification:       {"No %s notification within %s.", "Aucune notification %s en %s."},
	msgTooLarge:             {"The server sent a message larger than 1 MiB; the playground does not read it.", "Le serveur a envoyé un message de plus de 1 Mio\u00a0; le playground ne le lit pas."},
	msgPartial:              {"The server closed the connection in the middle of a message.", "Le serveur a fermé la connexion au milieu d’un message."},
	msgTransport:            {"The transport failed: %s.", "Le transport a échoué\u00a0: %s."},
	msgFlood:                {"The server sent more than %d messages without answering.", "Le serveur a envoyé plus de %d messages sans répondre."},
	msgLate:                 {"A reply to an earlier step came late; it was not taken for this step's reply.", "Une réponse à une étape précédente est arrivée en retard\u00a0; elle n’a pas été prise pour la réponse de cette étape."},
	msgNotJSONRPC:           {"The server sent text that is not a JSON-RPC message: %q. On stdio, stdout carries only messages, one per line; write logs on stderr.", "Le serveur a envoyé un texte qui n’est pas un message JSON-RPC\u00a0: %q. En stdio, stdout ne transporte que des messages, un par ligne\u00a0; écrivez les journaux sur stderr."},
	msgInvalidServerMessage: {"The server sent a message that breaks a rule: %s", "Le serveur a envoyé un message qui enfreint une règle\u00a0: %s"},
	msgHTTPRefused: {"Your server refused the request with HTTP %d and no JSON-RPC error, which Streamable HTTP allows; a JSON-RPC error response (with its code) tells the client why, and works on every transport.",
		"Votre serveur a refusé la requête avec un HTTP %d sans erreur JSON-RPC, ce que Streamable HTTP permet ; une réponse d’erreur JSON-RPC (avec son code) dit au client pourquoi, et fonctionne sur tous les transports."},
	msgUnsupported: {"Your server does not support revision %s (it lists %s).", "Votre serveur ne prend pas en charge la révision %s (il annonce %s)."},
	msgNoDiscover: {"Your server does not know server/discover: it does not speak revision 2026-07-28. Run with -protocol 2025-11-25, or add the stateless revision.",
		"Votre serveur ne connaît pas server/discover : il ne parle pas la révision 2026-07-28. Lancez avec -protocol 2025-11-25, ou ajoutez la révision sans état."},
	msgNothingChecked: {"Your server declares none of the capabilities this exercise checks (%s): only the handshake ran, so the exercise is not graded. Declare the capabilities of what your server offers, or choose another exercise.",
		"Votre serveur ne déclare aucune des capacités que cet exercice vérifie (%s)\u00a0: seule la poignée de main a eu lieu, l’exercice n’est donc pas noté. Déclarez les capacités de ce que votre serveur propose, ou choisissez un autre exercice."},
	msgSkipGone: {"The server is gone (see the first step that failed).", "Le serveur n’est plus là (voir la première étape échouée)."},
	msgSkipHandshake: {"The handshake failed, and nothing after it can be judged: fix the handshake first.",
		"La poignée de main a échoué, et rien ne peut être jugé après elle\u00a0: corrigez d’abord la poignée de main."},
	msgSkipSilent: {"The server stopped answering: the last two requests got no reply in time.",
		"Le serveur ne répond plus\u00a0: les deux dernières requêtes sont restées sans réponse dans le délai."},
	msgDied: {"Your server stopped answering in the middle of the check (%s): it probably crashed; its own log says why. It did not answer wrongly: it did not answer.",
		"Votre serveur a cessé de répondre au milieu de la vérification (%s)\u00a0: il a sans doute planté, et son propre journal dit pourquoi. Il n’a pas mal répondu\u00a0: il n’a pas répondu."},
	msgRevisionNotRun: {"Your server answered `initialize` with revision %s, which this check does not run: a client that does not support the revision the server chose disconnects.",
		"Votre serveur a répondu à `initialize` avec la révision %s, que cette vérification ne joue pas\u00a0: un client qui ne prend pas en charge la révision choisie par le serveur se déconnecte."},
	msgRevisionUnknown: {"Your server answered `initialize` with `protocolVersion` %q, which is not a revision of MCP: a server answers with the revision the client asked for (%s) when it supports it, otherwise with another published revision it supports, and a client that does not support the answer disconnects.",
		"Votre serveur a répondu à `initialize` avec le `protocolVersion` %q, qui n’est pas une révision de MCP\u00a0: un serveur répond avec la révision demandée par le client (%s) s’il la prend en charge, sinon avec une autre révision publiée qu’il prend en charge, et un client qui ne prend pas en charge la réponse se déconnecte."},
	msgRunsWhich: {"This check runs 2025-06-18, 2025-11-25 or 2026-07-28: pass `-protocol` with one your server speaks.",
		"Cette vérification joue 2025-06-18, 2025-11-25 ou 2026-07-28\u00a0: passez `-protocol` avec une révision que votre serveur parle."},
	msgRunsWhichPage: {"This check runs 2025-06-18, 2025-11-25 or 2026-07-28: choose one your server speaks in the form.",
		"Cette vérification joue 2025-06-18, 2025-11-25 ou 2026-07-28\u00a0: choisissez dans le formulaire une révision que votre serveur parle."},
	msgMoved: {"Your server's endpoint is really at %s: it answered %s with HTTP %d and that address (the check followed it, as the official SDKs' clients do). Give that URL, so no client has to follow a redirect.",
		"Le point d’accès de votre serveur est en réalité %s\u00a0: il a répondu à %s par un HTTP %d vers cette adresse (la vérification l’a suivie, comme les clients des SDK officiels). Donnez cette URL, pour qu’aucun client n’ait à suivre de redirection."},
	msgRedirectGet: {"Your server answered the POST with HTTP %d to %s: a 301, 302 or 303 turns a POST into a GET, so the message would be lost, and the check does not follow it. Give that URL, or redirect with 307 or 308.",
		"Votre serveur a répondu au POST par un HTTP %d vers %s\u00a0: un 301, 302 ou 303 change un POST en GET, le message serait donc perdu, et la vérification ne le suit pas. Donnez cette URL, ou redirigez avec 307 ou 308."},
	msgNothingListening: {"nothing is listening on %s — is your server running?", "rien n’écoute sur %s — votre serveur est-il lancé\u00a0?"},
	msgExitedAtStart:    {"your server exited before it answered anything (%s): it did not start. Its log:", "votre serveur s’est arrêté avant de répondre quoi que ce soit (%s)\u00a0: il n’a pas démarré. Son journal\u00a0:"},
	msgUndeclared:       {"The server sent %s without declaring the capability `%s` in its handshake: a client may ignore what was not declared.", "Le serveur a envoyé %s sans déclarer la capacité `%s` lors de la poignée de main\u00a0: un client peut ignorer ce qui n’a pas été déclaré."},
}

func (r *runner) say(key int, args ...any) string {
	i := 0
	if r.opts.Lang == i18n.FR {
		i = 1
	}
	return fmt.Sprintf(words[key][i], args...)
}
