package i18n

// InstructorUI holds the strings of the instructor's pages: sign-in,
// dashboard, exports and resets.
type InstructorUI struct {
	// Sign-in.
	LoginTitle   string
	LoginIntro   string
	TokenLabel   string
	SignIn       string
	SignOut      string
	LoginBad     string
	LoginTooMany string

	// Dashboard.
	Title          string
	Summary        string // "%d learners · %d attempts"
	JoinCodeIs     string // followed by the code
	NoJoinCode     string
	HideNames      string
	ShowNames      string
	AnonName       string // "Learner %d"
	NoName         string
	LiveUpdated    string // "Updated at %s"
	LivePause      string
	LiveResume     string
	LiveStale      string
	LiveSignedOut  string
	MatrixTitle    string
	MatrixLegend   string
	MatrixEmpty    string
	LearnerCol     string
	PassedCol      string
	StatusPassed   string
	StatusFailed   string
	StatusStarted  string
	CellAttempts   string // "attempts: %d"
	CellHints      string // "hints: %d"
	Percent        string // "%d%%"
	ExercisesTitle string
	ExerciseCol    string
	TriedCol       string
	PassRateCol    string
	MedianCol      string
	HintsCol       string
	ProblemsCol    string
	ProblemPeople  string // "%d learners"
	NoProblems     string
	StuckTitle     string
	StuckHelp      string // "%d or more failed attempts … last %d minutes"
	StuckNone      string
	StuckRow       string // "%d failed {attempt|attempts}, the last at %s"

	// Exports and resets.
	ExportsTitle       string
	ExportCSV          string
	ExportJSONL        string
	ExportsHelp        string
	BackupHelp         string
	DangerTitle        string
	ResetLearner       string
	ResetLearnerFor    string // accessible label: "Reset %s"
	ResetLearnerTitle  string // "Reset %s?"
	ResetLearnerBody   string
	ResetWorkshop      string
	ResetWorkshopTitle string
	ResetWorkshopBody  string // "%d learners, %d attempts"
	ConfirmCheck       string
	ConfirmErase       string
	Cancel             string
	ConfirmMissing     string
	ResetLearnerDone   string // "%s: progress erased."
	ResetWorkshopDone  string // "%d learners removed"
	UnknownLearner     string
	BackToDashboard    string

	// A learner's attempts (learner_attempts_show.go).
	AttemptsTitle string // "%s: attempts"
	AttemptsIntro string
	AttemptsEmpty string
	AttemptsOpen  string // "See the attempts of %s"
	AttemptPassed string
	AttemptFailed string
	AttemptHints  string // "%d {hint|hints} open"
	AttemptAnswer string
	AttemptCodes  string
	AttemptsBack  string
}

