package i18n

// UniversityUI holds the texts of the pages a course graded by a
// university needs: the gradebook, the roster, assignments, archived rooms
// and changed exercises.
type UniversityUI struct {
	GradebookTitle    string
	GradebookLink     string
	GradebookIntro    string
	GradebookCSV      string
	GradebookEmpty    string
	GradebookPage     string // "Learners %d to %d of %d"
	GradebookPrev     string
	GradebookNext     string
	FilterLesson      string
	FilterAssignment  string
	FilterAll         string
	FilterApply       string
	PassedCol         string
	PercentCol        string
	LateMark          string // a pass after the due time
	CellPassed        string // accessible label of a 1
	CellNotPassed     string
	CellLate          string
	ArchiveOf         string // "Archived room %d (%s)"
	RosterTitle       string
	RosterHelp        string
	RosterFile        string
	RosterUpload      string
	RosterDone        string // "%d {student|students} added, %d updated"
	RosterBad         string // "The roster was not imported: %s"
	RosterStudents    string // table caption
	RosterCode        string // column: personal code
	RosterLink        string // column: personal link
	RosterStudentID   string
	RosterJoined      string // "joined" / "not yet"
	RosterNotJoined   string
	RosterReissue     string // button: a new personal code for a student
	RosterReissued    string // "%s has a new personal code…"
	PersonalJoinTitle string
	PersonalJoinIntro string // "%s: this is your personal link…"
	PersonalJoinGo    string
	NameFromRoster    string // a roster student cannot change their name
	ExerciseChanged   string // "%s changed after %d attempts…"
	ArchivesTitle     string
	ArchiveSummary    string // "%d learners, %d attempts"
	ArchiveGradebook  string
	EraseArchive      string
	EraseArchiveTitle string // "Erase archived room %d?"
	EraseArchiveBody  string
	EraseArchiveDone  string // "%d learners erased"
	UnknownArchive    string
}

