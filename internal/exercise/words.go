package exercise

import (
	"fmt"
	"html"
	"html/template"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/mcpplayground/playground/internal/grader"
	"github.com/mcpplayground/playground/internal/i18n"
)

// What a check wanted, in the learner's language. French strings carry their
// no-break spaces (U+00A0) before : ; ? ! and inside guillemets.

// builtinChoices are the message kinds a classify exercise can offer by
// value alone, labelled in both languages.
var builtinChoices = map[string]map[i18n.Lang]string{
	"request":      {i18n.EN: "A request", i18n.FR: "Une requête"},
	"notification": {i18n.EN: "A notification", i18n.FR: "Une notification"},
	"response":     {i18n.EN: "A success response (`result`)", i18n.FR: "Une réponse de succès (`result`)"},
	"error":        {i18n.EN: "An error response (`error`)", i18n.FR: "Une réponse d’erreur (`error`)"},
	"invalid":      {i18n.EN: "Not a valid message", i18n.FR: "Pas un message valide"},
}

var kindPhrase = map[string][2]string{
	"request":      {"a request", "une requête"},
	"notification": {"a notification", "une notification"},
	"response":     {"a success response (`result`)", "une réponse de succès (`result`)"},
	"error":        {"an error response (`error`)", "une réponse d’erreur (`error`)"},
}

var typePhrase = map[string][2]string{
	"string":  {"a string", "une chaîne"},
	"number":  {"a number", "un nombre"},
	"integer": {"an integer", "un entier"},
	"boolean": {"a boolean (true or false)", "un booléen (true ou false)"},
	"null":    {"null", "null"},
	"object":  {"an object", "un objet"},
	"array":   {"an array", "un tableau"},
}

func idx(l i18n.Lang) int {
	if l == i18n.FR {
		return 1
	}
	return 0
}

// Describe says, in l, what the check wants. `code` spans are Markdown-like;
// InlineHTML renders them.
func (c *Check) Describe(l i18n.Lang) string {
	s := c.describe(l, c.protocol)
	if c.sel != nil {
		s = c.sel.describe(l) + nbspColon(l) + " " + lowerFirst(s)
	}
	return s + c.describeOrder(l)
}

func (c *Check) describe(l i18n.Lang, protocol string) string {
	switch c.Rule {
	case RuleValid, RuleKind, RuleMethod, RuleResultShape:
		return c.describeMessage(l, protocol)
	case RuleEquals, RulePresent, RuleAbsent, RuleType:
		return c.describePath(l)
	case RuleID:
		return c.describeID(l)
	case RuleAnswer:
		return c.describeAnswer(l)
	case RuleNotEmpty, RuleOneOf, RuleNoneOf, RuleOnlyMembers, RuleSameAs, RuleDiffersFrom:
		return c.describeWeigh(l)
	case RuleMentions, RuleURI, RuleBase64, RuleIncludes:
		return c.describeContent(l)
	}
	return string(c.Rule)
}

// describeMessage says the rules about the whole message: valid, its
// kind, its method, its result's shape.
func (c *Check) describeMessage(l i18n.Lang, protocol string) string {
	fr := l == i18n.FR
	switch c.Rule {
	case RuleValid:
		if c.live && fr {
			return "Chaque message que vous avez envoyé est valide pour la révision " + protocol + " de MCP, seul et à sa place dans la session."
		}
		if c.live {
			return "Every message you sent is valid for MCP revision " + protocol + ", on its own and at its place in the session."
		}
		if fr {
			return "Le message est valide pour la révision " + protocol + " de MCP."
		}
		return "The message is valid for MCP revision " + protocol + "."
	case RuleKind:
		k := fmt.Sprint(c.value)
		if fr {
			return "Le message est " + kindPhrase[k][1] + "."
		}
		return "The message is " + kindPhrase[k][0] + "."
	case RuleMethod:
		if fr {
			return "La méthode est `" + fmt.Sprint(c.value) + "`."
		}
		return "The method is `" + fmt.Sprint(c.value) + "`."
	case RuleResultShape:
		if fr {
			return "Le `result` a la forme d’un résultat de `" + fmt.Sprint(c.value) + "`."
		}
		return "The `result` has the shape of a `" + fmt.Sprint(c.value) + "` result."
	}
	return string(c.Rule)
}

// describePath says the rules about one member: equals, present, absent,
// type.
func (c *Check) describePath(l i18n.Lang) string {
	fr := l == i18n.FR
	i := idx(l)
	path := func() string {
		if c.pointer == "" {
			return [2]string{"the message", "le message"}[i]
		}
		return "`" + displayPath(c.pointer) + "`"
	}
	switch c.Rule {
	case RuleEquals:
		if fr {
			return capFirst(path()) + " vaut `" + compact(c.value) + "`."
		}
		return capFirst(path()) + " equals `" + compact(c.value) + "`."
	case RulePresent:
		if fr {
			return "Le message contient " + path() + "."
		}
		return "The message has " + path() + "."
	case RuleAbsent:
		if fr {
			return "Le message ne contient pas " + path() + "."
		}
		return "The message has no " + path() + "."
	case RuleType:
		t := fmt.Sprint(c.value)
		if fr {
			return capFirst(path()) + " est " + typePhrase[t][1] + "."
		}
		return capFirst(path()) + " is " + typePhrase[t][0] + "."
	}
	return string(c.Rule)
}

