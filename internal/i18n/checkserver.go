package i18n

// CheckServerUI are the words of the page that checks a learner's own MCP
// server (/{lang}/check-server).
type CheckServerUI struct {
	Title         string
	Intro         string
	NoCommands    string
	URLLabel      string
	URLHelp       string
	ExerciseLabel string
	ProtocolLabel string
	Run           string
	Running       string
	NoExercise    string
	// Refusals of a URL.
	RefusedNever      string // "%s": the address
	RefusedNotAllowed string // "%s": the address
	RefusedScheme     string
	RefusedURL        string
	RefusedResolve    string // "%s": the host
	Unreachable       string // "%s": the error
	Busy              string
	ResultTitle       string
	Passed            string
	Failed            string
	NotGraded         string // the verdict when nothing the exercise checks ran
	Recorded          string
	StepPassed        string
	StepFailed        string
	StepSkipped       string
	StepPending       string
	Messages          string // "%d": the first message's number
	NoMessages        string
	Warning           string
	Problems          string
	StepsTitle        string
	// The sequence diagram's lanes: the playground is the client.
	DiagramClient string
	DiagramServer string
	// The note on the playground's own messages that break a rule on
	// purpose (an unknown method), and its label.
	OnPurpose      string
	OnPurposeLabel string
	// NothingMCP is a check asked from another host that reached nothing
	// MCP ("%s": the URL): open and closed ports are not told apart.
	NothingMCP string
	// Folded: "%s" the part shown, "%s" the whole size.
	Folded string
	// WholeMessage links a folded message to its whole text; Gone says
	// the run is no longer kept, NoMessage ("%d": the last number) that
	// the run has no such message.
	WholeMessage, Gone, NoMessage string
}

