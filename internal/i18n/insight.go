package i18n

// InsightUI holds the texts that take an instructor from "stuck" to
// "why": a failed check or server step said in words, learners idle since
// they joined, the numbered attempts, and the read-only exercise view.
type InsightUI struct {
	CheckAnswer     string // "the answer for message %d"
	CheckResponse   string // "the answer for response %d"
	CheckAt         string // "the value at %s" (an HTML code span)
	CheckMethod     string
	CheckKind       string
	CheckID         string
	CheckValid      string
	CheckResult     string
	CheckSession    string
	CheckOther      string
	StepFailed      string // "the step “%s”"
	Idle            string // "no answer since joining at %s"
	AttemptN        string // "attempt %d"
	ViewTitle       string // "%s (instructor’s view)"
	ViewIntro       string
	ViewStatement   string
	ViewStarter     string
	ViewRequest     string
	ViewMessages    string
	ViewSolutions   string
	ViewHints       string
	ViewChecks      string
	ViewNoFeedback  string
	ViewRoom        string
	ViewRoomSummary string // "%d tried, %d passed"
	ViewLearnerPage string // "Open the learner's page"
	ViewFacts       string // "Lesson %s · %s · MCP %s · version %s"
}

var insightUI = map[Lang]*InsightUI{
	EN: {
		CheckAnswer:     "the answer for message %d",
		CheckResponse:   "the answer for response %d",
		CheckAt:         "the value at %s",
		CheckMethod:     "the method",
		CheckKind:       "the kind of message",
		CheckID:         "the id",
		CheckValid:      "a message the checker accepts",
		CheckResult:     "the shape of the result",
		CheckSession:    "the order of the session’s messages",
		CheckOther:      "one of the exercise’s checks",
		StepFailed:      "the step “%s”",
		Idle:            "no answer since joining at %s",
		AttemptN:        "attempt %d",
		ViewTitle:       "%s (instructor’s view)",
		ViewIntro:       "The exercise as its file defines it, read-only: what learners see, what passes, and what the room found hard.",
		ViewStatement:   "Statement",
		ViewStarter:     "Starter",
		ViewRequest:     "The request answered",
		ViewMessages:    "Messages shown",
		ViewSolutions:   "Accepted answers",
		ViewHints:       "Hints, in the order they are revealed",
		ViewChecks:      "Checks",
		ViewNoFeedback:  "(no feedback written)",
		ViewRoom:        "In the room",
		ViewRoomSummary: "%d tried, %d passed",
		ViewLearnerPage: "Open it as a learner",
		ViewFacts:       "Lesson %s · %s · MCP %s · version %s",
	},
	FR: {
		CheckAnswer:     "la réponse pour le message %d",
		CheckResponse:   "la réponse pour la réponse %d",
		CheckAt:         "la valeur en %s",
		CheckMethod:     "la méthode",
		CheckKind:       "la sorte de message",
		CheckID:         "l’identifiant",
		CheckValid:      "un message que le vérificateur accepte",
		CheckResult:     "la forme du résultat",
		CheckSession:    "l’ordre des messages de la session",
		CheckOther:      "une des vérifications de l’exercice",
		StepFailed:      "l’étape «\u00a0%s\u00a0»",
		Idle:            "aucune réponse depuis son arrivée à %s",
		AttemptN:        "tentative %d",
		ViewTitle:       "%s (vue du formateur)",
		ViewIntro:       "L’exercice tel que son fichier le définit, en lecture seule\u00a0: ce que voient les apprenants, ce qui réussit, et ce que la salle a trouvé difficile.",
		ViewStatement:   "Énoncé",
		ViewStarter:     "Point de départ",
		ViewRequest:     "La requête à laquelle on répond",
		ViewMessages:    "Messages présentés",
		ViewSolutions:   "Réponses acceptées",
		ViewHints:       "Indices, dans l’ordre où ils se dévoilent",
		ViewChecks:      "Vérifications",
		ViewNoFeedback:  "(aucun commentaire écrit)",
		ViewRoom:        "Dans la salle",
		ViewRoomSummary: "%d {a essayé|ont essayé}, %d {a réussi|ont réussi}",
		ViewLearnerPage: "L’ouvrir comme un apprenant",
		ViewFacts:       "Leçon %s · %s · MCP %s · version %s",
	},
}

// InsightFor returns these texts in l.
func InsightFor(l Lang) *InsightUI {
	if s, ok := insightUI[l]; ok {
		return s
	}
	return insightUI[Default]
}
