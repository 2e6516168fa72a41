package i18n

// ExerciseUI holds the strings of the exercise pages, the progress page and
// the learner's identity (resume code, display name).
type ExerciseUI struct {
	// The list of exercises.
	ListTitle     string
	ListIntro     string
	ListEmpty     string
	LessonHeading string // "Lesson %d · %s"
	StatusNew     string
	StatusStarted string
	StatusFailed  string
	StatusPassed  string
	KindFix       string
	KindWrite     string
	KindClassify  string
	KindReply     string
	KindMatch     string
	KindLive      string
	KindServer    string
	KindClient    string

	// One exercise.
	FromLesson      string // followed by the lesson's title
	YourAnswer      string
	EditorHelp      string
	Submit          string
	Reset           string
	RequestTitle    string
	MessagesTitle   string
	MessageN        string // "Message %d"
	RequestsTitle   string
	ResponsesTitle  string
	RequestN        string // "Request %d"
	ResponseN       string // "Response %d"
	KindOfMessage   string // "Message %d is…"
	AnswersRequest  string // "Response %d answers…"
	NoRequest       string
	LiveIntro       string
	OpenConsole     string
	ServerIntro     string
	OpenCheckServer string
	ClientIntro     string
	OpenCheckClient string
	AttemptsCount   string // "Attempts: %d"

	// Feedback on an attempt.
	FeedbackTitle   string
	Passed          string
	NotYet          string
	AtLineCol       string // "Line %d, column %d"
	MoreProblemsOne string
	MoreProblems    string // "%d more problems"
	ChecksTitle     string
	CheckWanted     string // precedes what a failed check wanted
	WrongChoice     string // "Message %d: you chose “%s”…"
	WrongPair       string // "Response %d: you paired it with request %s…"
	WrongPairNone   string // "Response %d: you said it answers no request…"
	LessonLink      string // "Lesson:" before the lesson's link
	RuleLink        string // the accessible name of a rule's link: "The rule %s"
	CheckPassed     string
	CheckFailed     string
	ServerWorking   string

	// Hints and solution.
	HintsTitle      string
	HintN           string // "Hint %d"
	ShowHint        string // "Show hint %d of %d"
	HintsNote       string
	NoHints         string
	SolutionTitle   string
	SolutionShow    string
	SolutionAfterN  string // "…after %d unsuccessful attempts (%d to go)."
	SolutionPassing string

	// Navigation.
	NextExercise string
	AllExercises string
	ReadLesson   string

	// Problems with what was sent.
	ErrTooLarge        string // "%d KiB"
	ErrNotText         string
	ErrBadBody         string
	ErrNoChoice        string
	ErrEmpty           string
	ErrUnknownExercise string
	ErrUnknownLesson   string
	ErrNoSuchHint      string

	// The progress page.
	ProgressTitle   string
	ProgressIntro   string
	ProgressEmpty   string
	LessonRead      string
	LessonNotRead   string
	AsJSON          string
	ResumeTitle     string
	ResumeHelp      string
	ResumeNone      string
	ResumeFormTitle string
	ResumeFormHelp  string
	ResumeLabel     string
	ResumeSubmit    string
	ResumeBad       string
	ResumeTooMany   string
	ResumeDone      string
	ResumeReplaces  string
	NameTitle       string
	NameHelp        string
	NameLabel       string
	NameSave        string
	NameSaved       string
	Hello           string // "Hello, %s."
}

