package mockserver

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/mcpplayground/playground/internal/i18n"
)

// This file is the gift server in French: every text it sends a client
// (tool, prompt and resource texts, the server's instructions, error
// messages and tool errors), keyed by its English text (for an error, the
// format given to newError). A session speaks French when its Lang is i18n.FR:
// the console's on /fr/console, and an HTTP session whose initialize (or a
// 2026-07-28 request) says Accept-Language: fr (requestLang). Everything
// else keeps English, so real clients on /mcp see the texts the lessons
// show unless they ask. TestFrenchCoversEveryText fails when a text the
// server sends has no French here.
//
// Names, URIs, methods and the catalogue's categories are identifiers and
// stay as they are; so do the gift names inside tool results.

// french maps the gift server's English texts to French (U+202F before
// : ; ? !, curly apostrophes, the glossary's words).
var french = map[string]string{
	// Server.
	"Gift ideas server": "Serveur d’idées cadeaux",
	"Call suggest_gifts with an occasion, a budget and a recipient.": "Appelez suggest_gifts avec une occasion, un budget et un destinataire.",

	// Tools (tools.go): titles, descriptions, arguments and their hints.
	"Gift ideas": "Idées cadeaux",
	"Suggests gift ideas for an occasion, within a budget in US dollars.": "Propose des idées cadeaux pour une occasion, dans un budget en dollars américains.",
	"What the gift is for, e.g. birthday":                                 "Pour quelle occasion, par exemple birthday",
	`Say what the gift is for, for example "birthday".`:                   "Dites pour quelle occasion, par exemple «\u00a0birthday\u00a0».",
	"Maximum price in US dollars":                                         "Prix maximum en dollars américains",
	"Give the maximum price in US dollars, for example 50.":               "Donnez le prix maximum en dollars américains, par exemple 50.",
	"Who the gift is for":                                                 "À qui est destiné le cadeau",
	"Ask about preferences":                                               "Demander vos préférences",
	"Asks you (elicitation/create) which category and budget you prefer, then suggests gifts. Your client must support elicitation.": "Vous demande (elicitation/create) la catégorie et le budget que vous préférez, puis propose des cadeaux. Votre client doit prendre en charge l’élicitation.",
	"Prepare the delivery": "Préparer la livraison",
	"Packs the gifts step by step. Slow on purpose: send a progressToken in _meta to get notifications/progress, and notifications/cancelled to stop it.": "Emballe les cadeaux étape par étape. Lent exprès\u00a0: envoyez un progressToken dans _meta pour recevoir des notifications/progress, et notifications/cancelled pour l’arrêter.",
	"How many steps the packing takes (1 to 10).":                       "Le nombre d’étapes de l’emballage (de 1 à 10).",
	"Give a whole number of steps from 1 to 10, or leave it out for 5.": "Donnez un nombre entier d’étapes de 1 à 10, ou omettez-le pour 5.",
	"Unlock gift wrapping":                                              "Débloquer l’emballage cadeau",
	"Unlocks the wrap_gift tool for this session; the server then sends notifications/tools/list_changed.": "Débloque l’outil wrap_gift pour cette session\u00a0; le serveur envoie alors notifications/tools/list_changed.",
	"Write a card": "Écrire une carte",
	"Asks your client's model (sampling/createMessage) to write the message of a gift card. Your client must support sampling.": "Demande au modèle de votre client (sampling/createMessage) d’écrire le message d’une carte cadeau. Votre client doit prendre en charge l’échantillonnage.",
	"The occasion of the gift.":                            "L’occasion du cadeau.",
	"Who the card is for.":                                 "À qui est destinée la carte.",
	"Wrapping styles":                                      "Styles d’emballage",
	"Lists the gift-wrapping styles available for a gift.": "Liste les styles d’emballage cadeau disponibles pour un cadeau.",
	wrappingStylesText:                                     "Trois styles d’emballage cadeau sont disponibles\u00a0: classic (papier rouge et ruban doré), kraft (papier brun et ficelle) et festive (papier étoilé et gros nœud).",

	// Resources and prompts (resources.go).
	"Gift catalogue": "Catalogue des cadeaux",
	"Every gift the server knows, with its category and price in US dollars.": "Tous les cadeaux que connaît le serveur, avec leur catégorie et leur prix en dollars américains.",
	"Gifts in one category":  "Les cadeaux d’une catégorie",
	categoryTemplateText:     "Les cadeaux d’une catégorie\u00a0: " + strings.Join(categories, ", ") + ".",
	"Card to go with a gift": "Carte pour accompagner un cadeau",
	"Writes a short congratulations card in the tone you choose.": "Écrit une courte carte de félicitations sur le ton que vous choisissez.",
	"What you are celebrating":                                    "Ce que vous fêtez",
	"For example warm, playful or formal":                         "Par exemple warm (chaleureux), playful (espiègle) ou formal (soutenu)",

	// Tool errors and results with fixed texts.
	`Invalid arguments: "occasion" is empty. Say what the gift is for, for example "birthday".`:             "Arguments invalides\u00a0: «\u00a0occasion\u00a0» est vide. Dites pour quelle occasion, par exemple «\u00a0birthday\u00a0».",
	`Invalid arguments: "budget" cannot be negative. Give the maximum price in US dollars, for example 50.`: "Arguments invalides\u00a0: «\u00a0budget\u00a0» ne peut pas être négatif. Donnez le prix maximum en dollars américains, par exemple 50.",
	"Gift wrapping is already unlocked: wrap_gift is in tools/list.":                                        "L’emballage cadeau est déjà débloqué\u00a0: wrap_gift figure dans tools/list.",
	"Gift wrapping is unlocked: the tool wrap_gift is now in tools/list.":                                   "L’emballage cadeau est débloqué\u00a0: l’outil wrap_gift figure maintenant dans tools/list.",
	"There is no tool by that name.": "Il n’existe aucun outil de ce nom.",
	"ask_gift_preferences asks you a question with elicitation/create, but your client did not declare the elicitation capability in initialize.": "ask_gift_preferences vous pose une question avec elicitation/create, mais votre client n’a pas déclaré la capacité elicitation dans initialize.",
	"The answer to elicitation/create is not an ElicitResult object.":                                                                             "La réponse à elicitation/create n’est pas un objet ElicitResult.",
	`The ElicitResult "action" must be "accept", "decline" or "cancel".`:                                                                          "Le champ «\u00a0action\u00a0» de l’ElicitResult doit valoir «\u00a0accept\u00a0», «\u00a0decline\u00a0» ou «\u00a0cancel\u00a0».",
	"write_card_message asks your model with sampling/createMessage, but your client did not declare the sampling capability in initialize.":      "write_card_message interroge votre modèle avec sampling/createMessage, mais votre client n’a pas déclaré la capacité sampling dans initialize.",
	`The answer to sampling/createMessage must be an object with "role", "content" and "model".`:                                                  "La réponse à sampling/createMessage doit être un objet avec «\u00a0role\u00a0», «\u00a0content\u00a0» et «\u00a0model\u00a0».",
	`The sampling answer's "content" must be one text block: {"type": "text", "text": "…"}.`:                                                      "Le «\u00a0content\u00a0» de la réponse d’échantillonnage doit être un seul bloc de texte\u00a0: {\"type\": \"text\", \"text\": \"…\"}.",

	// Protocol errors (formats of newError, and fixed messages).
	"Parse error: the message is not valid JSON":                                                                   "Erreur d’analyse\u00a0: le message n’est pas du JSON valide",
	"Invalid Request: JSON-RPC batches are not supported since MCP 2025-06-18; send one message at a time":         "Requête invalide\u00a0: les lots JSON-RPC ne sont plus pris en charge depuis MCP 2025-06-18\u00a0; envoyez un message à la fois",
	"Invalid Request: a JSON-RPC message must be a JSON object":                                                    "Requête invalide\u00a0: un message JSON-RPC doit être un objet JSON",
	`Invalid Request: "jsonrpc" is missing; it must be "2.0"`:                                                      "Requête invalide\u00a0: «\u00a0jsonrpc\u00a0» manque\u00a0; il doit valoir «\u00a02.0\u00a0»",
	`Invalid Request: "jsonrpc" must be the string "2.0"`:                                                          "Requête invalide\u00a0: «\u00a0jsonrpc\u00a0» doit être la chaîne «\u00a02.0\u00a0»",
	`Invalid Request: "id" must not be null in MCP; use a string or an integer`:                                    "Requête invalide\u00a0: «\u00a0id\u00a0» ne doit pas être null en MCP\u00a0; utilisez une chaîne ou un entier",
	`Invalid Request: "id" must be a string or an integer`:                                                         "Requête invalide\u00a0: «\u00a0id\u00a0» doit être une chaîne ou un entier",
	`Invalid Request: "method" must be a string`:                                                                   "Requête invalide\u00a0: «\u00a0method\u00a0» doit être une chaîne",
	`Invalid Request: a message with "method" must not carry "result" or "error"`:                                  "Requête invalide\u00a0: un message avec «\u00a0method\u00a0» ne doit porter ni «\u00a0result\u00a0» ni «\u00a0error\u00a0»",
	`Invalid Request: a response must carry the "id" of the request it answers`:                                    "Requête invalide\u00a0: une réponse doit porter l’«\u00a0id\u00a0» de la requête à laquelle elle répond",
	`Invalid Request: a response carries "result" or "error", never both`:                                          "Requête invalide\u00a0: une réponse porte «\u00a0result\u00a0» ou «\u00a0error\u00a0», jamais les deux",
	`Invalid Request: the message has no "method" (request or notification) and no "result" or "error" (response)`: "Requête invalide\u00a0: le message n’a ni «\u00a0method\u00a0» (requête ou notification) ni «\u00a0result\u00a0» ou «\u00a0error\u00a0» (réponse)",
	`Invalid params: "params" must be an object`:                                                                   "Paramètres invalides\u00a0: «\u00a0params\u00a0» doit être un objet",
	"Invalid params: %q is required":                                                                               "Paramètres invalides\u00a0: %q est obligatoire",
	"Invalid params: %q must be a string":                                                                          "Paramètres invalides\u00a0: %q doit être une chaîne",
	"Invalid params: %q must be an object":                                                                         "Paramètres invalides\u00a0: %q doit être un objet",
	"Method not found: %q is not a %s method":                                                                      "Méthode introuvable\u00a0: %q n’est pas une méthode de %s",
	"Invalid params: _meta[%q] is required and must be an object":                                                  "Paramètres invalides\u00a0: _meta[%q] est obligatoire et doit être un objet",
	"Invalid params: _meta[%q] must be a log level (debug … emergency)":                                            "Paramètres invalides\u00a0: _meta[%q] doit être un niveau de journal (debug … emergency)",
	`Invalid params: "notifications" is required`:                                                                  "Paramètres invalides\u00a0: «\u00a0notifications\u00a0» est obligatoire",
	`Invalid params: "notifications" must be a SubscriptionFilter object`:                                          "Paramètres invalides\u00a0: «\u00a0notifications\u00a0» doit être un objet SubscriptionFilter",
	"Resource not found": "Ressource introuvable",
	`Invalid params: the prompt argument "occasion" must not be empty; say what you are celebrating, for example "birthday"`: "Paramètres invalides\u00a0: l’argument «\u00a0occasion\u00a0» du prompt ne doit pas être vide\u00a0; dites ce que vous fêtez, par exemple «\u00a0birthday\u00a0»",
	"Invalid params: unknown prompt %q; prompts/list shows the prompts":                                                      "Paramètres invalides\u00a0: prompt %q inconnu\u00a0; prompts/list montre les prompts",
	"Invalid params: prompt argument %q must be a string":                                                                    "Paramètres invalides\u00a0: l’argument de prompt %q doit être une chaîne",
	"Invalid params: prompt %s needs the argument %q":                                                                        "Paramètres invalides\u00a0: le prompt %s demande l’argument %q",
	`Invalid params: "argument.name" is required and must be a string`:                                                       "Paramètres invalides\u00a0: «\u00a0argument.name\u00a0» est obligatoire et doit être une chaîne",
	`Invalid params: "argument.value" is required and must be a string`:                                                      "Paramètres invalides\u00a0: «\u00a0argument.value\u00a0» est obligatoire et doit être une chaîne",
	`Invalid params: "ref.type" is required: "ref/prompt" or "ref/resource"`:                                                 "Paramètres invalides\u00a0: «\u00a0ref.type\u00a0» est obligatoire\u00a0: «\u00a0ref/prompt\u00a0» ou «\u00a0ref/resource\u00a0»",
	`Invalid params: "ref.name" is required for a ref/prompt`:                                                                "Paramètres invalides\u00a0: «\u00a0ref.name\u00a0» est obligatoire pour un ref/prompt",
	"Invalid params: unknown prompt %q":                                                                                      "Paramètres invalides\u00a0: prompt %q inconnu",
	`Invalid params: "ref.uri" is required for a ref/resource`:                                                               "Paramètres invalides\u00a0: «\u00a0ref.uri\u00a0» est obligatoire pour un ref/resource",
	`Invalid params: "ref.type" must be "ref/prompt" or "ref/resource"`:                                                      "Paramètres invalides\u00a0: «\u00a0ref.type\u00a0» doit valoir «\u00a0ref/prompt\u00a0» ou «\u00a0ref/resource\u00a0»",
	"Invalid Request: id %s is already used by a request still in flight; ids must be unique among requests in flight":       "Requête invalide\u00a0: l’id %s est déjà pris par une requête en cours\u00a0; les id doivent être uniques parmi les requêtes en cours",
	"Invalid params: _meta[%q] must be a string":                                                                             "Paramètres invalides\u00a0: _meta[%q] doit être une chaîne",
	"Method not found: %s": "Méthode introuvable\u00a0: %s",
	"Method not found: tasks exist in revision 2025-11-25 only":                         "Méthode introuvable\u00a0: les tâches n’existent que dans la révision 2025-11-25",
	"Internal error: %d tasks are already running in this session; wait for one to end": "Erreur interne\u00a0: %d tâches sont déjà en cours dans cette session\u00a0; attendez que l’une se termine",
	"Internal error: %v": "Erreur interne\u00a0: %v",
	"Invalid Request: the session is not initialized; send initialize first (only ping may come before it)":            "Requête invalide\u00a0: la session n’est pas initialisée\u00a0; envoyez d’abord initialize (seul ping peut le précéder)",
	`Invalid params: "clientInfo.name" is required and must be a string`:                                               "Paramètres invalides\u00a0: «\u00a0clientInfo.name\u00a0» est obligatoire et doit être une chaîne",
	`Invalid params: "clientInfo.version" is required and must be a string`:                                            "Paramètres invalides\u00a0: «\u00a0clientInfo.version\u00a0» est obligatoire et doit être une chaîne",
	"Invalid Request: this session is already initialized; initialize is sent once per session":                        "Requête invalide\u00a0: cette session est déjà initialisée\u00a0; initialize s’envoie une fois par session",
	"Invalid params: unknown log level %q; use one of debug, info, notice, warning, error, critical, alert, emergency": "Paramètres invalides\u00a0: niveau de journal %q inconnu\u00a0; utilisez debug, info, notice, warning, error, critical, alert ou emergency",
	"Invalid Request: the message is larger than %d bytes":                                                             "Requête invalide\u00a0: le message dépasse %d octets",
	// A 2026-07-28 retry's requestState (request_state.go).
	stateMissing:                   "Paramètres invalides\u00a0: cette nouvelle tentative porte «\u00a0inputResponses\u00a0» mais pas de «\u00a0requestState\u00a0»\u00a0; elle doit renvoyer le requestState du résultat input_required, tel quel, à côté d’inputResponses",
	stateNotText:                   "Paramètres invalides\u00a0: «\u00a0requestState\u00a0» doit être une chaîne\u00a0: le requestState du résultat input_required, tel quel",
	stateMismatch:                  "Paramètres invalides\u00a0: ce «\u00a0requestState\u00a0» n’est pas celui que le serveur a envoyé pour cet appel\u00a0: il a été modifié, ou il vient d’un autre appel (un autre outil ou d’autres arguments)\u00a0; la nouvelle tentative doit renvoyer le requestState du résultat input_required, tel quel, avec les mêmes name et arguments",
	"Unsupported protocol version": "Version du protocole non prise en charge",
	"Missing required client capability: elicitation":            "Capacité du client requise manquante\u00a0: elicitation",
	"Missing required client capability: sampling":               "Capacité du client requise manquante\u00a0: sampling",
	"Which kind of gift do you prefer, and what is your budget?": "Quel genre de cadeau préférez-vous, et quel est votre budget\u00a0?",
	"nothing fits the budget":                                    "rien ne tient dans le budget",
}

