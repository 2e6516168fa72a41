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
	},
}

// LTIFor returns the LTI pages' wording in l.
func LTIFor(l Lang) *LTIUI {
	if s, ok := ltiUI[l]; ok {
		return s
	}
	return ltiUI[Default]
}
