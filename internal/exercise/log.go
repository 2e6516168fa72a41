package exercise

import (
	"fmt"
	"regexp"
	"slices"

	"github.com/mcpplayground/playground/internal/grader"
	"strings"

	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/internal/logimport"
)

// A log exercise shows a log (the # Log section: JSON Lines, each line a
// message wrapped with its sender, {"from": "client", "message": {…}}) in
// which the author planted mistakes. The learner marks the wrong messages
// and, for each, picks what is wrong among the choices: rule codes
// (session.id.reused, mcp.field.missing…), each written alone (its label is
// the rule's name) or with a label. Every message is an item: the planted
// ones have an answer check naming their rule; the others get an implicit
// check that their answer is "ok" (nothing wrong), the built-in first
// choice. The answer is encoded as a classify answer, {"answers": ["ok",
// "session.id.reused", …]}, one per message, and graded the same way.
// check-content proves, with the conversation checker, that each planted
// message breaks its rule and that no other message is wrong (lintLog).

// choiceOK is the answer "nothing is wrong with this message".
const choiceOK = "ok"

// okLabel and okFeedback are the built-in choice "ok", and what a learner
// reads who marks a message that is fine.
var (
	okLabel    = map[i18n.Lang]string{i18n.EN: "Nothing wrong", i18n.FR: "Rien à redire"}
	okFeedback = map[i18n.Lang]string{
		i18n.EN: "Nothing is wrong with this message: read it again next to the request it answers or the one before it.",
		i18n.FR: "Rien à redire à ce message\u00a0: relisez-le à côté de la requête à laquelle il répond, ou de celle qui le précède.",
	}
)

// ruleCodeRE is what a rule's code looks like: dotted lower-case words.
var ruleCodeRE = regexp.MustCompile(`^[a-z0-9-]+(?:\.[a-z0-9_-]+)+$`)

// maxLogMessages bounds the log of one exercise: it is read by a learner.
const maxLogMessages = 60

// logSection reads the # Log section into the exercise's messages.
func (fl *fileLoader) logSection(ex *Exercise, bs []block) {
	if len(bs) == 0 {
		return
	}
	if len(bs) > 1 {
		fl.errf(bs[1].line-1, "# Log holds one ```jsonl block, not %d", len(bs))
	}
	b := bs[0]
	res, err := logimport.Read([]byte(b.text), logimport.FormatJSONL, logimport.Limits{MaxMessages: maxLogMessages})
	if err != nil {
		fl.errf(b.line, "the log cannot be read: %v", err)
		return
	}
	for _, p := range res.Problems {
		info, _ := logimport.Info(p.Code)
		fl.errf(b.line+p.Line-1, "%s (%s)", info.Message[i18n.EN], p.Code)
	}
	if len(res.Entries) < 2 {
		fl.errf(b.line, "the log holds %d message(s); a log exercise needs at least two", len(res.Entries))
	}
	ex.Log = b.text
	for _, e := range res.Entries {
		if e.From == "" || e.Inferred {
			fl.errf(b.line+e.Line-1, `say who sent this message: {"from": "client", "message": {…}} or "from": "server"`)
		}
		ex.Messages = append(ex.Messages, string(e.Raw))
		ex.LogFrom = append(ex.LogFrom, e.From)
	}
}

// logChoices reads the choices of a log exercise: "ok" comes first, built
// in; then rule codes, alone or with a label and a feedback.
func (fl *fileLoader) logChoices(ex *Exercise, items []*rawItem) {
	ex.choices = append(ex.choices, choice{value: choiceOK, label: okLabel})
	if len(items) == 0 {
		fl.errf(fl.lineOf("choices"), "a log exercise needs choices: the rules a message may break, such as [session.id.reused, mcp.field.missing]")
		return
	}
	for _, it := range items {
		ch := choice{line: it.line}
		if !it.isMap {
			s, _ := it.scalar.(string)
			ch.value = s
		}
		for _, k := range it.keys {
			switch k.name {
			case "value":
				ch.value, _ = k.value.(string)
			default:
				fl.choiceWords(&ch, k)
			}
		}
		if !ruleCodeRE.MatchString(ch.value) {
			fl.errf(ch.line, "choice %q: a log exercise's choice is the code of a rule, such as session.id.reused", ch.value)
			continue
		}
		if !knownCode(ch.value) {
			fl.errf(ch.line, "choice %q is not a rule of the checker%s (the page /en/rules lists them)", ch.value, nearestCode(ch.value))
			continue
		}
		if ch.label == nil {
			ch.label = ruleLabel(ch.value)
		}
		if slices.ContainsFunc(ex.choices, func(o choice) bool { return o.value == ch.value }) {
			fl.errf(ch.line, "choice %q is listed twice", ch.value)
			continue
		}
		ex.choices = append(ex.choices, ch)
	}
}

// logChecks adds, for every message with no answer check, the implicit
// check that nothing is wrong with it, and refuses an answer check that
// says "ok" (write nothing instead).
func (fl *fileLoader) logChecks(ex *Exercise) {
	planted := map[int]*Check{}
	for _, c := range ex.Checks {
		if prev, dup := planted[c.item]; dup {
			fl.errf(c.Line, "message %d already has an answer check, on line %d", c.item, prev.Line)
		}
		if c.value == choiceOK {
			fl.errf(c.Line, "the messages without a check are the ones with nothing wrong: remove this check")
		}
		planted[c.item] = c
	}
	if len(planted) == 0 {
		fl.errf(fl.lineOf("checks"), "a log exercise plants at least one mistake: add \"- answer: <rule>\" with \"item: <message>\"")
	}
	for i := 1; i <= ex.Items(); i++ {
		if planted[i] != nil {
			continue
		}
		ex.Checks = append(ex.Checks, &Check{ID: fmt.Sprintf("answer:%d", i), Rule: RuleAnswer, Line: fl.lineOf("checks"),
			Implicit: true, item: i, value: choiceOK, feedback: okFeedback, protocol: ex.Protocol})
	}
	slices.SortStableFunc(ex.Checks, func(a, b *Check) int { return a.item - b.item })
}

// LogFromLabel says who sent message i of a log exercise: "client → server".
func (e *Exercise) LogFromLabel(i int) string {
	if i < 0 || i >= len(e.LogFrom) {
		return ""
	}
	return strings.Join(map[grader.Sender][]string{grader.SenderClient: {"client", "server"}, grader.SenderServer: {"server", "client"}}[e.LogFrom[i]], " → ")
}

// ruleLabel is the label of a choice left unlabelled: the rule's title,
// with its code beside it.
func ruleLabel(code string) map[i18n.Lang]string {
	out := map[i18n.Lang]string{}
	for _, c := range grader.Codes() {
		if c.Code == code {
			for _, l := range i18n.All {
				out[l] = strings.TrimSpace(strings.TrimSuffix(c.Title[l], ".") + " `" + code + "`")
			}
		}
	}
	return out
}

// knownCode reports whether code is one of the checker's rules.
func knownCode(code string) bool {
	return slices.ContainsFunc(grader.Codes(), func(c grader.CodeInfo) bool { return c.Code == code })
}

// nearestCode suggests the checker's code closest to a misspelled one:
// ": did you mean session.id.reused?", or "" when none is close.
func nearestCode(code string) string {
	best, bestD := "", 4
	for _, c := range grader.Codes() {
		if d := editDistance(code, c.Code); d < bestD {
			best, bestD = c.Code, d
		}
	}
	if best == "" {
		return ""
	}
	return ": did you mean " + best + "?"
}

// editDistance is the Levenshtein distance between a and b (bytes).
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
