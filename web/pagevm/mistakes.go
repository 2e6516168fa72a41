package pagevm

import (
	"fmt"
	"html"
	"html/template"
	"strconv"
	"strings"

	"github.com/mcpplayground/playground/internal/exercise"
	"github.com/mcpplayground/playground/internal/i18n"
)

// MistakeInWords says what a learner's problem is, for the instructor: a
// checker's code by its rule's title; a failed check of the exercise
// ("answer:4") by the feedback its author wrote, else by what it looked
// at; a failed step of a server exercise ("step.ping") by the step's
// title. The instructor may read the answer: unlike the learner's review,
// nothing is held back.
func (c Codes) MistakeInWords(l i18n.Lang, ex *exercise.Exercise, id string) template.HTML {
	if title := c[id][l]; title != "" {
		return exercise.InlineHTML(title)
	}
	t := i18n.InsightFor(l)
	if ex == nil {
		return template.HTML(html.EscapeString(t.CheckOther))
	}
	if name, ok := strings.CutPrefix(id, "step."); ok {
		for _, st := range ex.Steps {
			if st.Name == name {
				return template.HTML(html.EscapeString(fmt.Sprintf(t.StepFailed, st.Title(l))))
			}
		}
	}
	for _, c := range ex.Checks {
		if c.ID == id && c.Feedback(l) != "" {
			return exercise.InlineHTML(c.Feedback(l))
		}
	}
	return checkLookedAt(t, ex, id)
}

// checkLookedAt is what a check without feedback looked at, from its id.
func checkLookedAt(t *i18n.InsightUI, ex *exercise.Exercise, id string) template.HTML {
	rule, arg, _ := strings.Cut(id, ":")
	text := t.CheckOther
	switch exercise.Rule(rule) {
	case exercise.RuleAnswer:
		if n, err := strconv.Atoi(arg); err == nil {
			text = fmt.Sprintf(t.CheckAnswer, n)
			if ex.Kind.Answer().Item == exercise.ItemResponse {
				text = fmt.Sprintf(t.CheckResponse, n)
			}
		}
	case exercise.RuleMethod:
		text = t.CheckMethod
	case exercise.RuleKind:
		text = t.CheckKind
	case exercise.RuleID:
		text = t.CheckID
	case exercise.RuleValid:
		text = t.CheckValid
	case exercise.RuleResultShape:
		text = t.CheckResult
	default:
		if strings.HasPrefix(arg, "/") {
			return template.HTML(fmt.Sprintf(html.EscapeString(t.CheckAt), "<code>"+html.EscapeString(arg)+"</code>"))
		}
		if strings.HasPrefix(id, "session.") || strings.HasPrefix(id, "order") {
			text = t.CheckSession
		}
	}
	return template.HTML(html.EscapeString(text))
}
