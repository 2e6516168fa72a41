package pagevm

import (
	"fmt"
	"html"
	"html/template"
	"strconv"
	"strings"
	"time"

	"github.com/mcpplayground/playground/internal/exercise"
	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/internal/review"
	"github.com/mcpplayground/playground/web/view"
)

// trippedReasons says in words what a review card's codes are: a code of
// the checker by its rule's title, linked to the rule's page; a failed
// check of the exercise ("answer:4", "equals:/params/name") by what it
// looked at. Nothing here names the answer: the review is recall.
func (c Codes) trippedReasons(l i18n.Lang, ex *exercise.Exercise, codes []string) []view.ReviewReason {
	p := i18n.PathFor(l)
	out := make([]view.ReviewReason, 0, len(codes))
	seen := map[string]bool{}
	for _, code := range codes {
		var r view.ReviewReason
		if title, ok := c[code][l]; ok && title != "" {
			r = view.ReviewReason{Text: exercise.InlineHTML(title), URL: c.RuleURL(l, code)}
		} else {
			r = view.ReviewReason{Text: checkInWords(p, ex, code)}
		}
		if seen[string(r.Text)] {
			continue // two checks on one member read the same
		}
		seen[string(r.Text)] = true
		out = append(out, r)
	}
	return out
}

// checkInWords is what a failed check looked at, from its id: its rule,
// then what it was about ("answer:2", "equals:/params/name", "method").
func checkInWords(p *i18n.PathUI, ex *exercise.Exercise, id string) template.HTML {
	rule, arg, _ := strings.Cut(id, ":")
	switch exercise.Rule(rule) {
	case exercise.RuleAnswer:
		n, err := strconv.Atoi(arg)
		if err != nil {
			break
		}
		if ex != nil && ex.Kind.Answer().Item == exercise.ItemResponse {
			return template.HTML(html.EscapeString(fmt.Sprintf(p.TrippedResponse, n)))
		}
		return template.HTML(html.EscapeString(fmt.Sprintf(p.TrippedAnswer, n)))
	case exercise.RuleMethod:
		return template.HTML(html.EscapeString(p.TrippedMethod))
	case exercise.RuleKind:
		return template.HTML(html.EscapeString(p.TrippedKind))
	case exercise.RuleID:
		return template.HTML(html.EscapeString(p.TrippedID))
	case exercise.RuleValid:
		return template.HTML(html.EscapeString(p.TrippedValid))
	case exercise.RuleResultShape:
		return template.HTML(html.EscapeString(p.TrippedResult))
	}
	if exercise.Rule(rule).LooksAt() && strings.HasPrefix(arg, "/") {
		at := fmt.Sprintf(html.EscapeString(p.TrippedAt), "<code>"+html.EscapeString(arg)+"</code>")
		return template.HTML(at)
	}
	if strings.HasPrefix(id, "session.") || strings.HasPrefix(id, "order") {
		return template.HTML(html.EscapeString(p.TrippedSession))
	}
	return template.HTML(html.EscapeString(p.TrippedOther))
}

// ComesBack is "This exercise comes back for review in 1 day.", from the
// card's due time as seen at now, or that it is due now.
func ComesBack(l i18n.Lang, card review.Card, now time.Time) string {
	p := i18n.PathFor(l)
	if card.IsDue(now) {
		return p.ReviewDueNow
	}
	return fmt.Sprintf(p.ReviewComesBack, whenBack(l, card, now))
}

// whenBack is "in 1 day": how long until card is due, at now.
func whenBack(l i18n.Lang, card review.Card, now time.Time) string {
	p := i18n.PathFor(l)
	d := card.Due.Sub(now)
	var when string
	switch {
	case d < time.Hour:
		when = i18n.Sprintf(l, p.ReviewInMinutes, max(int((d+time.Minute-1)/time.Minute), 1))
	case d < 24*time.Hour:
		when = i18n.Sprintf(l, p.ReviewInHours, int((d+30*time.Minute)/time.Hour))
	case d < 7*24*time.Hour:
		when = i18n.Sprintf(l, p.ReviewInDays, int((d+12*time.Hour)/(24*time.Hour)))
	default:
		when = i18n.Sprintf(l, p.ReviewInWeeks, int((d+84*time.Hour)/(7*24*time.Hour)))
	}
	return when
}
