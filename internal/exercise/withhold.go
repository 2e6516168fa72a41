package exercise

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/mcpplayground/playground/internal/grader"
	"github.com/mcpplayground/playground/internal/i18n"
)

// Feedback teaches before it tells. A check whose description spells the
// expected answer ("The method is `notifications/tools/list_changed`") is
// held back until the learner has opened the hint that covers it, or has
// failed solution_after times: until then the check says what it looks at,
// not what it wants, and a suggestion of the checker that names the same
// value ("Did you mean …?") is taken out of the feedback.
//
// The hint that covers a check is its own "hint: N" when the author wrote
// one, else the exercise's spell_after_hint, else the last hint.

// maxHints bounds a hint number written in an exercise file.
const maxHints = 20

// spells reports whether the check's description names the value it expects.
func (c *Check) spells() bool {
	switch c.Rule {
	case RuleKind, RuleMethod, RuleEquals, RuleOneOf, RuleURI, RuleIncludes, RuleMentions:
		return true
	case RuleID:
		return c.idMode == "value"
	}
	return false
}

// CoverHint is the number of the hint that covers c (1-based; 0 when the
// exercise has no hints, so only solution_after lifts the hold).
func (e *Exercise) CoverHint(c *Check) int {
	hints := 0
	for _, t := range e.Text {
		hints = max(hints, len(t.Hints))
	}
	n := c.hint
	if n == 0 {
		n = e.SpellAfterHint
	}
	if n == 0 || n > hints {
		n = hints
	}
	return n
}

// Held reports whether what c expects is still held back from a learner who
// has opened hints hints and failed failed times.
func (e *Exercise) Held(c *Check, hints, failed int) bool {
	if !c.spells() {
		return false
	}
	if e.SolutionAfter > 0 && failed >= e.SolutionAfter {
		return false
	}
	need := e.CoverHint(c)
	return need == 0 || hints < need
}

// Withhold returns res without what would spell a held check's expected
// answer. A passed answer is returned as it is: nothing is left to find.
func (e *Exercise) Withhold(res Result, hints, failed int, lang i18n.Lang) Result {
	if res.Passed {
		return res
	}
	var held []string
	byID := make(map[string]*Check, len(e.Checks))
	for _, c := range e.Checks {
		byID[c.ID] = c
		if e.Held(c, hints, failed) {
			held = append(held, heldValues(c)...)
		}
	}
	out := res
	out.Checks = make([]CheckResult, len(res.Checks))
	for i, cr := range res.Checks {
		if c := byID[cr.ID]; c != nil && e.Held(c, hints, failed) {
			cr.Message = c.vague(lang)
		}
		out.Checks[i] = cr
	}
	out.Report.Diagnostics = make([]grader.Diagnostic, len(res.Report.Diagnostics))
	for i, d := range res.Report.Diagnostics {
		if d.Suggestion != "" && (spellsAny(d.Suggestion, held) || e.suggestionHeld(d.Suggestion, hints, failed)) {
			d.Message = strings.Replace(d.Message, grader.DidYouMean(d.Suggestion, "", lang), "", 1)
			d.Message = removeStandIn(d.Message, d.Suggestion, lang)
			d.Suggestion = ""
		}
		out.Report.Diagnostics[i] = d
	}
	return out
}

// HoldsBack reports whether the exercise still holds its answer back from
// a learner who has opened hints hints and failed failed times: the
// exercise's own covering hint (spell_after_hint, else the last) is not
// open yet and solution_after is not reached. A rule page reached from the
// exercise keeps its right example folded meanwhile.
func (e *Exercise) HoldsBack(hints, failed int) bool {
	if e.SolutionAfter > 0 && failed >= e.SolutionAfter {
		return false
	}
	need := e.CoverHint(&Check{})
	return need == 0 || hints < need
}

// suggestionHeld reports whether a suggestion of the checker ("Did you mean
// `name`?") names a member or a value of the solution while the exercise
// holds its answer back: it spells the answer as much as a check's
// description does, so it waits for the same hint.
func (e *Exercise) suggestionHeld(sugg string, hints, failed int) bool {
	if !e.HoldsBack(hints, failed) {
		return false
	}
	quoted := strconv.Quote(sugg)
	for _, sol := range e.Solutions {
		if strings.Contains(sol, quoted) {
			return true
		}
	}
	return false
}

// removeStandIn takes out the "Did you mean X where you wrote Y?" sentence,
// whatever Y is.
func removeStandIn(msg, sugg string, lang i18n.Lang) string {
	head := grader.DidYouMean(sugg, "\x00", lang)
	pre, _, _ := strings.Cut(head, "\x00")
	i := strings.Index(msg, pre)
	if i < 0 {
		return msg
	}
	end := strings.IndexAny(msg[i+len(pre):], "?")
	if end < 0 {
		return msg
	}
	return msg[:i] + msg[i+len(pre)+end+1:]
}

func spellsAny(sugg string, held []string) bool {
	for _, h := range held {
		if h != "" && (sugg == h || strings.Contains(sugg, h) || strings.Contains(h, sugg)) {
			return true
		}
	}
	return false
}

// heldValues are the texts a held check must not be given away by.
func heldValues(c *Check) []string {
	if c.Rule == RuleMentions && c.mention != nil {
		return c.mention.shown
	}
	if c.Rule == RuleOneOf || c.Rule == RuleURI || c.Rule == RuleIncludes {
		var out []string
		for _, v := range c.values {
			out = append(out, compact(v), fmt.Sprint(v))
		}
		return out
	}
	switch v := c.value.(type) {
	case string:
		return []string{v}
	case nil:
		return nil
	default:
		return []string{compact(v), fmt.Sprint(v)}
	}
}

// vague says what c looks at without the value it wants.
func (c *Check) vague(l i18n.Lang) string {
	fr := l == i18n.FR
	var s string
	switch c.Rule {
	case RuleKind:
		s = [2]string{"The message is the kind of message the statement calls for.", "Le message est du type que demande l’énoncé."}[idx(l)]
	case RuleMethod:
		s = [2]string{"The method is the one the statement calls for.", "La méthode est celle que demande l’énoncé."}[idx(l)]
	case RuleID:
		s = [2]string{"The `id` is the one the statement calls for.", "L’`id` est celui que demande l’énoncé."}[idx(l)]
	case RuleMentions:
		s = capFirst("`"+displayPath(c.pointer)+"`") + [2]string{" says what the statement asks for.", " dit ce que demande l’énoncé."}[idx(l)]
	default:
		path := "`" + displayPath(c.pointer) + "`"
		if fr {
			s = capFirst(path) + " contient la valeur que demande l’énoncé."
		} else {
			s = capFirst(path) + " holds the value the statement calls for."
		}
	}
	if c.sel != nil {
		s = c.sel.describe(l) + nbspColon(l) + " " + lowerFirst(s)
	}
	return s + c.describeOrder(l)
}
