package i18n

// ConsoleUI holds the strings of the console: the page where learners talk
// to the gift server, its timeline, its sequence diagram, and a live
// exercise shown above it.
type ConsoleUI struct {
	Title          string
	Intro          string
	ProtocolIs     string // "Protocol revision: %s"
	NotInitialized string
	// Restarted says that the session the page knew is gone: idle too
	// long, or the server restarted or another instance took over.
	Restarted string
	// ConvProblem marks a timeline item that the conversation checker
	// found a problem on, or that a problem found later refers to;
	// MentionOn introduces the latter ("Noted on #%d:").
	ConvProblem string
	MentionOn   string

	// The editor and what goes with it.
	EditorLabel     string
	EditorHelp      string
	TemplatesLabel  string
	TemplateUse     string
	TemplateNone    string
	Check           string
	Send            string
	Sending         string
	Handshake       string
	HandshakeHelp   string
	ReportTitle     string
	ReportEmpty     string
	ReportValid     string
	ReportErrors    string // "%d error(s)…"
	ReportWarnings  string // "%d warning(s)…"
	ReportAsReplyTo string // "Checked as the response to #%d (%s)."
	ReportSent      string // "Sent as #%d. …" (the report of a sent message is in the timeline)

	// Templates, by name. Protocol names stay as they are.
	TplInitialize    string
	TplInitialized   string
	TplPing          string
	TplToolsList     string
	TplToolsListPage string
	TplSuggest       string
	TplSlow          string
	TplCancelled     string
	TplSetLevel      string
	TplResources     string
	TplRead          string
	TplPrompts       string
	TplPromptGet     string
	TplReply         string

	// The timeline.
	TimelineTitle    string
	TimelineEmpty    string
	FromLearner      string
	FromServer       string
	KindRequest      string
	KindNotification string
	KindResponse     string
	KindError        string
	KindToolError    string // a result with "isError": true
	KindInvalid      string
	ReplyTo          string // "response to #%d"
	ReplyToNothing   string
	AnsweredBy       string // "answered by #%d"
	CancelledBy      string // "cancelled by #%d…"
	Waiting          string
	NoReply          string
	ServerWaits      string
	WriteAnswer      string
	PendingTitle     string
	ReportOK         string
	ReportCount      string // "%d {problem|problems}": what the checker found
	ReportValidWith  string // "valid, %d {remark|remarks}": a valid message with warnings
	Refresh          string
	LiveOn           string
	LiveOff          string

	// The sequence diagram.
	DiagramTitle   string
	DiagramEmpty   string
	DiagramLearner string
	DiagramServer  string
	DiagramResult  string
	DiagramError   string // "error %s"
	DiagramInvalid string
	DiagramEarlier string // "%d earlier messages not drawn"

	// DiagramToolFailed labels a result with "isError": true.
	DiagramToolFailed string

	// Session actions.
	Reset     string
	ResetHelp string
	Export    string
	Copy      string
	Copied    string

	// A live exercise above the console.
	ExerciseLabel    string // "Live exercise"
	ExerciseCheck    string
	ExerciseHelp     string
	ExerciseBack     string
	ExerciseNotLive  string
	ExerciseTrimmed  string // "only the last %d messages"
	ExerciseNoneSent string

	// Problems with what was sent.
	ErrEmpty    string
	ErrTooLarge string // "%d KiB"
	ErrNotText  string
	ErrNoReply  string

	// Bounds of the event streams (429 per learner, 503 overall).
	ErrStreamsLearner string
	ErrStreamsServer  string

	// Folding long messages in the timeline, and the link from a message
	// to its arrow in the diagram.
	FoldShow string // "Show the whole message (%d lines)"
	FoldHide string
	ToArrow  string // on a message: its arrow in the diagram
}

