package i18n

// RulesUI holds the words of the rules pages: every diagnostic code of the
// checker, explained.
type RulesUI struct {
	ListTitle    string
	ListIntro    string
	GroupJSON    string
	GroupJSONRPC string
	GroupMCP     string
	GroupSession string
	GroupGrader  string
	RuleCount    string // "%d {rule|rules}"

	What         string
	Why          string
	Wrong        string
	Right        string
	Says         string // what the checker says of the wrong example
	Conversation string
	Answering    string // precedes the request a response answers
	FromClient   string
	FromServer   string
	NoExample    string
	// HeldBack replaces the right example when the learner came from an
	// exercise whose answer it would spell: "%s" is the exercise's link.
	HeldBack     string
	HeldBackLink string
	Lesson       string
	Practice     string
	NoPractice   string
	AllRules     string
	Severity     string // "Severity: %s"
	SevError     string
	SevWarning   string
	SevInfo      string
	Unknown      string
}

var rulesUI = map[Lang]*RulesUI{
	EN: {
		ListTitle:    "Every rule of the checker",
		ListIntro:    "Each code the feedback shows has a page here: what the rule says, why it exists, a message that breaks it and one that keeps it.",
		GroupJSON:    "JSON text",
		GroupJSONRPC: "JSON-RPC 2.0",
		GroupMCP:     "MCP messages",
		GroupSession: "Conversations",
		GroupGrader:  "The checker itself",
		RuleCount:    "%d {rule|rules}",

		What:         "What the rule says",
		Why:          "Why it exists",
		Wrong:        "A message that breaks it",
		Right:        "A message that keeps it",
		Says:         "What the checker says of it:",
		Conversation: "A conversation, in order:",
		Answering:    "As the response to this request:",
		FromClient:   "client → server",
		FromServer:   "server → client",
		NoExample:    "This is a limit: no small example can show it.",
		HeldBack:     "This example would give away the answer of the exercise you came from. It appears once you have opened that exercise’s last hint, or after a few tries.",
		HeldBackLink: "Back to the exercise",
		Lesson:       "The lesson that teaches it",
		Practice:     "Exercises that practise it",
		NoPractice:   "No exercise trips this rule yet: the console is the place to try it.",
		AllRules:     "All rules",
		Severity:     "Severity: %s",
		SevError:     "error",
		SevWarning:   "warning",
		SevInfo:      "remark",
		Unknown:      "The checker has no rule with this code. The list of rules has them all.",
	},
	FR: {
		ListTitle:    "Toutes les règles du vérificateur",
		ListIntro:    "Chaque code que montrent les retours a sa page ici\u00a0: ce que dit la règle, pourquoi elle existe, un message qui l’enfreint et un qui la respecte.",
		GroupJSON:    "Le texte JSON",
		GroupJSONRPC: "JSON-RPC 2.0",
		GroupMCP:     "Les messages MCP",
		GroupSession: "Les conversations",
		GroupGrader:  "Le vérificateur lui-même",
		RuleCount:    "%d {règle|règles}",

		What:         "Ce que dit la règle",
		Why:          "Pourquoi elle existe",
		Wrong:        "Un message qui l’enfreint",
		Right:        "Un message qui la respecte",
		Says:         "Ce qu’en dit le vérificateur\u00a0:",
		Conversation: "Une conversation, dans l’ordre\u00a0:",
		Answering:    "Comme réponse à cette requête\u00a0:",
		FromClient:   "client → serveur",
		FromServer:   "serveur → client",
		NoExample:    "C’est une limite\u00a0: aucun petit exemple ne peut la montrer.",
		HeldBack:     "Cet exemple donnerait la réponse de l’exercice d’où vous venez. Il apparaît une fois ouvert le dernier indice de cet exercice, ou après quelques essais.",
		HeldBackLink: "Revenir à l’exercice",
		Lesson:       "La leçon qui l’enseigne",
		Practice:     "Les exercices qui l’entraînent",
		NoPractice:   "Aucun exercice ne déclenche encore cette règle\u00a0: essayez-la dans la console.",
		AllRules:     "Toutes les règles",
		Severity:     "Gravité\u00a0: %s",
		SevError:     "erreur",
		SevWarning:   "avertissement",
		SevInfo:      "remarque",
		Unknown:      "Le vérificateur n’a aucune règle avec ce code. La liste des règles les présente toutes.",
	},
}

// RulesFor returns the rules pages' strings in l (English when l is unknown).
func RulesFor(l Lang) *RulesUI {
	if s, ok := rulesUI[l]; ok {
		return s
	}
	return rulesUI[Default]
}