// frenchPrefixes translate messages built by joining a fixed start and a
// name: the start is looked up, the rest kept.
var frenchPrefixes = map[string]string{
	"Unknown tool: ":   "Outil inconnu\u00a0: ",
	"Card message: ":   "Message de la carte\u00a0: ",
	"No answer to ":    "Pas de réponse à ",
	"Invalid params: ": "Paramètres invalides\u00a0: ",
}

// categoryTemplateText is the description of the catalogue's template.
var categoryTemplateText = "The gifts of one category: " + strings.Join(categories, ", ") + "."

// say is en in the session's language.
func (s *Session) say(en string) string {
	if s.lang != i18n.FR || en == "" {
		return en
	}
	if fr, ok := french[en]; ok {
		return fr
	}
	for p, fr := range frenchPrefixes {
		if rest, ok := strings.CutPrefix(en, p); ok {
			return fr + rest
		}
	}
	return en
}

// localizeError is e in the session's language: a newError's format is
// translated before its arguments are put in.
func (s *Session) localizeError(e *rpcError) *rpcError {
	if s.lang != i18n.FR || e == nil {
		return e
	}
	out := *e
	if fr, ok := french[e.format]; ok && e.format != "" {
		out.Message = fmt.Sprintf(fr, e.args...)
	} else {
		out.Message = s.say(e.Message)
	}
	return &out
}

