package markdown

import (
	"fmt"

	"github.com/mcpplayground/playground/internal/i18n"
)

// words holds the interface text that ends up inside rendered HTML, one value
// per language, so a missing translation is a compile error rather than a
// blank on the page. French uses a non-breaking space (U+00A0) before
// « : ; ? ! » as French typography requires.
type words struct {
	Note, Mistake, Spec, Check string // callout titles
	ShowAnswer                 string
	Copy, Copied               string
	SectionLink                string // accessible name of the "#" link in headings

	DiagramTitle string // %s: the participants, listed
	FlowTitle    string // %s: a decision diagram's first question
	And          string // joins the last two names of a list
	Colon        string // between a message and its text
	Request      string // %[1]s from, %[2]s to; same for the next three
	Response     string
	Notification string
	ErrorReply   string
	Bad          string // after a message marked "!"
	Open         string // after a message marked "?"
	NoteOver     string // %s: the participants the note covers
	NoteLeft     string
	NoteRight    string
}

var wordsByLang = map[i18n.Lang]*words{
	i18n.EN: {
		Note:         "Note",
		Mistake:      "Common mistake",
		Spec:         "Spec vs tutorials",
		Check:        "Check your understanding",
		ShowAnswer:   "Show answer",
		Copy:         "Copy",
		Copied:       "Copied",
		SectionLink:  "Link to this section",
		DiagramTitle: "Sequence diagram between %s",
		FlowTitle:    "Decision diagram: %s",
		And:          "and",
		Colon:        ": ",
		Request:      "Request from %s to %s",
		Response:     "Response from %s to %s",
		Notification: "Notification from %s to %s",
		ErrorReply:   "Error response from %s to %s",
		Bad:          " (invalid)",
		Open:         " (not answered)",
		NoteOver:     "Note over %s",
		NoteLeft:     "Note left of %s",
		NoteRight:    "Note right of %s",
	},
	i18n.FR: {
		Note:         "À noter",
		Mistake:      "Erreur fréquente",
		Spec:         "La spec et les tutoriels",
		Check:        "Vérifiez votre compréhension",
		ShowAnswer:   "Voir la réponse",
		Copy:         "Copier",
		Copied:       "Copié",
		SectionLink:  "Lien vers cette section",
		DiagramTitle: "Diagramme de séquence entre %s",
		FlowTitle:    "Arbre de décision\u00a0: %s",
		And:          "et",
		Colon:        "\u00a0: ",
		Request:      "Requête de %s à %s",
		Response:     "Réponse de %s à %s",
		Notification: "Notification de %s à %s",
		ErrorReply:   "Réponse d’erreur de %s à %s",
		Bad:          " (invalide)",
		Open:         " (sans réponse)",
		NoteOver:     "Note sur %s",
		NoteLeft:     "Note à gauche de %s",
		NoteRight:    "Note à droite de %s",
	},
}

// wordsFor returns the words of lang; "" means English.
func wordsFor(lang i18n.Lang) (*words, error) {
	if lang == "" {
		lang = i18n.EN
	}
	w, ok := wordsByLang[lang]
	if !ok {
		return nil, fmt.Errorf("unsupported language %q (want \"en\" or \"fr\")", lang)
	}
	return w, nil
}

// list joins names as "A, B and C".
func (w *words) list(names []string) string {
	switch len(names) {
	case 0:
		return ""
	case 1:
		return names[0]
	}
	out := ""
	for i, n := range names[:len(names)-1] {
		if i > 0 {
			out += ", "
		}
		out += n
	}
	return out + " " + w.And + " " + names[len(names)-1]
}
