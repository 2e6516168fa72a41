package i18n

// UI holds the strings of the page frame, the course and the lessons.
type UI struct {
	SiteName       string
	Tagline        string
	SkipToContent  string
	NavCourse      string
	NavExercises   string
	NavConsole     string
	NavProgress    string
	NavExplain     string
	NavCheckServer string
	NavMenu        string // the phone header's menu of the destinations above
	// The home page's way to the tools beyond the lessons.
	HomeToolsTitle   string
	HomeToolsConsole string
	HomeToolsExplain string
	HomeToolsCheck   string
	SwitchLanguage   string // accessible label of the language switch
	ThemeToggle      string
	ThemeLight       string
	ThemeDark        string
	ThemeSystem      string
	Footer           string

	CourseTitle   string
	CourseIntro   string // "%d short lessons…": the number comes from the content
	CourseIntro1  string // the same for a course of one lesson
	LessonN       string // "Lesson %d"
	Objectives    string
	OnThisPage    string
	Previous      string
	Next          string
	KeyboardHint  string
	ProtocolLabel string
	BackToCourse  string
	PractiseTitle string
	PractiseLink  string // "%d exercises for this lesson"
	StatusNew     string
	StatusRead    string
	ExercisesDone string // "%d of %d exercises passed"

	NotFoundTitle string
	NotFoundBody  string
	ErrorTitle    string
	ErrorBody     string

	// ErrNotForm answers a POST to a page that is not a form (415).
	ErrNotForm string
	// ErrFormCut answers a form whose body was cut short or never
	// finished (400).
	ErrFormCut string
	// ErrNotFirstParty answers a request that would create a learner but
	// does not come from one of the playground's pages (403);
	// ErrTooManyLearners, one address creating learners too fast (429).
	ErrNotFirstParty   string
	ErrTooManyLearners string
	FooterRules        string // the footer's link to every rule of the checker
}

