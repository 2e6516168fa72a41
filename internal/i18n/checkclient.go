package i18n

// CheckClientUI are the words of the check-client page, where a learner
// points their own MCP client at a personal URL and watches the steps.
type CheckClientUI struct {
	Title       string
	Intro       string
	NoExercise  string
	Choose      string
	GetURL      string
	NewURL      string
	URLLabel    string
	URLHelp     string
	Command     string
	StepsTitle  string
	Waiting     string
	Running     string
	Passed      string
	Failed      string
	Refresh     string
	Rule        string
	Problems    string
	LookAt      string
	ClientSent  string
	StatusLabel map[string]string
	Busy        string
}

var checkClientUI = map[Lang]*CheckClientUI{
	EN: {
		Title:       "Check my client",
		Intro:       "The playground plays the gift server to the MCP client you wrote: point your client at your personal URL, run it, and each step ticks as your client's messages arrive, with the same verdicts as playground check-client.",
		NoExercise:  "The course has no client exercise.",
		Choose:      "Pick a client exercise:",
		GetURL:      "Get my personal URL",
		NewURL:      "Get a new URL",
		URLLabel:    "Your personal URL",
		URLHelp:     "Only your client's session at this URL is judged for you; keep it to yourself. A new initialize starts the check again.",
		Command:     "Or run the check on your machine:",
		StepsTitle:  "The steps",
		Waiting:     "Waiting for your client's first message…",
		Running:     "Your client is being checked…",
		Passed:      "Every step passed.",
		Failed:      "A step failed: read what it says, fix your client, and run it again.",
		Refresh:     "Refresh the steps",
		Rule:        "Rule:",
		Problems:    "What went wrong:",
		LookAt:      "Look at:",
		ClientSent:  "What your client sent:",
		StatusLabel: map[string]string{"passed": "passed", "failed": "failed", "skipped": "skipped", "pending": "waiting"},
		Busy:        "Too many clients are being checked right now; try again in a minute.",
	},
	FR: {
		Title:       "Vérifier mon client",
		Intro:       "Le playground joue le serveur de cadeaux face au client MCP que vous avez écrit\u00a0: dirigez votre client vers votre URL personnelle, lancez-le, et chaque étape se coche à mesure que ses messages arrivent, avec les mêmes verdicts que playground check-client.",
		NoExercise:  "Le cours n’a pas d’exercice client.",
		Choose:      "Choisissez un exercice client\u00a0:",
		GetURL:      "Obtenir mon URL personnelle",
		NewURL:      "Obtenir une nouvelle URL",
		URLLabel:    "Votre URL personnelle",
		URLHelp:     "Seule la session de votre client à cette URL est jugée pour vous\u00a0; gardez-la pour vous. Un nouvel initialize relance la vérification.",
		Command:     "Ou lancez la vérification sur votre machine\u00a0:",
		StepsTitle:  "Les étapes",
		Waiting:     "En attente du premier message de votre client…",
		Running:     "Votre client est en cours de vérification…",
		Passed:      "Toutes les étapes ont réussi.",
		Failed:      "Une étape a échoué\u00a0: lisez ce qu’elle dit, corrigez votre client, et relancez-le.",
		Refresh:     "Actualiser les étapes",
		Rule:        "Règle\u00a0:",
		Problems:    "Ce qui n’a pas été\u00a0:",
		LookAt:      "À regarder\u00a0:",
		ClientSent:  "Ce que votre client a envoyé\u00a0:",
		StatusLabel: map[string]string{"passed": "réussie", "failed": "échouée", "skipped": "sautée", "pending": "en attente"},
		Busy:        "Trop de clients sont vérifiés en ce moment\u00a0; réessayez dans une minute.",
	},
}

// CheckClientFor returns the check-client page's words in l.
func CheckClientFor(l Lang) *CheckClientUI {
	if t, ok := checkClientUI[l]; ok {
		return t
	}
	return checkClientUI[Default]
}