var instructorUI = map[Lang]*InstructorUI{
	EN: {
		LoginTitle:   "Instructor sign-in",
		LoginIntro:   "Enter the instructor token. The server printed it in its log when it started, unless you chose one with -instructor-token or PLAYGROUND_INSTRUCTOR_TOKEN.",
		TokenLabel:   "Instructor token",
		SignIn:       "Sign in",
		SignOut:      "Sign out",
		LoginBad:     "This is not the instructor token. Check the server’s log and try again.",
		LoginTooMany: "Too many wrong tokens from this address. Wait a minute, then try again.",

		Title:          "Workshop dashboard",
		Summary:        "%d {learner|learners} · %d {attempt|attempts}",
		JoinCodeIs:     "Join code:",
		NoJoinCode:     "No join code: anyone who can reach this server can take part.",
		HideNames:      "Hide names (for a projector)",
		ShowNames:      "Show names",
		AnonName:       "Learner %d",
		NoName:         "(no name)",
		LiveUpdated:    "Updated at %s",
		LivePause:      "Pause live updates",
		LiveResume:     "Resume live updates",
		LiveStale:      "The dashboard could not be updated; it will try again.",
		LiveSignedOut:  "Your instructor session has ended: sign in again to see live updates.",
		MatrixTitle:    "Progress by learner",
		MatrixLegend:   "✓ passed · ✗ not passed yet · ○ hint opened, no attempt yet · blank: not started. The number is the attempts; +n is the hints used.",
		MatrixEmpty:    "Nobody here yet. Learners appear when they join or send their first answer.",
		LearnerCol:     "Learner",
		PassedCol:      "Passed",
		StatusPassed:   "passed",
		StatusFailed:   "not passed yet",
		StatusStarted:  "hint opened",
		CellAttempts:   "attempts: %d",
		CellHints:      "hints: %d",
		Percent:        "%d%%",
		ExercisesTitle: "By exercise",
		ExerciseCol:    "Exercise",
		TriedCol:       "Tried",
		PassRateCol:    "Pass rate",
		MedianCol:      "Median attempts",
		HintsCol:       "Hints",
		ProblemsCol:    "What the room gets wrong most",
		ProblemPeople:  "%d {learner|learners}",
		NoProblems:     "—",
		StuckTitle:     "Who may be stuck",
		StuckHelp:      "%d or more failed attempts at one exercise in the last %d minutes, without passing it.",
		StuckNone:      "Nobody seems stuck right now.",
		StuckRow:       "%d failed {attempt|attempts}, the last at %s",

		ExportsTitle:       "Exports",
		ExportCSV:          "Progress (CSV)",
		ExportJSONL:        "Every attempt (JSON Lines)",
		ExportsHelp:        "A script can fetch both with the header Authorization: Bearer followed by the instructor token.",
		BackupHelp:         "For a complete copy of the database while the server runs: playground backup FILE.",
		DangerTitle:        "Start again",
		ResetLearner:       "Reset",
		AttemptsTitle:      "%s: attempts",
		AttemptsIntro:      "Every answer this learner sent, in the order sent, with what the checker says of it; the latest is at the end.",
		AttemptsEmpty:      "No attempt yet.",
		AttemptsOpen:       "See the attempts of %s",
		AttemptPassed:      "passed",
		AttemptFailed:      "not yet",
		AttemptHints:       "%d {hint|hints} open",
		AttemptAnswer:      "The answer",
		AttemptCodes:       "What the checker says",
		AttemptsBack:       "Back to the dashboard",
		ResetLearnerFor:    "Reset %s",
		ResetLearnerTitle:  "Reset %s?",
		ResetLearnerBody:   "Every attempt, exercise status and lesson read of this learner will be erased. Their name and resume code stay, so they can start again in the same browser.",
		ResetWorkshop:      "Reset the whole workshop",
		ResetWorkshopTitle: "Reset the whole workshop?",
		ResetWorkshopBody:  "Every learner leaves the room for an archive, with everything they did (%d {learner|learners}, %d {attempt|attempts}): the archive stays readable and exportable below the dashboard until you erase it. Learners will join again as new.",
		ConfirmCheck:       "I understand that this cannot be undone.",
		ConfirmErase:       "Erase",
		Cancel:             "Cancel",
		ConfirmMissing:     "Tick the box to confirm.",
		ResetLearnerDone:   "The progress of %s was erased.",
		ResetWorkshopDone:  "The workshop was reset: %d {learner|learners} archived.",
		UnknownLearner:     "This learner does not exist (any more).",
		BackToDashboard:    "Back to the dashboard",
	},
	FR: {
		LoginTitle:   "Connexion formateur ou formatrice",
		LoginIntro:   "Saisissez le jeton formateur. Le serveur l’a affiché dans son journal au démarrage, sauf si vous l’avez choisi avec -instructor-token ou PLAYGROUND_INSTRUCTOR_TOKEN.",
		TokenLabel:   "Jeton formateur",
		SignIn:       "Se connecter",
		SignOut:      "Se déconnecter",
		LoginBad:     "Ce n’est pas le jeton formateur. Vérifiez le journal du serveur, puis réessayez.",
		LoginTooMany: "Trop de jetons erronés depuis cette adresse. Patientez une minute, puis réessayez.",

		Title:          "Tableau de bord de l’atelier",
		Summary:        "%d {apprenant|apprenants} · %d {tentative|tentatives}",
		JoinCodeIs:     "Code d’accès\u00a0:",
		NoJoinCode:     "Pas de code d’accès\u00a0: toute personne qui atteint ce serveur peut participer.",
		HideNames:      "Masquer les noms (pour projeter)",
		ShowNames:      "Afficher les noms",
		AnonName:       "Apprenant %d",
		NoName:         "(sans nom)",
		LiveUpdated:    "Mis à jour à %s",
		LivePause:      "Suspendre la mise à jour",
		LiveResume:     "Reprendre la mise à jour",
		LiveStale:      "Le tableau de bord n’a pas pu être mis à jour\u00a0; il réessaiera.",
		LiveSignedOut:  "Votre connexion a expiré\u00a0: reconnectez-vous pour suivre l’atelier en direct.",
		MatrixTitle:    "Progression par apprenant",
		MatrixLegend:   "✓ réussi · ✗ pas encore réussi · ○ indice ouvert, pas encore de tentative · vide\u00a0: pas commencé. Le nombre compte les tentatives\u00a0; +n, les indices utilisés.",
		MatrixEmpty:    "Personne pour l’instant. Les apprenants apparaissent quand ils rejoignent l’atelier ou envoient leur première réponse.",
		LearnerCol:     "Apprenant",
		PassedCol:      "Réussis",
		StatusPassed:   "réussi",
		StatusFailed:   "pas encore réussi",
		StatusStarted:  "indice ouvert",
		CellAttempts:   "tentatives\u00a0: %d",
		CellHints:      "indices\u00a0: %d",
		Percent:        "%d\u00a0%%",
		ExercisesTitle: "Par exercice",
		ExerciseCol:    "Exercice",
		TriedCol:       "Ont essayé",
		PassRateCol:    "Taux de réussite",
		MedianCol:      "Tentatives (médiane)",
		HintsCol:       "Indices",
		ProblemsCol:    "Les erreurs les plus fréquentes de l’atelier",
		ProblemPeople:  "%d {apprenant|apprenants}",
		NoProblems:     "—",
		StuckTitle:     "Qui semble bloqué",
		StuckHelp:      "Au moins %d tentatives échouées sur un même exercice ces %d dernières minutes, sans l’avoir réussi.",
		StuckNone:      "Personne ne semble bloqué pour le moment.",
		StuckRow:       "%d {tentative échouée|tentatives échouées}, la dernière à %s",

		ExportsTitle:       "Exports",
		ExportCSV:          "Progression (CSV)",
		ExportJSONL:        "Toutes les tentatives (JSON Lines)",
		ExportsHelp:        "Un script peut les récupérer avec l’en-tête Authorization: Bearer suivi du jeton formateur.",
		BackupHelp:         "Pour une copie complète de la base pendant que le serveur tourne\u00a0: playground backup FICHIER.",
		DangerTitle:        "Repartir de zéro",
		ResetLearner:       "Réinitialiser",
		AttemptsTitle:      "%s : tentatives",
		AttemptsIntro:      "Toutes les réponses envoyées par cette personne, dans l’ordre d’envoi, avec ce qu’en dit le vérificateur\u00a0; la plus récente est à la fin.",
		AttemptsEmpty:      "Aucune tentative pour l’instant.",
		AttemptsOpen:       "Voir les tentatives de %s",
		AttemptPassed:      "réussie",
		AttemptFailed:      "pas encore",
		AttemptHints:       "%d {indice ouvert|indices ouverts}",
		AttemptAnswer:      "La réponse",
		AttemptCodes:       "Ce qu’en dit le vérificateur",
		AttemptsBack:       "Retour au tableau de bord",
		ResetLearnerFor:    "Réinitialiser %s",
		ResetLearnerTitle:  "Réinitialiser %s\u00a0?",
		ResetLearnerBody:   "Toutes les tentatives, l’état des exercices et les leçons lues de cette personne seront effacés. Son nom et son code de reprise restent\u00a0: elle peut recommencer dans le même navigateur.",
		ResetWorkshop:      "Réinitialiser tout l’atelier",
		ResetWorkshopTitle: "Réinitialiser tout l’atelier\u00a0?",
		ResetWorkshopBody:  "Tous les apprenants quittent la salle pour une archive, avec tout ce qu’ils ont fait (%d {apprenant|apprenants}, %d {tentative|tentatives})\u00a0: l’archive reste lisible et exportable sous le tableau de bord jusqu’à ce que vous l’effaciez. Chacun rejoindra l’atelier comme une nouvelle personne.",
		ConfirmCheck:       "J’ai compris que c’est irréversible.",
		ConfirmErase:       "Effacer",
		Cancel:             "Annuler",
		ConfirmMissing:     "Cochez la case pour confirmer.",
		ResetLearnerDone:   "La progression de %s a été effacée.",
		ResetWorkshopDone:  "L’atelier a été réinitialisé\u00a0: %d {apprenant archivé|apprenants archivés}.",
		UnknownLearner:     "Cette personne n’existe pas (ou plus).",
		BackToDashboard:    "Retour au tableau de bord",
	},
}

