package i18n

// PathUI holds the words of the learner's way through the course: where to
// continue, the course's totals, the last page, and the reviews.
type PathUI struct {
	ContinueTitle    string
	ContinueLesson   string // "Lesson %d: %s"
	ContinueExercise string // "Exercise: %s"
	ContinueFinish   string
	Totals           string // "%d of %d lessons read · %d of %d exercises passed"

	FinishLink   string // the title of the link to the last page
	FinishTitle  string
	FinishLead   string
	FinishAll    string // "%d of %d exercises passed"
	CanDoTitle   string
	CanDo1       string
	CanDo2       string
	CanDo3       string
	CanDo4       string
	TryTitle     string
	TryConsole   string
	TryConsoleIn string
	TryLog       string
	TryLogIn     string
	TryServer    string
	TryServerIn  string
	BackToCourse string
	SeeProgress  string
	SeeRules     string

	ReviewLink  string // "Review (%d)"
	ReviewTitle string
	ReviewIntro string
	ReviewEmpty string
	ReviewBox   string // "Box %d of %d"
	ReviewCodes string

	// The exercise page opened from the review: recall, not a re-click.
	ReviewRecall      string // above the form
	ReviewHintsFolded string // "Show the hints you opened last time (%d)"
	ReviewHintsCount  string // that showing them counts as taking a hint
	ReviewSolution    string // why the solution is hidden during a review
	ReviewComesBack   string // "This exercise comes back for review %s."
	ReviewDueNow      string // the same, for an exercise due now
	ReviewLater       string // the heading of the exercises not due yet
	ReviewWhen        string // "comes back %s", beside one of them
	// ReviewRecallChoices is ReviewRecall for an exercise answered by
	// choices, which has no editor.
	ReviewRecallChoices string
	// ReviewRecallElsewhere is ReviewRecall for an exercise played on
	// another page (the console, a check of the learner's program).
	ReviewRecallElsewhere string
	ReviewInMinutes       string // "in %d {minute|minutes}"
	ReviewInHours         string
	ReviewInDays          string
	ReviewInWeeks         string
	// What a failed check looked at, in words (the review names them).
	TrippedAnswer   string // "your answer for message %d"
	TrippedResponse string // "your answer for response %d" (match)
	TrippedMethod   string
	TrippedKind     string
	TrippedID       string
	TrippedValid    string
	TrippedResult   string
	TrippedAt       string // "the value at %s"
	TrippedSession  string
	TrippedOther    string
}