var consoleUI = map[Lang]*ConsoleUI{
	EN: {
		Title:          "Console",
		Intro:          "Talk to the gift server yourself. Write one JSON-RPC message, read what the playground notices about it, send it, and follow every message of your session in the timeline and in the sequence diagram.",
		ProtocolIs:     "Protocol revision: %s",
		NotInitialized: "Session not initialized yet: start with the handshake.",

		EditorLabel:     "Your message",
		EditorHelp:      "One JSON-RPC message. Ctrl+Enter (⌘+Enter) sends it; Tab indents, Esc then Tab leaves the editor.",
		TemplatesLabel:  "Start from a template",
		TemplateUse:     "Use this template",
		TemplateNone:    "Choose a message…",
		Check:           "Check",
		Send:            "Send",
		Sending:         "Sending…",
		Restarted:       "Your live session with the gift server restarted: it was idle for a while, or the server restarted. The timeline starts again, empty; your next message opens a new session, so begin with the handshake.",
		ConvProblem:     "conversation problem",
		MentionOn:       "Noted on #%d:",
		Handshake:       "Do the handshake for me",
		HandshakeHelp:   "Sends initialize, then notifications/initialized, as a client does when it connects.",
		ReportTitle:     "Before you send",
		ReportEmpty:     "Type a message: the playground checks it as you type, before it goes.",
		ReportValid:     "Nothing to fix: this message is ready to go.",
		ReportErrors:    "%d {error|errors} to fix. You may still send it to see how the server answers.",
		ReportWarnings:  "%d {remark|remarks} worth reading; the message is valid.",
		ReportAsReplyTo: "Checked as the response to #%d (%s).",
		ReportSent:      "Sent as #%d: what the playground noticed in it is on its item in the timeline. The editor now offers the next message, with the next free id.",

		TplInitialize:    "initialize: the handshake, step 1",
		TplInitialized:   "notifications/initialized: the handshake, step 2",
		TplPing:          "ping",
		TplToolsList:     "tools/list",
		TplToolsListPage: "tools/list, two tools per page",
		TplSuggest:       "tools/call suggest_gifts",
		TplSlow:          "tools/call prepare_delivery with a progress token (about 5 seconds: time to cancel it)",
		TplCancelled:     "notifications/cancelled for a request in flight",
		TplSetLevel:      "logging/setLevel",
		TplResources:     "resources/list",
		TplRead:          "resources/read gift://catalog",
		TplPrompts:       "prompts/list",
		TplPromptGet:     "prompts/get gift_congrats_style",
		TplReply:         "A response to the server’s request",

		TimelineTitle:    "Timeline",
		TimelineEmpty:    "Nothing yet. Send initialize to open the session, or let the console do the handshake.",
		FromLearner:      "client → server",
		FromServer:       "server → client",
		KindRequest:      "request",
		KindNotification: "notification",
		KindResponse:     "success response",
		KindError:        "error response",
		KindToolError:    "tool error (result with isError)",
		KindInvalid:      "invalid message",
		ReplyTo:          "response to #%d",
		ReplyToNothing:   "answers no request of this session",
		AnsweredBy:       "answered by #%d",
		CancelledBy:      "cancelled by #%d: no response will come",
		Waiting:          "waiting for its response",
		NoReply:          "expects no response",
		ServerWaits:      "The server is waiting for your response",
		WriteAnswer:      "Write the response",
		PendingTitle:     "The server is asking you something",
		ReportOK:         "valid",
		ReportCount:      "%d {problem|problems}",
		ReportValidWith:  "valid, %d {remark|remarks}",
		Refresh:          "Refresh the timeline",
		LiveOn:           "Live: messages from the server appear as they arrive.",
		LiveOff:          "Reconnecting to the server…",

		DiagramTitle:   "Sequence diagram",
		DiagramEmpty:   "The diagram appears with your first message.",
		DiagramLearner: "You (client)",
		DiagramServer:  "Gift server",
		DiagramResult:  "result",
		DiagramError:   "error %s",
		DiagramInvalid: "invalid message",
		DiagramEarlier: "%d earlier messages not drawn",

		DiagramToolFailed: "result, tool failed (isError)",

		Reset:     "Reset the session",
		ResetHelp: "Ends this session and starts a new one with an empty timeline.",
		Export:    "Download as JSON Lines",
		Copy:      "Copy the exchange",
		Copied:    "Copied!",

		ExerciseLabel:    "Live exercise",
		ExerciseCheck:    "Check my exchange",
		ExerciseHelp:     "Sends the messages of this session to be checked against the exercise.",
		ExerciseBack:     "Back to the exercise",
		ExerciseNotLive:  "This exercise is answered on its own page, not in the console.",
		ExerciseTrimmed:  "Your session is long: only its last %d messages were checked.",
		ExerciseNoneSent: "Your session is empty: send some messages first.",

		ErrEmpty:    "The message is empty: write one JSON-RPC message first.",
		ErrTooLarge: "The message is longer than %d KiB: the console takes one message at a time.",
		ErrNotText:  "The message is not text (it is not valid UTF-8).",
		ErrNoReply:  "The server is not waiting for a response with this number.",

		ErrStreamsLearner: "The console is open in too many tabs: close one and reload this page to see new messages as they come.",
		ErrStreamsServer:  "The server follows too many consoles live right now: your messages still work, reload the page in a moment to see new ones as they come.",

		FoldShow: "Show the whole message (%d lines)",
		FoldHide: "Fold the message",
		ToArrow:  "In the diagram",
	},
	FR: {
		Title:          "Console",
		Intro:          "Dialoguez vous-même avec le serveur de cadeaux. Écrivez un message JSON-RPC, lisez ce que le Playground y remarque, envoyez-le, puis suivez chaque message de votre session dans la chronologie et dans le diagramme de séquence.",
		ProtocolIs:     "Révision du protocole\u00a0: %s",
		NotInitialized: "Session pas encore initialisée\u00a0: commencez par la poignée de main.",

		EditorLabel:     "Votre message",
		EditorHelp:      "Un seul message JSON-RPC. Ctrl+Entrée (⌘+Entrée) l’envoie\u00a0; Tab indente, Échap puis Tab quitte l’éditeur.",
		TemplatesLabel:  "Partir d’un modèle",
		TemplateUse:     "Utiliser ce modèle",
		TemplateNone:    "Choisissez un message…",
		Check:           "Vérifier",
		Send:            "Envoyer",
		Sending:         "Envoi…",
		Restarted:       "Votre session avec le serveur de cadeaux a redémarré : elle était inactive depuis un moment, ou le serveur a redémarré. La chronologie repart de zéro ; votre prochain message ouvre une nouvelle session, alors commencez par la poignée de main.",
		ConvProblem:     "problème dans la conversation",
		MentionOn:       "Relevé sur #%d\u00a0:",
		Handshake:       "Faire la poignée de main pour moi",
		HandshakeHelp:   "Envoie initialize, puis notifications/initialized, comme le fait un client qui se connecte.",
		ReportTitle:     "Avant d’envoyer",
		ReportEmpty:     "Tapez un message\u00a0: le Playground le vérifie pendant que vous écrivez, avant l’envoi.",
		ReportValid:     "Rien à corriger\u00a0: ce message est prêt à partir.",
		ReportErrors:    "%d {erreur|erreurs} à corriger. Vous pouvez quand même l’envoyer pour voir comment le serveur répond.",
		ReportWarnings:  "%d {remarque|remarques} à lire\u00a0; le message est valide.",
		ReportAsReplyTo: "Vérifié comme réponse à #%d (%s).",
		ReportSent:      "Envoyé comme #%d : ce que le Playground y a remarqué figure sur son élément dans la chronologie. L’éditeur propose maintenant le message suivant, avec le prochain id libre.",

		TplInitialize:    "initialize\u00a0: la poignée de main, étape 1",
		TplInitialized:   "notifications/initialized\u00a0: la poignée de main, étape 2",
		TplPing:          "ping",
		TplToolsList:     "tools/list",
		TplToolsListPage: "tools/list, deux outils par page",
		TplSuggest:       "tools/call suggest_gifts",
		TplSlow:          "tools/call prepare_delivery avec un jeton de progression (environ 5 secondes : le temps de l’annuler)",
		TplCancelled:     "notifications/cancelled pour une requête en cours",
		TplSetLevel:      "logging/setLevel",
		TplResources:     "resources/list",
		TplRead:          "resources/read gift://catalog",
		TplPrompts:       "prompts/list",
		TplPromptGet:     "prompts/get gift_congrats_style",
		TplReply:         "Une réponse à la requête du serveur",

		TimelineTitle:    "Chronologie",
		TimelineEmpty:    "Rien pour l’instant. Envoyez initialize pour ouvrir la session, ou laissez la console faire la poignée de main.",
		FromLearner:      "client → serveur",
		FromServer:       "serveur → client",
		KindRequest:      "requête",
		KindNotification: "notification",
		KindResponse:     "réponse de succès",
		KindError:        "réponse d’erreur",
		KindToolError:    "erreur métier (result avec isError)",
		KindInvalid:      "message invalide",
		ReplyTo:          "réponse à #%d",
		ReplyToNothing:   "ne répond à aucune requête de cette session",
		AnsweredBy:       "réponse reçue en #%d",
		CancelledBy:      "annulée par #%d\u00a0: aucune réponse ne viendra",
		Waiting:          "attend sa réponse",
		NoReply:          "n’attend pas de réponse",
		ServerWaits:      "Le serveur attend votre réponse",
		WriteAnswer:      "Écrire la réponse",
		PendingTitle:     "Le serveur vous demande quelque chose",
		ReportOK:         "valide",
		ReportCount:      "%d {problème|problèmes}",
		ReportValidWith:  "valide, %d {remarque|remarques}",
		Refresh:          "Actualiser la chronologie",
		LiveOn:           "En direct\u00a0: les messages du serveur s’affichent dès leur arrivée.",
		LiveOff:          "Reconnexion au serveur…",

		DiagramTitle:   "Diagramme de séquence",
		DiagramEmpty:   "Le diagramme apparaît avec votre premier message.",
		DiagramLearner: "Vous (client)",
		DiagramServer:  "Serveur de cadeaux",
		DiagramResult:  "résultat",
		DiagramError:   "erreur %s",
		DiagramInvalid: "message invalide",
		DiagramEarlier: "%d messages plus anciens non dessinés",

		DiagramToolFailed: "résultat, échec de l’outil (isError)",

		Reset:     "Réinitialiser la session",
		ResetHelp: "Termine cette session et en ouvre une nouvelle, avec une chronologie vide.",
		Export:    "Télécharger en JSON Lines",
		Copy:      "Copier l’échange",
		Copied:    "Copié\u00a0!",

		ExerciseLabel:    "Exercice en direct",
		ExerciseCheck:    "Vérifier mon échange",
		ExerciseHelp:     "Envoie les messages de cette session pour les vérifier selon l’exercice.",
		ExerciseBack:     "Retour à l’exercice",
		ExerciseNotLive:  "Cet exercice se fait sur sa propre page, pas dans la console.",
		ExerciseTrimmed:  "Votre session est longue\u00a0: seuls ses %d derniers messages ont été vérifiés.",
		ExerciseNoneSent: "Votre session est vide\u00a0: envoyez d’abord quelques messages.",

		ErrEmpty:    "Le message est vide\u00a0: écrivez d’abord un message JSON-RPC.",
		ErrTooLarge: "Le message dépasse %d Kio\u00a0: la console prend un message à la fois.",
		ErrNotText:  "Le message n’est pas du texte (ce n’est pas de l’UTF-8 valide).",
		ErrNoReply:  "Le serveur n’attend pas de réponse portant ce numéro.",

		ErrStreamsLearner: "La console est ouverte dans trop d’onglets : fermez-en un et rechargez cette page pour voir les nouveaux messages dès qu’ils arrivent.",
		ErrStreamsServer:  "Le serveur suit trop de consoles en direct en ce moment : vos messages passent toujours, rechargez la page dans un instant pour voir les nouveaux dès qu’ils arrivent.",

		FoldShow: "Afficher tout le message (%d lignes)",
		FoldHide: "Replier le message",
		ToArrow:  "Dans le diagramme",
	},
}

// ConsoleFor returns the console's strings in l.
func ConsoleFor(l Lang) *ConsoleUI {
	if t, ok := consoleUI[l]; ok {
		return t
	}
	return consoleUI[Default]
}