// InstructorFor returns the instructor's strings in l.
func InstructorFor(l Lang) *InstructorUI {
	if s, ok := instructorUI[l]; ok {
		return s
	}
	return instructorUI[Default]
}

// WorkshopUI holds what learners read because they are in a workshop:
// joining with the code and a name, and being asked to slow down.
type WorkshopUI struct {
	JoinTitle     string
	JoinIntro     string
	CodeLabel     string
	NameLabel     string
	NameHelp      string
	JoinSubmit    string
	BadCode       string
	NameEmpty     string
	NameTaken     string // "%s" is the name
	NameInvisible string
	TooManyCodes  string
	JoinFirst     string
	ResumeTitle   string
	ResumeHelp    string
	SlowDownTitle string
	SlowAttempts  string // "%d" is seconds
	SlowConsole   string // "%d" is seconds
	SlowChecks    string // "%d" is seconds
	BusyHeavy     string // "%d" is seconds: the server's heavy requests are all taken
	BusyMine      string // "%d" is seconds: the learner's are
	WasReset      string // the join page after the instructor reset the workshop
}

var workshopUI = map[Lang]*WorkshopUI{
	EN: {
		JoinTitle:     "Join the workshop",
		JoinIntro:     "Enter the join code your instructor gave you, and the name you want the instructor to see.",
		CodeLabel:     "Join code",
		NameLabel:     "Your name",
		NameHelp:      "Up to 40 characters. Only the instructor sees it; a first name is enough.",
		JoinSubmit:    "Join",
		BadCode:       "This is not the join code. Check it with your instructor.",
		NameEmpty:     "Choose a name to show: it cannot be empty.",
		NameTaken:     "Someone in the workshop already goes by “%s”. Add an initial, or choose another name.",
		NameInvisible: "This name holds only characters that cannot be shown. Choose one with letters or digits.",
		TooManyCodes:  "Too many wrong codes from this address. Wait a minute, then try again.",
		JoinFirst:     "Join the workshop first: open the course page to enter the join code and your name.",
		ResumeTitle:   "Joined already, on another device?",
		ResumeHelp:    "Enter your resume code (your progress page shows it) to continue here.",
		SlowDownTitle: "A little slower, please",
		SlowAttempts:  "You are sending answers faster than anyone can read the feedback. Take a moment to read it, then try again in %d s.",
		SlowConsole:   "The console is sending messages faster than the server takes them. Try again in %d s.",
		SlowChecks:    "You have started many checks of your server in a row. Try again in %d s.",
		BusyHeavy:     "The server is explaining logs and checking servers for many people at once. Nothing was lost: try again in %d s.",
		BusyMine:      "A log of yours is still being explained, or your server checked. Let it finish, then try again in %d s.",
		WasReset:      "Your instructor has reset the workshop for a new group, so the work done in this browser is gone. Join again with the code to start afresh.",
	},
	FR: {
		JoinTitle:     "Rejoindre l’atelier",
		JoinIntro:     "Saisissez le code d’accès donné par votre formateur ou formatrice, et le nom que vous voulez lui montrer.",
		CodeLabel:     "Code d’accès",
		NameLabel:     "Votre nom",
		NameHelp:      "40 caractères au plus. Seul votre formateur ou votre formatrice le voit\u00a0; un prénom suffit.",
		JoinSubmit:    "Rejoindre",
		BadCode:       "Ce n’est pas le code d’accès. Vérifiez-le auprès de votre formateur ou formatrice.",
		NameEmpty:     "Choisissez un nom à afficher\u00a0: il ne peut pas être vide.",
		NameTaken:     "Quelqu’un dans l’atelier utilise déjà «\u00a0%s\u00a0». Ajoutez une initiale, ou choisissez un autre nom.",
		NameInvisible: "Ce nom ne contient que des caractères qui ne s’affichent pas. Choisissez-en un avec des lettres ou des chiffres.",
		TooManyCodes:  "Trop de codes erronés depuis cette adresse. Patientez une minute, puis réessayez.",
		JoinFirst:     "Rejoignez d’abord l’atelier\u00a0: ouvrez la page du cours pour saisir le code d’accès et votre nom.",
		ResumeTitle:   "Déjà dans l’atelier, sur un autre appareil\u00a0?",
		ResumeHelp:    "Saisissez votre code de reprise (affiché sur votre page de progression) pour continuer ici.",
		SlowDownTitle: "Un peu plus lentement, s’il vous plaît",
		SlowAttempts:  "Vous envoyez des réponses plus vite qu’on ne peut lire les retours. Prenez le temps de les lire, puis réessayez dans %d s.",
		SlowConsole:   "La console envoie des messages plus vite que le serveur ne les accepte. Réessayez dans %d s.",
		SlowChecks:    "Vous avez lancé beaucoup de vérifications de votre serveur d’affilée. Réessayez dans %d s.",
		BusyHeavy:     "Le serveur explique des journaux et vérifie des serveurs pour beaucoup de monde en même temps. Rien n’est perdu\u00a0: réessayez dans %d s.",
		BusyMine:      "Un de vos journaux est encore en cours d’explication, ou votre serveur en cours de vérification. Attendez la fin, puis réessayez dans %d s.",
		WasReset:      "Votre formateur ou formatrice a réinitialisé l’atelier pour un nouveau groupe : le travail fait dans ce navigateur a été effacé. Rejoignez l’atelier avec le code pour repartir de zéro.",
	},
}

// WorkshopFor returns the learner-facing workshop strings in l.
func WorkshopFor(l Lang) *WorkshopUI {
	if s, ok := workshopUI[l]; ok {
		return s
	}
	return workshopUI[Default]
}