// localizeResult translates the texts of a tool's result when it is an
// error, or one of the fixed texts; other results (the gifts found, a
// card) are data and stay as the tool wrote them.
func (s *Session) localizeResult(res any) any {
	cr, ok := res.(callResult)
	if s.lang != i18n.FR || !ok {
		return res
	}
	content := make([]any, len(cr.Content))
	for i, c := range cr.Content {
		if tb, ok := c.(textBlock); ok {
			if _, known := french[tb.Text]; known || cr.IsError {
				tb.Text = s.say(tb.Text)
			}
			c = tb
		}
		content[i] = c
	}
	cr.Content = content
	return cr
}

// frenchTool is t with its texts in French, for tools/list.
func frenchTool(t *tool) *tool {
	fr := func(en string) string { return (&Session{lang: i18n.FR}).say(en) }
	out := *t
	out.title, out.description = fr(t.title), fr(t.description)
	out.args = make([]argSpec, len(t.args))
	for i, a := range t.args {
		a.description, a.hint = fr(a.description), fr(a.hint)
		out.args[i] = a
	}
	if t.annotations != nil {
		an := *t.annotations
		an.Title = fr(an.Title)
		out.annotations = &an
	}
	return &out
}

// toolJSONFor is the encoded tool definitions in lang.
func (s *Server) toolJSONFor(lang i18n.Lang) map[string]json.RawMessage {
	if lang == i18n.FR {
		return s.toolJSONFR
	}
	return s.toolJSON
}