var exerciseUI = map[Lang]*ExerciseUI{
	EN: {
		ListTitle:     "Exercises",
		ListIntro:     "Practise what each lesson teaches. Every answer is checked at once, with the line and column of what to fix, and hints when you want them.",
		ListEmpty:     "There are no exercises yet.",
		LessonHeading: "Lesson %d · %s",
		StatusNew:     "Not started",
		StatusStarted: "Started",
		StatusFailed:  "Not passed yet",
		StatusPassed:  "Passed",
		KindFix:       "Fix the message",
		KindWrite:     "Write a message",
		KindClassify:  "Classify messages",
		KindReply:     "Answer a request",
		KindMatch:     "Match responses to requests",
		KindLive:      "Live, with the gift server",
		KindServer:    "Your own server",
		KindClient:    "Your own client",

		FromLesson:      "From the lesson",
		YourAnswer:      "Your answer",
		EditorHelp:      "Tab indents; to leave the editor with the keyboard, press Esc, then Tab. Ctrl+Enter (⌘+Enter on a Mac) checks your answer.",
		Submit:          "Check my answer",
		Reset:           "Back to the starter",
		RequestTitle:    "The request you answer",
		MessagesTitle:   "The messages",
		MessageN:        "Message %d",
		RequestsTitle:   "The requests",
		ResponsesTitle:  "The responses",
		RequestN:        "Request %d",
		ResponseN:       "Response %d",
		KindOfMessage:   "Message %d is…",
		AnswersRequest:  "Response %d answers…",
		NoRequest:       "None of these requests",
		LiveIntro:       "This exercise happens in the console: talk to the gift server there, and the console sends your session to be checked.",
		OpenConsole:     "Open the console",
		ServerIntro:     "This exercise grades the MCP server you wrote: run the command playground check-server, or start your server and give its address on the check-server page, which records a pass in your progress.",
		OpenCheckServer: "Check my server",
		ClientIntro:     "This exercise grades the MCP client you wrote: run it with the command playground check-client, or point it at your personal URL below and watch each step as your client's messages arrive.",
		OpenCheckClient: "Check my client",
		AttemptsCount:   "Attempts: %d",

		FeedbackTitle:   "Feedback",
		Passed:          "Passed! Your answer meets every check.",
		NotYet:          "Not yet. Start with this:",
		AtLineCol:       "Line %d, column %d",
		MoreProblemsOne: "1 more thing to look at",
		MoreProblems:    "%d more things to look at",
		ChecksTitle:     "What the exercise checks",
		CheckWanted:     "The check:",
		WrongChoice:     "Message %d: you chose “%s”, and that is not what this message is.",
		WrongPair:       "Response %d: you paired it with request %s, which it does not answer.",
		WrongPairNone:   "Response %d: you said it answers no request, yet it does answer one of them.",
		LessonLink:      "Lesson:",
		RuleLink:        "The rule %s explained",
		CheckPassed:     "met",
		CheckFailed:     "not met",
		ServerWorking:   "Checking…",

		HintsTitle:      "Hints",
		HintN:           "Hint %d",
		ShowHint:        "Show hint %d of %d",
		HintsNote:       "Hints open one at a time. Your progress notes how many you opened.",
		NoHints:         "This exercise has no hints.",
		SolutionTitle:   "Solution",
		SolutionShow:    "Show the solution",
		SolutionAfterN:  "The solution appears once you pass, or after %d unsuccessful {attempt|attempts} (%d to go).",
		SolutionPassing: "The solution appears once you pass.",

		NextExercise: "Next exercise",
		AllExercises: "All exercises",
		ReadLesson:   "Read the lesson again",

		ErrTooLarge:        "Your answer is larger than %d KiB. An exercise's answer fits in a few lines: check that you pasted the right text.",
		ErrNotText:         "Your answer is not text: it holds bytes that are not UTF-8. Paste the JSON message as plain text.",
		ErrBadBody:         `The request body must be JSON such as {"answer": "…"}.`,
		ErrNoChoice:        "Choose an answer for every item before checking.",
		ErrEmpty:           "The editor is empty, so there is nothing to check yet. Write your message first; this did not count as an attempt.",
		ErrUnknownExercise: "There is no exercise with this id. The list of exercises has them all.",
		ErrUnknownLesson:   "There is no lesson with this name.",
		ErrNoSuchHint:      "This exercise has no hint with that number.",

		ProgressTitle:   "Your progress",
		ProgressIntro:   "Your progress is kept on this server and tied to this browser, without any password. The resume code lets you continue on another device.",
		ProgressEmpty:   "Nothing yet: read a lesson or try an exercise, and your progress appears here.",
		LessonRead:      "Read",
		LessonNotRead:   "Not read yet",
		AsJSON:          "The same, as JSON",
		ResumeTitle:     "Your resume code",
		ResumeHelp:      "Write it down. On another device, enter it on this page to continue where you left off. Keep it to yourself: anyone who has it can add to your progress.",
		ResumeNone:      "You get a resume code with your first answer, hint or lesson read.",
		ResumeFormTitle: "Continue on this device",
		ResumeFormHelp:  "Enter the resume code shown on your other device.",
		ResumeLabel:     "Resume code",
		ResumeSubmit:    "Continue",
		ResumeBad:       "This resume code is not known here. Check it against your other device: 8 letters and digits, such as ABCD-2345.",
		ResumeTooMany:   "Too many codes were tried just now. Wait a minute, then try again.",
		ResumeDone:      "Welcome back: this device now continues your progress.",
		ResumeReplaces:  "This device will then show the progress of that code instead of the progress shown here.",
		NameTitle:       "Display name",
		NameHelp:        "Optional. Your instructor sees it next to your progress; leave it empty to stay anonymous.",
		NameLabel:       "Name",
		NameSave:        "Save",
		NameSaved:       "Your display name is saved.",
		Hello:           "Hello, %s.",
	},
	FR: {
		ListTitle:     "Exercices",
		ListIntro:     "Mettez en pratique ce que chaque leçon enseigne. Chaque réponse est vérifiée aussitôt, avec la ligne et la colonne de ce qu’il faut corriger, et des indices quand vous le souhaitez.",
		ListEmpty:     "Il n’y a pas encore d’exercice.",
		LessonHeading: "Leçon %d · %s",
		StatusNew:     "Pas commencé",
		StatusStarted: "Commencé",
		StatusFailed:  "Pas encore réussi",
		StatusPassed:  "Réussi",
		KindFix:       "Corrigez le message",
		KindWrite:     "Écrivez un message",
		KindClassify:  "Classez des messages",
		KindReply:     "Répondez à une requête",
		KindMatch:     "Associez réponses et requêtes",
		KindLive:      "En direct, avec le serveur de cadeaux",
		KindServer:    "Votre propre serveur",
		KindClient:    "Votre propre client",

		FromLesson:      "Tiré de la leçon",
		YourAnswer:      "Votre réponse",
		EditorHelp:      "Tab indente ; pour quitter l’éditeur au clavier, appuyez sur Échap, puis sur Tab. Ctrl+Entrée (⌘+Entrée sur Mac) vérifie votre réponse.",
		Submit:          "Vérifier ma réponse",
		Reset:           "Revenir au point de départ",
		RequestTitle:    "La requête à laquelle vous répondez",
		MessagesTitle:   "Les messages",
		MessageN:        "Message %d",
		RequestsTitle:   "Les requêtes",
		ResponsesTitle:  "Les réponses",
		RequestN:        "Requête %d",
		ResponseN:       "Réponse %d",
		KindOfMessage:   "Le message %d est…",
		AnswersRequest:  "La réponse %d répond à…",
		NoRequest:       "Aucune de ces requêtes",
		LiveIntro:       "Cet exercice se passe dans la console : dialoguez avec le serveur de cadeaux, et la console envoie votre session pour vérification.",
		OpenConsole:     "Ouvrir la console",
		ServerIntro:     "Cet exercice note le serveur MCP que vous avez écrit\u00a0: lancez la commande playground check-server, ou démarrez votre serveur et donnez son adresse sur la page de vérification, qui enregistre la réussite dans votre progression.",
		OpenCheckServer: "Vérifier mon serveur",
		ClientIntro:     "Cet exercice note le client MCP que vous avez écrit : lancez-le avec la commande playground check-client, ou dirigez-le vers votre URL personnelle ci-dessous et suivez chaque étape à mesure que les messages de votre client arrivent.",
		OpenCheckClient: "Vérifier mon client",
		AttemptsCount:   "Tentatives : %d",

		FeedbackTitle:   "Retour",
		Passed:          "Réussi ! Votre réponse satisfait toutes les vérifications.",
		NotYet:          "Pas encore. Commencez par ceci :",
		AtLineCol:       "Ligne %d, colonne %d",
		MoreProblemsOne: "1 autre point à regarder",
		MoreProblems:    "%d autres points à regarder",
		ChecksTitle:     "Ce que vérifie l’exercice",
		CheckWanted:     "La vérification :",
		WrongChoice:     "Message %d : vous avez choisi « %s », et ce n’est pas ce qu’est ce message.",
		WrongPair:       "Réponse %d : vous l’avez associée à la requête %s, à laquelle elle ne répond pas.",
		WrongPairNone:   "Réponse %d : vous avez indiqué qu’elle ne répond à aucune requête, or elle répond bien à l’une d’elles.",
		LessonLink:      "Leçon :",
		RuleLink:        "La règle %s expliquée",
		CheckPassed:     "satisfaite",
		CheckFailed:     "pas encore satisfaite",
		ServerWorking:   "Vérification…",

		HintsTitle:      "Indices",
		HintN:           "Indice %d",
		ShowHint:        "Afficher l’indice %d sur %d",
		HintsNote:       "Les indices s’ouvrent un par un. Votre progression note combien vous en avez ouvert.",
		NoHints:         "Cet exercice n’a pas d’indice.",
		SolutionTitle:   "Solution",
		SolutionShow:    "Afficher la solution",
		SolutionAfterN:  "La solution apparaît quand vous avez réussi, ou après %d {tentative infructueuse|tentatives infructueuses} (il en reste %d).",
		SolutionPassing: "La solution apparaît quand vous avez réussi.",

		NextExercise: "Exercice suivant",
		AllExercises: "Tous les exercices",
		ReadLesson:   "Relire la leçon",

		ErrTooLarge:        "Votre réponse dépasse %d Kio. La réponse d’un exercice tient en quelques lignes : vérifiez que vous avez collé le bon texte.",
		ErrNotText:         "Votre réponse n’est pas du texte : elle contient des octets qui ne sont pas de l’UTF-8. Collez le message JSON en texte brut.",
		ErrBadBody:         `Le corps de la requête doit être du JSON, par exemple {"answer": "…"}.`,
		ErrNoChoice:        "Choisissez une réponse pour chaque élément avant de vérifier.",
		ErrEmpty:           "L’éditeur est vide : il n’y a rien à vérifier pour l’instant. Écrivez d’abord votre message ; cet essai n’a pas été compté.",
		ErrUnknownExercise: "Aucun exercice ne porte cet identifiant. La liste des exercices les présente tous.",
		ErrUnknownLesson:   "Aucune leçon ne porte ce nom.",
		ErrNoSuchHint:      "Cet exercice n’a pas d’indice avec ce numéro.",

		ProgressTitle:   "Votre progression",
		ProgressIntro:   "Votre progression est conservée sur ce serveur et liée à ce navigateur, sans mot de passe. Le code de reprise vous permet de continuer sur un autre appareil.",
		ProgressEmpty:   "Rien pour l’instant : lisez une leçon ou essayez un exercice, et votre progression apparaîtra ici.",
		LessonRead:      "Lue",
		LessonNotRead:   "Pas encore lue",
		AsJSON:          "La même chose, en JSON",
		ResumeTitle:     "Votre code de reprise",
		ResumeHelp:      "Notez-le. Sur un autre appareil, saisissez-le sur cette page pour reprendre là où vous en étiez. Gardez-le pour vous : toute personne qui le connaît peut compléter votre progression.",
		ResumeNone:      "Vous recevrez un code de reprise avec votre première réponse, votre premier indice ou votre première leçon lue.",
		ResumeFormTitle: "Continuer sur cet appareil",
		ResumeFormHelp:  "Saisissez le code de reprise affiché sur votre autre appareil.",
		ResumeLabel:     "Code de reprise",
		ResumeSubmit:    "Continuer",
		ResumeBad:       "Ce code de reprise est inconnu ici. Comparez-le avec celui de votre autre appareil : 8 lettres et chiffres, par exemple ABCD-2345.",
		ResumeTooMany:   "Trop de codes viennent d’être essayés. Patientez une minute, puis réessayez.",
		ResumeDone:      "Bon retour parmi nous : cet appareil continue désormais votre progression.",
		ResumeReplaces:  "Cet appareil affichera alors la progression liée à ce code, à la place de celle affichée ici.",
		NameTitle:       "Nom affiché",
		NameHelp:        "Facultatif. Votre formateur ou formatrice le voit à côté de votre progression ; laissez-le vide pour rester anonyme.",
		NameLabel:       "Nom",
		NameSave:        "Enregistrer",
		NameSaved:       "Votre nom affiché est enregistré.",
		Hello:           "Bonjour, %s.",
	},
}

// ExerciseFor returns the exercise and progress strings in l (English if l
// is unknown).
func ExerciseFor(l Lang) *ExerciseUI {
	if s, ok := exerciseUI[l]; ok {
		return s
	}
	return exerciseUI[Default]
}
