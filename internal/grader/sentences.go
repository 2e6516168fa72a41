package grader

import "github.com/mcpplayground/playground/internal/i18n"

// The sentences a diagnostic's message ends with, exported so that a page can
// take one out of the message and show it its own way: an exercise holds back
// a suggestion that would spell its answer, and links the lesson instead of
// naming it.

// DidYouMean is the sentence a message carries for the suggestion sugg
// (" Did you mean `name`?"); with standIn, what the learner wrote instead.
func DidYouMean(sugg, standIn string, lang i18n.Lang) string {
	switch {
	case standIn != "" && lang == i18n.FR:
		return frTypo(" Vouliez-vous écrire `" + sugg + "` là où vous avez écrit `" + standIn + "` ?")
	case standIn != "":
		return " Did you mean `" + sugg + "` where you wrote `" + standIn + "`?"
	case lang == i18n.FR:
		return frTypo(" Vouliez-vous dire `" + sugg + "` ?")
	}
	return " Did you mean `" + sugg + "`?"
}

// LessonSentence is the sentence naming the lesson of slug that a message
// ends with (" (Lesson: “Tools”.)"); "" for a slug the course does not have.
func LessonSentence(slug string, lang i18n.Lang) string {
	name, ok := lessonNames[slug]
	if !ok {
		return ""
	}
	if lang == i18n.FR {
		return " (Leçon\u00A0: «\u00A0" + name[1] + "\u00A0».)"
	}
	return " (Lesson: “" + name[0] + "”.)"
}

// LessonName is the short name of the lesson of slug in lang, as the
// messages name it; "" for a slug the course does not have.
func LessonName(slug string, lang i18n.Lang) string {
	name, ok := lessonNames[slug]
	if !ok {
		return ""
	}
	if lang == i18n.FR {
		return name[1]
	}
	return name[0]
}