// localResources, localTemplates and localPrompts are the listed
// definitions in the session's language.
func (s *Session) localResources(all []resourceDef) []resourceDef {
	if s.lang != i18n.FR {
		return all
	}
	out := make([]resourceDef, len(all))
	for i, r := range all {
		r.Title, r.Description = s.say(r.Title), s.say(r.Description)
		out[i] = r
	}
	return out
}

func (s *Session) localTemplates(all []templateDef) []templateDef {
	if s.lang != i18n.FR {
		return all
	}
	out := make([]templateDef, len(all))
	for i, t := range all {
		t.Title, t.Description = s.say(t.Title), s.say(t.Description)
		out[i] = t
	}
	return out
}

func (s *Session) localPrompts(all []promptDef) []promptDef {
	if s.lang != i18n.FR {
		return all
	}
	out := make([]promptDef, len(all))
	for i, p := range all {
		p.Title, p.Description = s.say(p.Title), s.say(p.Description)
		args := make([]promptArg, len(p.Arguments))
		for j, a := range p.Arguments {
			a.Description = s.say(a.Description)
			args[j] = a
		}
		p.Arguments = args
		out[i] = p
	}
	return out
}

// getPrompt fills prompt p in the session's language: a prompt with a
// French version (frenchPrompts, by name) uses it.
func (s *Session) getPrompt(p *promptDef, args map[string]string) (any, *rpcError) {
	if get, ok := frenchPrompts[p.Name]; ok && s.lang == i18n.FR {
		return get(args)
	}
	return p.get(args)
}