var checkServerUI = map[Lang]*CheckServerUI{
	EN: {
		Title:             "Check my server",
		Intro:             "Give the address of the MCP server you wrote: the playground becomes its client, runs a server exercise step by step and grades every reply with the same checker as the exercises.",
		NoCommands:        "The page only connects to a Streamable HTTP URL. To check a server over stdio, run playground check-server -- COMMAND on your own machine.",
		URLLabel:          "Your server’s URL",
		URLHelp:           "Streamable HTTP endpoint, such as http://127.0.0.1:3000/mcp",
		ExerciseLabel:     "Exercise",
		ProtocolLabel:     "Protocol revision",
		Run:               "Check my server",
		Running:           "Checking…",
		NoExercise:        "This course has no server exercise.",
		RefusedNever:      "The playground never connects to %s: it is a link-local or cloud-metadata address.",
		RefusedNotAllowed: "The playground may not connect to %s. It checks servers on this machine (loopback) only, unless the workshop allows more addresses with -allow-server-checks.",
		RefusedScheme:     "Only http:// and https:// URLs can be checked here.",
		RefusedURL:        "Give a full URL with a host, such as http://127.0.0.1:3000/mcp.",
		RefusedResolve:    "The host name %s does not resolve.",
		Unreachable:       "Your server could not be reached: %s",
		Busy:              "A check of your server is already running. Wait for its verdict, then start the next one.",
		ResultTitle:       "Verdict",
		Passed:            "Every step passed.",
		Failed:            "Some steps failed: their reports say why.",
		NotGraded:         "Not graded.",
		Recorded:          "Recorded in your progress.",
		StepPassed:        "passed",
		StepFailed:        "failed",
		StepSkipped:       "skipped",
		StepPending:       "waiting",
		Messages:          "Messages from #%d in the timeline",
		NoMessages:        "No message.",
		Warning:           "Accepted, but:",
		Problems:          "What went wrong",
		StepsTitle:        "Steps",
		DiagramClient:     "Playground (client)",
		DiagramServer:     "Your server",
		OnPurpose:         "The playground sends this message as it is on purpose, to see how your server answers it: nothing here is yours to fix.",
		OnPurposeLabel:    "sent on purpose",
		NothingMCP:        "Nothing MCP answered at %s. Is your server running, on this address and port, with its Streamable HTTP endpoint at this path?",
		Folded:            "the first %s of %s shown; playground check-server -json prints every message whole",
		WholeMessage:      "Show the whole message",
		Gone:              "This check is no longer kept (each learner’s latest one is kept for 30 minutes): run the check again.",
		NoMessage:         "There is no such message: this check numbers its messages up to %d.",
	},
	FR: {
		Title:             "Vérifier mon serveur",
		Intro:             "Donnez l’adresse du serveur MCP que vous avez écrit : le playground devient son client, déroule un exercice serveur étape par étape et juge chaque réponse avec le même vérificateur que les exercices.",
		NoCommands:        "Cette page ne se connecte qu’à une URL Streamable HTTP. Pour vérifier un serveur en stdio, lancez playground check-server -- COMMANDE sur votre machine.",
		URLLabel:          "L’URL de votre serveur",
		URLHelp:           "Point d’accès Streamable HTTP, par exemple http://127.0.0.1:3000/mcp",
		ExerciseLabel:     "Exercice",
		ProtocolLabel:     "Révision du protocole",
		Run:               "Vérifier mon serveur",
		Running:           "Vérification en cours…",
		NoExercise:        "Ce cours n’a pas d’exercice serveur.",
		RefusedNever:      "Le playground ne se connecte jamais à %s : c’est une adresse lien-local ou de métadonnées cloud.",
		RefusedNotAllowed: "Le playground n’a pas le droit de se connecter à %s. Il ne vérifie que les serveurs de cette machine (boucle locale), sauf si l’atelier autorise d’autres adresses avec -allow-server-checks.",
		RefusedScheme:     "Seules les URL http:// et https:// peuvent être vérifiées ici.",
		RefusedURL:        "Donnez une URL complète avec un hôte, par exemple http://127.0.0.1:3000/mcp.",
		RefusedResolve:    "Le nom d’hôte %s ne se résout pas.",
		Unreachable:       "Impossible de joindre votre serveur : %s",
		Busy:              "Une vérification de votre serveur est déjà en cours. Attendez son verdict avant d’en lancer une autre.",
		ResultTitle:       "Verdict",
		Passed:            "Toutes les étapes sont réussies.",
		Failed:            "Des étapes ont échoué : leurs rapports disent pourquoi.",
		NotGraded:         "Non noté.",
		Recorded:          "Enregistré dans votre progression.",
		StepPassed:        "réussie",
		StepFailed:        "échouée",
		StepSkipped:       "sautée",
		StepPending:       "en attente",
		Messages:          "Messages à partir du nº %d dans la chronologie",
		NoMessages:        "Aucun message.",
		Warning:           "Accepté, mais :",
		Problems:          "Ce qui n’a pas marché",
		StepsTitle:        "Étapes",
		DiagramClient:     "Playground (client)",
		DiagramServer:     "Votre serveur",
		OnPurpose:         "Le playground envoie ce message tel quel exprès, pour voir comment votre serveur y répond : il n’y a rien à corriger de votre côté.",
		OnPurposeLabel:    "envoyé exprès",
		NothingMCP:        "Rien de MCP n’a répondu à %s. Votre serveur est-il lancé, à cette adresse et sur ce port, avec son point d’accès Streamable HTTP à ce chemin ?",
		Folded:            "les %s premiers sur %s affichés ; playground check-server -json imprime chaque message en entier",
		WholeMessage:      "Afficher le message entier",
		Gone:              "Cette vérification n’est plus gardée (la dernière de chaque apprenant l’est 30 minutes) : relancez la vérification.",
		NoMessage:         "Ce message n’existe pas : cette vérification numérote ses messages jusqu’à %d.",
	},
}

// CheckServerFor returns the check-server page's words in l.
func CheckServerFor(l Lang) *CheckServerUI {
	if t, ok := checkServerUI[l]; ok {
		return t
	}
	return checkServerUI[Default]
}