var universityUI = map[Lang]*UniversityUI{
	EN: {
		GradebookTitle:    "Gradebook",
		GradebookLink:     "Gradebook",
		GradebookIntro:    "One row per learner of the room, those who never answered included; 1 is an exercise passed, 0 one not passed (for an assignment: passed by the learner’s due time).",
		GradebookCSV:      "Download as CSV",
		GradebookEmpty:    "Nobody in this room yet.",
		GradebookPage:     "Learners %d to %d of %d (the CSV has them all).",
		GradebookPrev:     "Previous learners",
		GradebookNext:     "Next learners",
		FilterLesson:      "Lesson",
		FilterAssignment:  "Assignment",
		FilterAll:         "All",
		FilterApply:       "Show",
		PassedCol:         "Passed",
		PercentCol:        "Percent",
		LateMark:          "late",
		CellPassed:        "passed",
		CellNotPassed:     "not passed",
		CellLate:          "passed after the due time",
		ArchiveOf:         "Archived room %d (%s)",
		RosterTitle:       "Roster",
		RosterHelp:        "A CSV file with the columns student_id,name and, if you like, email (a header line is optional). Each student gets a personal code and link to join with: their name comes from the roster, and the gradebook gives their student id.",
		RosterFile:        "Roster file (CSV)",
		RosterUpload:      "Import the roster",
		RosterDone:        "Roster imported: %d {student|students} added, %d updated.",
		RosterBad:         "The roster was not imported: %s",
		RosterStudents:    "Students of the roster",
		RosterCode:        "Personal code",
		RosterLink:        "Personal link",
		RosterStudentID:   "Student id",
		RosterJoined:      "joined",
		RosterNotJoined:   "not yet",
		RosterReissue:     "New code",
		RosterReissued:    "%s has a new personal code and link: the old ones no longer work, and the browsers that came in with them are signed out.",
		PersonalJoinTitle: "Your personal link",
		PersonalJoinIntro: "This link is yours: it opens the course as %s. If this is not your name, ask your instructor for your own link.",
		PersonalJoinGo:    "Start",
		NameFromRoster:    "Your name comes from your instructor’s roster: ask them to change it.",
		ExerciseChanged:   "%s changed after %d {attempt was|attempts were} graded: run playground regrade to grade {it|them} again with today’s checks.",
		ArchivesTitle:     "Archived rooms",
		ArchiveSummary:    "%d {learner|learners}, %d {attempt|attempts}",
		ArchiveGradebook:  "Gradebook",
		EraseArchive:      "Erase",
		EraseArchiveTitle: "Erase archived room %d?",
		EraseArchiveBody:  "Its learners will be erased for good, with everything they did. Export the room first if you want to keep a record.",
		EraseArchiveDone:  "The archived room was erased: %d {learner|learners}.",
		UnknownArchive:    "This archived room does not exist (any more).",
	},
	FR: {
		GradebookTitle:    "Carnet de notes",
		GradebookLink:     "Carnet de notes",
		GradebookIntro:    "Une ligne par apprenant de la salle, y compris ceux qui n’ont rien envoyé\u00a0; 1 pour un exercice réussi, 0 pour un exercice non réussi (pour un devoir\u00a0: réussi avant l’échéance de l’apprenant).",
		GradebookCSV:      "Télécharger en CSV",
		GradebookEmpty:    "Personne dans cette salle pour l’instant.",
		GradebookPage:     "Apprenants %d à %d sur %d (le CSV les a tous).",
		GradebookPrev:     "Apprenants précédents",
		GradebookNext:     "Apprenants suivants",
		FilterLesson:      "Leçon",
		FilterAssignment:  "Devoir",
		FilterAll:         "Tous",
		FilterApply:       "Afficher",
		PassedCol:         "Réussis",
		PercentCol:        "Pourcentage",
		LateMark:          "en retard",
		CellPassed:        "réussi",
		CellNotPassed:     "non réussi",
		CellLate:          "réussi après l’échéance",
		ArchiveOf:         "Salle archivée n°\u00a0%d (%s)",
		RosterTitle:       "Liste des étudiants",
		RosterHelp:        "Un fichier CSV avec les colonnes student_id,name et, si vous voulez, email (la ligne d’en-tête est facultative). Chaque étudiant reçoit un code et un lien personnels pour rejoindre le cours\u00a0: son nom vient de la liste, et le carnet de notes donne son numéro d’étudiant.",
		RosterFile:        "Fichier de la liste (CSV)",
		RosterUpload:      "Importer la liste",
		RosterDone:        "Liste importée\u00a0: %d {étudiant ajouté|étudiants ajoutés}, %d {mis à jour|mis à jour}.",
		RosterBad:         "La liste n’a pas été importée\u00a0: %s",
		RosterStudents:    "Étudiants de la liste",
		RosterCode:        "Code personnel",
		RosterLink:        "Lien personnel",
		RosterStudentID:   "Numéro d’étudiant",
		RosterJoined:      "a rejoint",
		RosterNotJoined:   "pas encore",
		RosterReissue:     "Nouveau code",
		RosterReissued:    "%s a un nouveau code personnel et un nouveau lien : les anciens ne fonctionnent plus, et les navigateurs entrés avec eux sont déconnectés.",
		PersonalJoinTitle: "Votre lien personnel",
		PersonalJoinIntro: "Ce lien est le vôtre\u00a0: il ouvre le cours au nom de %s. Si ce n’est pas votre nom, demandez votre propre lien à votre formateur ou formatrice.",
		PersonalJoinGo:    "Commencer",
		NameFromRoster:    "Votre nom vient de la liste de votre formateur ou formatrice\u00a0: demandez-lui de le corriger.",
		ExerciseChanged:   "%s a changé après la correction de %d {tentative|tentatives}\u00a0: lancez playground regrade pour {la|les} corriger de nouveau avec les vérifications d’aujourd’hui.",
		ArchivesTitle:     "Salles archivées",
		ArchiveSummary:    "%d {apprenant|apprenants}, %d {tentative|tentatives}",
		ArchiveGradebook:  "Carnet de notes",
		EraseArchive:      "Effacer",
		EraseArchiveTitle: "Effacer la salle archivée n°\u00a0%d\u00a0?",
		EraseArchiveBody:  "Ses apprenants seront effacés pour de bon, avec tout ce qu’ils ont fait. Exportez d’abord la salle si vous voulez en garder une trace.",
		EraseArchiveDone:  "La salle archivée a été effacée\u00a0: %d {apprenant|apprenants}.",
		UnknownArchive:    "Cette salle archivée n’existe pas (ou plus).",
	},
}

// UniversityFor returns the university texts in l.
func UniversityFor(l Lang) *UniversityUI {
	if s, ok := universityUI[l]; ok {
		return s
	}
	return universityUI[Default]
}