var pathUI = map[Lang]*PathUI{
	EN: {
		ContinueTitle:    "Continue where you left off",
		ContinueLesson:   "Lesson %d: %s",
		ContinueExercise: "Exercise: %s",
		ContinueFinish:   "You have done it all: see what comes next",
		Totals:           "Whole course: %d of %d {lesson|lessons} read · %d of %d {exercise|exercises} passed",

		FinishLink:   "What you can do now",
		FinishTitle:  "What you can do now",
		FinishLead:   "This is the end of the course. Here is what you have learnt to do, and where to go from here.",
		FinishAll:    "%d of %d {exercise|exercises} passed.",
		CanDoTitle:   "You can now",
		CanDo1:       "write JSON-RPC requests, responses and notifications by hand, and tell them apart at a glance;",
		CanDo2:       "open an MCP session: initialize, the initialized notification, then tools, resources and prompts;",
		CanDo3:       "answer with the right error, and tell a protocol error from a tool that failed;",
		CanDo4:       "read a real log message by message and pair each response with its request.",
		TryTitle:     "What to try next",
		TryConsole:   "Talk to the gift server",
		TryConsoleIn: "The console is your own session: send what you wrote in the exercises and watch the sequence diagram grow.",
		TryLog:       "Read a real log",
		TryLogIn:     "Paste the log of an MCP client you use into “Explain a log”: the page pairs each response with its request and says what is wrong, message by message, with a link to each rule.",
		TryServer:    "Check your own server",
		TryServerIn:  "Give the address of the MCP server you wrote: the playground becomes its client, runs the server exercises and judges each answer with the same checker.",
		BackToCourse: "Back to the course",
		SeeProgress:  "Your progress",
		SeeRules:     "Every rule of the checker",

		ReviewLink:  "Review (%d)",
		ReviewTitle: "Review",
		ReviewIntro: "The exercises you got wrong come back here, spaced out: first after 20 minutes, then a day, three days, a week, three weeks. Pass one without a hint and it comes back later; stumble and it comes back sooner.",
		ReviewEmpty: "Nothing to review right now. Exercises you get wrong will come back here.",
		ReviewBox:   "Box %d of %d",
		ReviewCodes: "What tripped you:",

		ReviewRecall:          "Review: answer from memory. The editor starts from the beginning, your hints are folded and the solution stays hidden.",
		ReviewHintsFolded:     "Show the hints you opened last time (%d)",
		ReviewHintsCount:      "Looking at them counts as taking a hint: the exercise then stays in its box.",
		ReviewSolution:        "The solution stays hidden during a review: try it from memory first.",
		ReviewComesBack:       "This exercise comes back for review %s.",
		ReviewDueNow:          "This exercise is due for review now.",
		ReviewLater:           "Coming back later",
		ReviewWhen:            "comes back %s",
		ReviewRecallChoices:   "Review: answer from memory. Your earlier choices are cleared, your hints are folded and the solution stays hidden.",
		ReviewRecallElsewhere: "Review: do it again from memory. Your hints are folded and the solution stays hidden.",
		ReviewInMinutes:       "in %d {minute|minutes}",
		ReviewInHours:         "in %d {hour|hours}",
		ReviewInDays:          "in %d {day|days}",
		ReviewInWeeks:         "in %d {week|weeks}",
		TrippedAnswer:         "your answer for message %d",
		TrippedResponse:       "your answer for response %d",
		TrippedMethod:         "the method",
		TrippedKind:           "the kind of message",
		TrippedID:             "the id",
		TrippedValid:          "a message the checker accepts",
		TrippedResult:         "the shape of the result",
		TrippedAt:             "the value at %s",
		TrippedSession:        "the order of the session’s messages",
		TrippedOther:          "one of the exercise’s checks",
	},
	FR: {
		ContinueTitle:    "Reprendre là où vous en étiez",
		ContinueLesson:   "Leçon %d\u00a0: %s",
		ContinueExercise: "Exercice\u00a0: %s",
		ContinueFinish:   "Vous avez tout fait\u00a0: voyez la suite",
		Totals:           "Tout le cours\u00a0: %d {leçon lue|leçons lues} sur %d · %d {exercice réussi|exercices réussis} sur %d",

		FinishLink:   "Ce que vous savez faire",
		FinishTitle:  "Ce que vous savez faire",
		FinishLead:   "Vous voici au bout du cours. Voici ce que vous avez appris à faire, et où aller ensuite.",
		FinishAll:    "%d {exercice réussi|exercices réussis} sur %d.",
		CanDoTitle:   "Vous savez maintenant",
		CanDo1:       "écrire à la main des requêtes, des réponses et des notifications JSON-RPC, et les distinguer d’un coup d’œil\u00a0;",
		CanDo2:       "ouvrir une session MCP\u00a0: initialize, la notification initialized, puis les outils, les ressources et les prompts\u00a0;",
		CanDo3:       "répondre par la bonne erreur, et distinguer une erreur de protocole d’un outil qui a échoué\u00a0;",
		CanDo4:       "lire un vrai journal message par message et associer chaque réponse à sa requête.",
		TryTitle:     "Que faire ensuite",
		TryConsole:   "Parlez au serveur de cadeaux",
		TryConsoleIn: "La console est votre propre session\u00a0: envoyez ce que vous avez écrit dans les exercices et regardez le diagramme de séquence grandir.",
		TryLog:       "Lisez un vrai journal",
		TryLogIn:     "Collez le journal d’un client MCP que vous utilisez sur la page «\u00a0Expliquer un journal\u00a0»\u00a0: elle associe chaque réponse à sa requête et dit ce qui ne va pas, message par message, avec un lien vers chaque règle.",
		TryServer:    "Vérifiez votre propre serveur",
		TryServerIn:  "Donnez l’adresse du serveur MCP que vous avez écrit\u00a0: le Playground devient son client, déroule les exercices serveur et juge chaque réponse avec le même vérificateur.",
		BackToCourse: "Retour au cours",
		SeeProgress:  "Votre progression",
		SeeRules:     "Toutes les règles du vérificateur",

		ReviewLink:  "Réviser (%d)",
		ReviewTitle: "Révisions",
		ReviewIntro: "Les exercices que vous avez manqués reviennent ici, de plus en plus espacés : d’abord après 20 minutes, puis un jour, trois jours, une semaine, trois semaines. Réussissez-en un sans indice et il reviendra plus tard ; trébuchez et il reviendra plus tôt.",
		ReviewEmpty: "Rien à réviser pour l’instant. Les exercices que vous manquerez reviendront ici.",
		ReviewBox:   "Boîte %d sur %d",
		ReviewCodes: "Ce qui vous a fait trébucher :",

		ReviewRecall:          "Révision : répondez de mémoire. L’éditeur repart du début, vos indices sont repliés et la solution reste cachée.",
		ReviewHintsFolded:     "Revoir les indices ouverts la dernière fois (%d)",
		ReviewHintsCount:      "Les revoir compte comme prendre un indice : l’exercice reste alors dans sa boîte.",
		ReviewSolution:        "La solution reste cachée pendant une révision : essayez d’abord de mémoire.",
		ReviewComesBack:       "Cet exercice reviendra en révision %s.",
		ReviewDueNow:          "Cet exercice est à réviser maintenant.",
		ReviewLater:           "Reviendront plus tard",
		ReviewWhen:            "revient %s",
		ReviewRecallChoices:   "Révision\u00a0: répondez de mémoire. Vos choix précédents sont effacés, vos indices sont repliés et la solution reste cachée.",
		ReviewRecallElsewhere: "Révision\u00a0: refaites-le de mémoire. Vos indices sont repliés et la solution reste cachée.",
		ReviewInMinutes:       "dans %d minute{|s}",
		ReviewInHours:         "dans %d heure{|s}",
		ReviewInDays:          "dans %d jour{|s}",
		ReviewInWeeks:         "dans %d semaine{|s}",
		TrippedAnswer:         "votre réponse pour le message %d",
		TrippedResponse:       "votre réponse pour la réponse %d",
		TrippedMethod:         "la méthode",
		TrippedKind:           "la forme du message",
		TrippedID:             "l’identifiant",
		TrippedValid:          "un message que le vérificateur accepte",
		TrippedResult:         "la forme du résultat",
		TrippedAt:             "la valeur en %s",
		TrippedSession:        "l’ordre des messages de la session",
		TrippedOther:          "l’une des vérifications de l’exercice",
	},
}

// PathFor returns the path's strings in l (English when l is unknown).
func PathFor(l Lang) *PathUI {
	if s, ok := pathUI[l]; ok {
		return s
	}
	return pathUI[Default]
}
