package i18n

// LTIUI is the wording of the pages an LMS launch shows (LTI 1.3).
type LTIUI struct {
	Title          string
	Continue       string
	Blocked        string
	NewWindow      string
	PickerTitle    string
	PickerIntro    string
	PickerSubmit   string
	KindLesson     string
	KindExercise   string
	KindAssignment string
	Returning      string
	ReturnSubmit   string
	FilterCourse   string
	Workshop       string
	PlatformsTitle string
	PlatformsIntro string
	PlatformsNone  string
	ToolURLsTitle  string
	URLTool        string
	URLLogin       string
	URLLaunch      string
	URLJWKS        string
	DynamicTitle   string
	DynamicHelp    string
	AddTitle       string
	FieldIssuer    string
	FieldClientID  string
	FieldDeploy    string
	FieldAuthURL   string
	FieldTokenURL  string
	FieldJWKSURL   string
	AddSubmit      string
	Remove         string
	KeysTitle      string
	KeysHelp       string
	Rotate         string
	Saved          string
	Removed        string
	Rotated        string
	Registered     string
	Guide          string
}

var ltiUI = map[Lang]*LTIUI{
	EN: {
		Title:          "Opening the playground",
		Continue:       "Continue",
		Blocked:        "Your browser does not keep the playground’s cookies inside the course page, so it cannot sign you in here.",
		NewWindow:      "Open in a new window",
		PickerTitle:    "Add activities to your course",
		PickerIntro:    "Choose the lessons, exercises and assignments to add. Exercises and assignments get a gradebook column in your LMS.",
		PickerSubmit:   "Add to the course",
		KindLesson:     "Lesson",
		KindExercise:   "Exercise",
		KindAssignment: "Assignment",
		Returning:      "Sending your choice back to the course…",
		ReturnSubmit:   "Send to the course",
		FilterCourse:   "Room",
		Workshop:       "The workshop (join code)",
		PlatformsTitle: "LMS platforms (LTI 1.3)",
		PlatformsIntro: "The learning platforms (Moodle, Canvas…) whose courses open the playground. Register one with the values the LMS gives, then paste the tool’s URLs into it.",
		PlatformsNone:  "No platform is registered yet.",
		ToolURLsTitle:  "The tool’s URLs, to paste into the LMS",
		URLTool:        "Tool URL (target link URI)",
		URLLogin:       "Initiate login URL",
		URLLaunch:      "Redirection URI and deep linking URL",
		URLJWKS:        "Public keyset URL",
		DynamicTitle:   "Dynamic registration",
		DynamicHelp:    "Where the LMS offers LTI Dynamic Registration (Moodle does), paste this URL there instead: it registers the playground in one step. It works for seven days.",
		AddTitle:       "Register a platform",
		FieldIssuer:    "Issuer (platform id)",
		FieldClientID:  "Client id",
		FieldDeploy:    "Deployment ids (comma-separated)",
		FieldAuthURL:   "Authentication request URL",
		FieldTokenURL:  "Access token URL",
		FieldJWKSURL:   "Public keyset URL",
		AddSubmit:      "Register",
		Remove:         "Remove",
		KeysTitle:      "The tool’s signing keys",
		KeysHelp:       "The newest key signs; the one before stays published so that what it signed still verifies.",
		Rotate:         "Make a new key",
		Saved:          "Platform registered.",
		Removed:        "Platform removed; its learners keep their progress in the workshop.",
		Rotated:        "New signing key made.",
		Registered:     "The playground is registered with the platform. You may close this window.",
		Guide:          "The guide: adding the playground to Moodle or Canvas",
	},
	FR: {
		Title:          "Ouverture de MCP Playground",
		Continue:       "Continuer",
		Blocked:        "Votre navigateur ne garde pas les cookies de MCP Playground dans la page du cours\u00a0: il ne peut pas vous connecter ici.",
		NewWindow:      "Ouvrir dans une nouvelle fenêtre",
		PickerTitle:    "Ajouter des activités à votre cours",
		PickerIntro:    "Choisissez les leçons, exercices et devoirs à ajouter. Les exercices et les devoirs ont une colonne dans le carnet de notes de votre plateforme.",
		PickerSubmit:   "Ajouter au cours",
		KindLesson:     "Leçon",
		KindExercise:   "Exercice",
		KindAssignment: "Devoir",
		Returning:      "Envoi de votre choix au cours…",
		ReturnSubmit:   "Envoyer au cours",
		FilterCourse:   "Groupe",
		Workshop:       "L’atelier (code d’accès)",
		PlatformsTitle: "Plateformes d’apprentissage (LTI 1.3)",
		PlatformsIntro: "Les plateformes (Moodle, Canvas…) dont les cours ouvrent MCP Playground. Enregistrez-en une avec les valeurs qu’elle vous donne, puis collez-y les adresses de l’outil.",
		PlatformsNone:  "Aucune plateforme n’est enregistrée.",
		ToolURLsTitle:  "Les adresses de l’outil, à coller dans la plateforme",
		URLTool:        "Adresse de l’outil (target link URI)",
		URLLogin:       "Adresse d’initiation de la connexion",
		URLLaunch:      "Adresse de redirection et de liaison profonde",
		URLJWKS:        "Adresse du jeu de clés publiques",
		DynamicTitle:   "Enregistrement dynamique",
		DynamicHelp:    "Si la plateforme propose l’enregistrement dynamique LTI (c’est le cas de Moodle), collez-y plutôt cette adresse\u00a0: elle enregistre MCP Playground en une étape. Elle reste valable sept jours.",
		AddTitle:       "Enregistrer une plateforme",
		FieldIssuer:    "Émetteur (identifiant de la plateforme)",
		FieldClientID:  "Identifiant client",
		FieldDeploy:    "Identifiants de déploiement (séparés par des virgules)",
		FieldAuthURL:   "Adresse de demande d’authentification",
		FieldTokenURL:  "Adresse du jeton d’accès",
		FieldJWKSURL:   "Adresse du jeu de clés publiques",
		AddSubmit:      "Enregistrer",
		Remove:         "Retirer",
		KeysTitle:      "Les clés de signature de l’outil",
		KeysHelp:       "La clé la plus récente signe\u00a0; la précédente reste publiée, pour que ce qu’elle a signé se vérifie encore.",
		Rotate:         "Créer une nouvelle clé",
		Saved:          "Plateforme enregistrée.",
		Removed:        "Plateforme retirée\u00a0; ses apprenants gardent leur progression dans l’atelier.",
		Rotated:        "Nouvelle clé de signature créée.",
		Registered:     "MCP Playground est enregistré auprès de la plateforme. Vous pouvez fermer cette fenêtre.",
		Guide:          "Le guide (en anglais)\u00a0: ajouter MCP Playground à Moodle ou Canvas",
	},
}

// LTIFor returns the LTI pages' wording in l.
func LTIFor(l Lang) *LTIUI {
	if s, ok := ltiUI[l]; ok {
		return s
	}
	return ltiUI[Default]
}