// frenchPrompts are the French versions of the prompts, by name.
var frenchPrompts = map[string]func(args map[string]string) (any, *rpcError){
	"gift_congrats_style": congratsPromptFR,
}

// frenchTones name the tones in French inside the instruction.
var frenchTones = map[string]string{"warm": "chaleureux", "playful": "espiègle", "formal": "soutenu"}

// frenchOccasions name the known occasions in French.
var frenchOccasions = map[string]string{
	"birthday": "un anniversaire", "wedding": "un mariage", "graduation": "un diplôme",
	"anniversary": "un anniversaire de mariage", "housewarming": "une pendaison de crémaillère",
	"retirement": "un départ à la retraite", "thank-you": "un remerciement", "holiday": "les fêtes",
}

// frenchOccasion names an occasion in French: "un anniversaire", or the
// learner's own word between guillemets.
func frenchOccasion(occasion string) string {
	if named, ok := frenchOccasions[normalOccasion(occasion)]; ok {
		return named
	}
	return "«\u00a0" + strings.TrimSpace(occasion) + "\u00a0»"
}

// frenchPrice writes a price as French does: « 12,50\u00a0$ ».
func frenchPrice(p float64) string {
	return strings.Replace(formatAmount(p), ".", ",", 1) + "\u00a0$"
}