// describeID says the id rule: any valid id, the request's, or a value.
func (c *Check) describeID(l i18n.Lang) string {
	fr := l == i18n.FR
	switch c.idMode {
	case "any":
		if fr {
			return "Le message a un `id` valide\u00a0: une chaîne ou un entier."
		}
		return "The message has a valid `id`: a string or an integer."
	case "same":
		if fr {
			return "L’`id` est le même que celui de la requête."
		}
		return "The `id` is the same as the request's."
	}
	if fr {
		return "L’`id` vaut `" + compact(c.value) + "`."
	}
	return "The `id` is `" + compact(c.value) + "`."
}

// describeAnswer says the answer rule, never the answer itself: the
// learner sees this before choosing.
func (c *Check) describeAnswer(l i18n.Lang) string {
	fr := l == i18n.FR
	n := c.item
	if c.pairs {
		if fr {
			return fmt.Sprintf("Réponse %d\u00a0: associée à la bonne requête.", n)
		}
		return fmt.Sprintf("Response %d: paired with the right request.", n)
	}
	if fr {
		return fmt.Sprintf("Message %d\u00a0: la bonne réponse est choisie.", n)
	}
	return fmt.Sprintf("Message %d: the right answer is chosen.", n)
}

func (s *selector) describe(l i18n.Lang) string {
	fr := l == i18n.FR
	if s.kind != "" || s.waiting || s.tool != "" {
		return capFirst(s.phrase(l))
	}
	switch {
	case s.answers != "" && s.from == grader.SenderClient:
		if fr {
			return "Votre réponse à une requête `" + s.answers + "`"
		}
		return "Your response to " + an(s.answers) + " `" + s.answers + "` request"
	case s.answers != "":
		if fr {
			return "La réponse à une requête `" + s.answers + "`"
		}
		return "The response to " + an(s.answers) + " `" + s.answers + "` request"
	case s.method != "" && s.from == grader.SenderServer:
		if fr {
			return "Un message `" + s.method + "` du serveur"
		}
		return capFirst(an(s.method)) + " `" + s.method + "` message from the server"
	case s.method != "":
		if fr {
			return "Un message `" + s.method + "` que vous avez envoyé"
		}
		return capFirst(an(s.method)) + " `" + s.method + "` message you sent"
	case s.from == grader.SenderServer:
		if fr {
			return "Un message du serveur"
		}
		return "A message from the server"
	}
	if fr {
		return "Un message que vous avez envoyé"
	}
	return "A message you sent"
}

func nbspColon(l i18n.Lang) string {
	if l == i18n.FR {
		return "\u00a0:"
	}
	return ":"
}

func lowerFirst(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if r == '`' || n == 0 {
		return s
	}
	return string(unicode.ToLower(r)) + s[n:]
}

func capFirst(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if r == '`' || n == 0 {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}

// problems are the messages of Result.Problem.
var problems = map[string][2]string{
	"classify": {
		`The answer could not be read: expected {"answers": ["…", …]} with one choice per message.`,
		"La réponse n’a pas pu être lue\u00a0: {\"answers\": [\"…\", …]} était attendu, avec un choix par message.",
	},
	"match": {
		`The answer could not be read: expected {"answers": [1, …]} with one request number per response.`,
		"La réponse n’a pas pu être lue\u00a0: {\"answers\": [1, …]} était attendu, avec un numéro de requête par réponse.",
	},
	"log": {
		`The answer could not be read: expected {"answers": ["ok", …]} with one choice per message of the log.`,
		"La réponse n’a pas pu être lue\u00a0: {\"answers\": [\"ok\", …]} était attendu, avec un choix par message du journal.",
	},
	"server": {
		"This exercise checks your own MCP server: run `playground check-server -exercise ID` against it.",
		"Cet exercice vérifie votre propre serveur MCP : lancez `playground check-server -exercise ID` sur celui-ci.",
	},
	"client": {
		"This exercise checks your own MCP client: run `playground check-client -exercise ID -- COMMAND` with it, or point it at the URL the exercise's page gives you.",
		"Cet exercice vérifie votre propre client MCP : lancez-le avec `playground check-client -exercise ID -- COMMANDE`, ou dirigez-le vers l’URL que donne la page de l’exercice.",
	},
	"live": {
		`The session could not be read: expected {"exchange": [{"from": "client", "message": {…}}, …]}.`,
		"La session n’a pas pu être lue\u00a0: {\"exchange\": [{\"from\": \"client\", \"message\": {…}}, …]} était attendu.",
	},
}

var codeSpanRE = regexp.MustCompile("`([^`]+)`")

// InlineHTML renders a short text with `code` spans, such as a check's
// message or feedback or a choice label, as safe HTML: everything is escaped
// and each `code` span becomes <code>code</code>.
func InlineHTML(s string) template.HTML {
	var b strings.Builder
	last := 0
	for _, m := range codeSpanRE.FindAllStringSubmatchIndex(s, -1) {
		b.WriteString(html.EscapeString(s[last:m[0]]))
		b.WriteString("<code>")
		b.WriteString(html.EscapeString(s[m[2]:m[3]]))
		b.WriteString("</code>")
		last = m[1]
	}
	b.WriteString(html.EscapeString(s[last:]))
	return template.HTML(b.String()) //nolint:gosec // every piece of text is escaped above
}

// an is the English article before a method's name: "an `initialize`
// request", "a `tools/call` request".
func an(method string) string {
	if method != "" && strings.ContainsRune("aeiou", rune(method[0])) {
		return "an"
	}
	return "a"
}
