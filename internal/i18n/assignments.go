package i18n

// AssignmentUI holds the texts of assignments: the instructor's page that
// creates them and their extensions, the dashboard's filter, and what a
// learner sees of what is due.
type AssignmentUI struct {
	Title           string // the page
	Link            string // from the dashboard
	Intro           string
	None            string
	ListCaption     string
	IDLabel         string
	IDHelp          string
	TitleLabel      string
	DueLabel        string
	DueHelp         string // "%s": the server's time zone
	ExercisesLabel  string
	Save            string
	Saved           string // "Assignment %s saved."
	Deleted         string // "Assignment %s deleted."
	Delete          string
	DeleteFor       string // accessible label: "Delete %s"
	Edit            string
	ExercisesCount  string // "%d {exercise|exercises}"
	ExtensionsTitle string
	ExtensionHelp   string
	ExtensionFor    string // "%s: due %s"
	ExtensionSaved  string
	LearnerLabel    string
	AssignmentLabel string
	ExtensionDue    string
	ExtensionSave   string
	Bad             string // "The assignment was not saved: %s"
	BadExtension    string // "The extension was not saved: %s"
	UnknownExercise string // "there is no exercise %q in the course"
	BadDue          string
	NoExercise      string
	NoLearner       string
	FilterHelp      string // the dashboard's filter
	DuesTitle       string // the learner's list
	DueOn           string // "due %s"
	DueExtended     string // "(your extension)"
	DuePassed       string // "%d of %d passed"
	DueLate         string // "past due: attempts now are kept and marked late"
}

var assignmentUI = map[Lang]*AssignmentUI{
	EN: {
		Title:           "Assignments",
		Link:            "Assignments",
		Intro:           "An assignment groups exercises under a due time. Attempts sent after a learner’s due time are kept and marked late; the gradebook of an assignment counts only passes on time.",
		None:            "No assignment yet.",
		ListCaption:     "Assignments, the soonest due first",
		IDLabel:         "Id",
		IDHelp:          "Lower-case letters, digits and dashes, as in week-1: it goes into the gradebook’s and the exports’ links. Saving an existing id replaces that assignment (its extensions are kept).",
		TitleLabel:      "Title",
		DueLabel:        "Due",
		DueHelp:         "In the server’s time zone (%s).",
		ExercisesLabel:  "Exercises",
		Save:            "Save the assignment",
		Saved:           "Assignment %s saved.",
		Deleted:         "Assignment %s deleted; the attempts keep their late marks.",
		Delete:          "Delete",
		DeleteFor:       "Delete %s",
		Edit:            "Edit",
		ExercisesCount:  "%d {exercise|exercises}",
		ExtensionsTitle: "Extensions",
		ExtensionHelp:   "A learner’s own due time for one assignment. Leave the due time empty to remove the extension.",
		ExtensionFor:    "%s: due %s",
		ExtensionSaved:  "Extension saved.",
		LearnerLabel:    "Learner",
		AssignmentLabel: "Assignment",
		ExtensionDue:    "Their due time",
		ExtensionSave:   "Save the extension",
		Bad:             "The assignment was not saved: %s",
		BadExtension:    "The extension was not saved: %s",
		UnknownExercise: "there is no exercise %q in the course",
		BadDue:          "the due time must look like 2026-12-09T23:59, within a year before today and five years after",
		NoExercise:      "choose at least one exercise",
		NoLearner:       "choose a learner of the room",
		FilterHelp:      "Show only an assignment’s exercises",
		DuesTitle:       "What is due",
		DueOn:           "due %s",
		DueExtended:     "(your extension)",
		DuePassed:       "%d of %d passed",
		DueLate:         "Past due: you can still answer, and your attempts are marked late.",
	},
	FR: {
		Title:           "Devoirs",
		Link:            "Devoirs",
		Intro:           "Un devoir regroupe des exercices sous une échéance. Les tentatives envoyées après l’échéance d’un apprenant sont gardées et marquées en retard\u00a0; le carnet de notes d’un devoir ne compte que les réussites à temps.",
		None:            "Aucun devoir pour l’instant.",
		ListCaption:     "Les devoirs, le plus proche en premier",
		IDLabel:         "Identifiant",
		IDHelp:          "Des lettres minuscules, des chiffres et des tirets, comme semaine-1\u00a0: il figure dans les liens du carnet de notes et des exports. Enregistrer un identifiant existant remplace ce devoir (ses prolongations sont gardées).",
		TitleLabel:      "Titre",
		DueLabel:        "Échéance",
		DueHelp:         "Dans le fuseau horaire du serveur (%s).",
		ExercisesLabel:  "Exercices",
		Save:            "Enregistrer le devoir",
		Saved:           "Devoir %s enregistré.",
		Deleted:         "Devoir %s supprimé\u00a0; les tentatives gardent leur marque de retard.",
		Delete:          "Supprimer",
		DeleteFor:       "Supprimer %s",
		Edit:            "Modifier",
		ExercisesCount:  "%d {exercice|exercices}",
		ExtensionsTitle: "Prolongations",
		ExtensionHelp:   "L’échéance propre à un apprenant pour un devoir. Laissez l’échéance vide pour retirer la prolongation.",
		ExtensionFor:    "%s\u00a0: échéance le %s",
		ExtensionSaved:  "Prolongation enregistrée.",
		LearnerLabel:    "Apprenant",
		AssignmentLabel: "Devoir",
		ExtensionDue:    "Son échéance",
		ExtensionSave:   "Enregistrer la prolongation",
		Bad:             "Le devoir n’a pas été enregistré\u00a0: %s",
		BadExtension:    "La prolongation n’a pas été enregistrée\u00a0: %s",
		UnknownExercise: "le cours n’a pas d’exercice %q",
		BadDue:          "l’échéance s’écrit comme 2026-12-09T23:59, au plus un an avant aujourd’hui et cinq ans après",
		NoExercise:      "choisissez au moins un exercice",
		NoLearner:       "choisissez un apprenant de la salle",
		FilterHelp:      "N’afficher que les exercices d’un devoir",
		DuesTitle:       "À rendre",
		DueOn:           "à rendre le %s",
		DueExtended:     "(votre prolongation)",
		DuePassed:       "réussis\u00a0: %d sur %d",
		DueLate:         "Échéance passée\u00a0: vous pouvez encore répondre, et vos tentatives sont marquées en retard.",
	},
}

// AssignmentsFor returns the assignments' texts in l.
func AssignmentsFor(l Lang) *AssignmentUI {
	if s, ok := assignmentUI[l]; ok {
		return s
	}
	return assignmentUI[Default]
}