// frenchShelves name the shelves of the progress messages.
var frenchShelves = map[string]string{
	"bookshelf": "l’étagère des livres", "kitchen shelf": "l’étagère de la cuisine", "board game shelf": "l’étagère des jeux de société",
}

// frenchSteps are prepare_delivery's packing steps.
var frenchSteps = map[string]string{
	"choosing the box": "choix de la boîte", "adding tissue paper": "ajout du papier de soie", "placing the gifts": "mise en place des cadeaux",
	"closing the box": "fermeture de la boîte", "printing the label": "impression de l’étiquette",
}

// searchingText, packingStep, packedText, nothingFits and the log lines
// are the gift server's sentences built from values, in the session's
// language (the map above holds the fixed ones).
func (s *Session) searchingText(label string) string {
	if s.lang == i18n.FR {
		return "Recherche sur " + frenchShelves[label]
	}
	return "Searching the " + label
}

func (s *Session) packingStep(i, steps int, label string) string {
	if s.lang == i18n.FR {
		return fmt.Sprintf("Étape %d sur %d\u00a0: %s", i, steps, frenchSteps[label])
	}
	return fmt.Sprintf("Step %d of %d: %s", i, steps, label)
}

func (s *Session) packedText(steps int) string {
	if s.lang == i18n.FR {
		return i18n.Sprintf(i18n.FR, "Les cadeaux sont emballés et prêts à partir (%d étape{|s}).", steps)
	}
	return i18n.Sprintf(i18n.EN, "The gifts are packed and ready to ship (%d {step|steps}).", steps)
}

func (s *Session) searchingLog(occasion string, budget float64) string {
	if s.lang == i18n.FR {
		return fmt.Sprintf("recherche parmi %d cadeaux pour %s, à %s au plus", len(catalogue), frenchOccasion(occasion), frenchPrice(budget))
	}
	o := normalOccasion(occasion)
	return fmt.Sprintf("searching %d gifts for %s %s within %s", len(catalogue), article(o), o, formatPrice(budget))
}

func (s *Session) selectedLog(n int) string {
	if s.lang == i18n.FR {
		return i18n.Sprintf(i18n.FR, "%d {cadeau sélectionné|cadeaux sélectionnés}", n)
	}
	return i18n.Sprintf(i18n.EN, "%d {gift|gifts} selected", n)
}

