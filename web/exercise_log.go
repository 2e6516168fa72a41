package web

import (
	"fmt"

	"github.com/mcpplayground/playground/internal/exercise"
	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/web/view"
)

// logItem lays out one message of a log exercise: who sent it, and the
// choices of what is wrong with it, "nothing wrong" first and chosen until
// the learner marks the message.
func logItem(l i18n.Lang, ex *exercise.Exercise, it view.ChoiceItem, picked string) view.ChoiceItem {
	it.Radio = true
	it.Label = fmt.Sprintf(i18n.ExplainFor(l).LogItem, it.N, ex.LogFromLabel(it.N-1))
	choices := ex.TextIn(l).Choices
	if picked == "" && len(choices) > 0 {
		picked = choices[0].Value
	}
	for _, ch := range choices {
		it.Options = append(it.Options, view.Option{Value: ch.Value, Label: ch.Label, Checked: picked == ch.Value})
	}
	return it
}

// logKindLabel names the kind "log" in the language of x.
func logKindLabel(x *i18n.ExerciseUI) string {
	for _, l := range i18n.All {
		if i18n.ExerciseFor(l) == x {
			return i18n.ExplainFor(l).KindLog
		}
	}
	return i18n.ExplainFor(i18n.EN).KindLog
}