var ui = map[Lang]*UI{
	EN: {
		SiteName:           "MCP Playground",
		Tagline:            "Learn how the Model Context Protocol talks, one message at a time.",
		FooterRules:        "Every rule of the checker",
		SkipToContent:      "Skip to content",
		NavCourse:          "Course",
		NavExercises:       "Exercises",
		NavConsole:         "Console",
		NavProgress:        "Progress",
		NavExplain:         "Explain a log",
		NavCheckServer:     "Check my server",
		NavMenu:            "Menu",
		HomeToolsTitle:     "Beyond the lessons",
		HomeToolsConsole:   "Talk to the gift server yourself, message by message.",
		HomeToolsExplain:   "Paste the log of a real MCP client and read the conversation, explained.",
		HomeToolsCheck:     "Run the server exercises against the MCP server you wrote.",
		SwitchLanguage:     "Lire en français",
		ThemeToggle:        "Switch between light and dark theme",
		ThemeLight:         "Light",
		ThemeDark:          "Dark",
		ThemeSystem:        "System",
		Footer:             "MCP Playground teaches MCP revision 2025-11-25. Works offline.",
		ErrNotForm:         "This page takes a form, sent by its own buttons. To send JSON, use the API under /api.",
		ErrFormCut:         "The form did not arrive whole: the connection was cut or too slow. Nothing was saved; send it again.",
		ErrNotFirstParty:   "Open the playground’s page in your browser first: your progress is kept for the browser that works on it.",
		ErrTooManyLearners: "Too many new learners from this address at once. Wait a moment, then try again.",

		CourseTitle:   "The course",
		CourseIntro:   "%d short lessons take you through how MCP talks, one message at a time. Each one ends with a question to check yourself, and the exercises let you practise what you read.",
		CourseIntro1:  "One short lesson takes you through how MCP talks, one message at a time. It ends with a question to check yourself, and the exercises let you practise what you read.",
		LessonN:       "Lesson %d",
		Objectives:    "You will learn to",
		OnThisPage:    "On this page",
		Previous:      "Previous",
		Next:          "Next",
		KeyboardHint:  "Tip: Page Up and Page Down move between lessons.",
		ProtocolLabel: "MCP revision",
		BackToCourse:  "Back to the course",
		PractiseTitle: "Practise what you just read",
		PractiseLink:  "%d exercises for this lesson",
		StatusNew:     "Not read yet",
		StatusRead:    "Read",
		ExercisesDone: "%d of %d exercises passed",

		NotFoundTitle: "Page not found",
		NotFoundBody:  "There is nothing at this address. The course page lists every lesson.",
		ErrorTitle:    "Something went wrong",
		ErrorBody:     "The server could not answer this request. Try again in a moment; your progress is safe.",
	},
	FR: {
		SiteName:           "MCP Playground",
		Tagline:            "Apprenez comment parle le Model Context Protocol, un message après l’autre.",
		FooterRules:        "Toutes les règles du vérificateur",
		SkipToContent:      "Aller au contenu",
		NavCourse:          "Cours",
		NavExercises:       "Exercices",
		NavConsole:         "Console",
		NavProgress:        "Progression",
		NavExplain:         "Expliquer un journal",
		NavCheckServer:     "Vérifier mon serveur",
		NavMenu:            "Menu",
		HomeToolsTitle:     "Au-delà des leçons",
		HomeToolsConsole:   "Dialoguez vous-même avec le serveur de cadeaux, message par message.",
		HomeToolsExplain:   "Collez le journal d’un vrai client MCP et lisez la conversation, expliquée.",
		HomeToolsCheck:     "Lancez les exercices serveur sur le serveur MCP que vous avez écrit.",
		SwitchLanguage:     "Read in English",
		ThemeToggle:        "Basculer entre thème clair et thème sombre",
		ThemeLight:         "Clair",
		ThemeDark:          "Sombre",
		ThemeSystem:        "Système",
		Footer:             "MCP Playground enseigne la révision 2025-11-25 de MCP. Fonctionne hors ligne.",
		ErrNotForm:         "Cette page attend un formulaire, envoyé par ses propres boutons. Pour envoyer du JSON, utilisez l’API sous /api.",
		ErrFormCut:         "Le formulaire n’est pas arrivé en entier : la connexion a été coupée ou trop lente. Rien n’a été enregistré ; envoyez-le de nouveau.",
		ErrNotFirstParty:   "Ouvrez d’abord la page de MCP Playground dans votre navigateur : votre progression est gardée pour le navigateur qui travaille dessus.",
		ErrTooManyLearners: "Trop de nouveaux apprenants depuis cette adresse à la fois. Patientez un instant, puis réessayez.",

		CourseTitle:   "Le cours",
		CourseIntro:   "%d leçons courtes vous font découvrir, message après message, comment MCP communique. Chacune se termine par une question pour vérifier ce que vous avez compris, et les exercices vous permettent de pratiquer.",
		CourseIntro1:  "Une leçon courte vous fait découvrir, message après message, comment MCP communique. Elle se termine par une question pour vérifier ce que vous avez compris, et les exercices vous permettent de pratiquer.",
		LessonN:       "Leçon %d",
		Objectives:    "Vous apprendrez à",
		OnThisPage:    "Sur cette page",
		Previous:      "Précédente",
		Next:          "Suivante",
		KeyboardHint:  "Astuce : les touches Page précédente et Page suivante passent d’une leçon à l’autre.",
		ProtocolLabel: "Révision MCP",
		BackToCourse:  "Retour au cours",
		PractiseTitle: "Mettez en pratique ce que vous venez de lire",
		PractiseLink:  "%d exercices pour cette leçon",
		StatusNew:     "Pas encore lue",
		StatusRead:    "Lue",
		ExercisesDone: "%d exercices réussis sur %d",

		NotFoundTitle: "Page introuvable",
		NotFoundBody:  "Il n’y a rien à cette adresse. La page du cours liste toutes les leçons.",
		ErrorTitle:    "Un problème est survenu",
		ErrorBody:     "Le serveur n’a pas pu répondre. Réessayez dans un instant : votre progression est en sécurité.",
	},
}

// UIFor returns the frame and course strings in l (English if l is unknown).
func UIFor(l Lang) *UI {
	if s, ok := ui[l]; ok {
		return s
	}
	return ui[Default]
}