func (s *Session) nothingFits(occasion string, budget float64, sg suggestion) string {
	if s.lang != i18n.FR {
		return nothingFitsText(occasion, budget, sg)
	}
	msg := fmt.Sprintf("Aucun cadeau trouvé pour %s à %s au plus.", frenchOccasion(occasion), frenchPrice(budget))
	switch {
	case sg.Cheapest == 0:
		var names []string
		for _, o := range occasionsKnown {
			names = append(names, strings.TrimPrefix(strings.TrimPrefix(strings.TrimPrefix(frenchOccasions[o], "un "), "une "), "les "))
		}
		msg += " Le catalogue a des cadeaux pour ces occasions\u00a0: " + strings.Join(names, ", ") + "."
	case sg.Cheapest == cheapestPrice:
		msg += fmt.Sprintf(" Le cadeau le moins cher du catalogue coûte %s\u00a0: essayez un budget d’au moins %s.", frenchPrice(sg.Cheapest), strings.Replace(formatAmount(sg.Cheapest), ".", ",", 1))
	default:
		msg += fmt.Sprintf(" Le cadeau le moins cher pour %s coûte %s\u00a0: essayez un budget d’au moins %s.", frenchOccasion(occasion), frenchPrice(sg.Cheapest), strings.Replace(formatAmount(sg.Cheapest), ".", ",", 1))
	}
	return msg
}

// congratsPromptFR is congratsPrompt in French; the example cards are the
// French ones.
func congratsPromptFR(args map[string]string) (any, *rpcError) {
	occasion := strings.TrimSpace(args["occasion"])
	if occasion == "" {
		return nil, newError(CodeInvalidParams, `Invalid params: the prompt argument "occasion" must not be empty; say what you are celebrating, for example "birthday"`)
	}
	named := frenchOccasion(occasion)
	tone := strings.TrimSpace(args["tone"])
	instruction := "Écris une carte pour accompagner un cadeau pour " + named + "."
	if tone != "" {
		t := tone
		if fr, ok := frenchTones[strings.ToLower(tone)]; ok {
			t = fr
		}
		instruction += " Ton\u00a0: " + t + "."
	}
	instruction += " Deux phrases au plus."
	res := promptResult{}
	if tone != "" {
		res.Description = "Carte (" + tone + ") pour " + named
	}
	res.Messages = append(res.Messages, promptMessage{Role: "user", Content: text(instruction)})
	if card := frenchCards[normalOccasion(occasion)][strings.ToLower(tone)]; card != "" {
		res.Messages = append(res.Messages, promptMessage{Role: "assistant", Content: text(card)})
	}
	return res, nil
}

// frenchCards are the example cards in French, by occasion and tone.
var frenchCards = map[string]map[string]string{
	"birthday": {
		"warm":    "Joyeux anniversaire\u00a0! J’espère que ce jeu t’offrira de douces soirées avec ceux que tu aimes.",
		"playful": "Joyeux anniversaire\u00a0! Que chaque lancer soit un double six, et que tu gagnes toutes nos parties ce soir.",
		"formal":  "Je vous souhaite un très bel anniversaire. Veuillez accepter ce jeu avec mes plus chaleureuses pensées.",
	},
	"wedding": {
		"warm":    "Félicitations pour votre mariage\u00a0! Que votre cuisine soit toujours pleine de repas partagés et de rires.",
		"playful": "Félicitations, jeunes mariés\u00a0! Que chaque ragoût mijote doucement et que chaque chamaillerie finisse au dessert.",
		"formal":  "Toutes mes félicitations pour votre mariage. Avec mes meilleurs vœux pour une longue et heureuse vie à deux.",
	},
	"graduation": {
		"warm":    "Félicitations pour ton diplôme\u00a0! Quelle fierté, et quelle hâte de voir la suite.",
		"playful": "Tu l’as fait\u00a0! Maintenant, invente le jeu de la vie, et n’oublie pas de t’accorder des tours en plus.",
		"formal":  "Félicitations pour l’obtention de votre diplôme. Je vous souhaite une pleine réussite dans les années à venir.",
	},
}

// localInfo is serverInfo in the session's language.
func (s *Session) localInfo() implementation {
	info := s.srv.serverInfo
	info.Title = s.say(info.Title)
	return info
}
