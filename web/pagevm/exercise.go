package pagevm

import (
	"encoding/json"
	"fmt"
	"html"
	"html/template"
	"strconv"
	"strings"
	"time"

	"github.com/mcpplayground/playground/internal/course"
	"github.com/mcpplayground/playground/internal/exercise"
	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/internal/markdown"
	"github.com/mcpplayground/playground/internal/review"
	"github.com/mcpplayground/playground/internal/store"
	"github.com/mcpplayground/playground/web/view"
)

// This file turns exercises, progress and grading results into the view
// models of the exercise pages. The page handlers and the JSON API share it,
// so a verdict reads the same with and without JavaScript.

// StatusOf is a learner's status on an exercise, new when there is no
// progress.
func StatusOf(p store.ExerciseProgress) store.Status {
	if p.Status == "" {
		return store.StatusNew
	}
	return p.Status
}

// StatusBadge is a status with its label.
func StatusBadge(x *i18n.ExerciseUI, st store.Status) view.StatusBadge {
	label := x.StatusNew
	switch st {
	case store.StatusStarted:
		label = x.StatusStarted
	case store.StatusFailed:
		label = x.StatusFailed
	case store.StatusPassed:
		label = x.StatusPassed
	default:
		st = store.StatusNew
	}
	return view.StatusBadge{Key: string(st), Label: label}
}

// ExerciseItem is one exercise as a row of a list.
func ExerciseItem(l i18n.Lang, x *i18n.ExerciseUI, ex *exercise.Exercise, p store.ExerciseProgress) view.ExerciseItem {
	return view.ExerciseItem{
		ID: ex.ID, URL: ExerciseURL(l, ex.ID), Title: ex.TextIn(l).Title,
		KindLabel: ex.Kind.Label(l), Status: StatusBadge(x, StatusOf(p)),
	}
}

// ExerciseState is what the page shows beyond the exercise itself, and
// what it needs of the server: the editor's script and the time.
type ExerciseState struct {
	Progress store.ExerciseProgress // zero when the learner has not started
	Answer   string                 // what the editor or the choices show
	Result   *exercise.Result       // the verdict on answer, if it was sent
	FormErr  string                 // a problem with what was sent
	Review   bool                   // opened from the review: recall
	Card     *review.Card           // the learner's review card, if any

	ScriptURL string    // the fingerprinted address of js/exercise.js
	Now       time.Time // when the review card comes back is counted from it
}

// Exercise builds the page of ex for a learner in state st; codes link
// the feedback's codes to their rules.
func Exercise(codes Codes, l i18n.Lang, cat *course.Catalog, ex *exercise.Exercise, st ExerciseState) view.ExerciseVM {
	x := i18n.ExerciseFor(l)
	t := ex.TextIn(l)
	vm := view.ExerciseVM{
		X: x, ID: ex.ID, Kind: string(ex.Kind), KindLabel: ex.Kind.Label(l),
		AnswerFields: ex.Kind.Answer().Fields, AnswerChoice: ex.Kind.Answer().Choice,
		Title: t.Title, Protocol: ex.Protocol, Statement: t.Statement,
		Status:     StatusBadge(x, StatusOf(st.Progress)),
		Attempts:   st.Progress.Attempts,
		ActionURL:  ExerciseURL(l, ex.ID),
		HintURL:    ExerciseURL(l, ex.ID) + "/hints",
		ResetURL:   ExerciseURL(l, ex.ID) + "?start=1#answer",
		APIURL:     "/api/exercises/" + ex.ID + "/attempts?lang=" + string(l),
		HintAPIURL: "/api/exercises/" + ex.ID + "/hints?lang=" + string(l),
		ScriptURL:  st.ScriptURL,
		Error:      st.FormErr,
		HintsTotal: len(t.Hints),
	}
	vm.Lesson = view.NavLink{URL: LessonURL(l, ex.Lesson), Title: ex.Lesson}
	if p, ok := cat.Lesson(l, ex.Lesson); ok {
		vm.Lesson.Title = p.Lesson.Title
	}
	vm.Hints = t.Hints[:min(st.Progress.HintsRevealed, len(t.Hints))]
	if st.Review {
		codes.reviewMode(&vm, l, ex, st)
	}

	switch ex.Kind.Form() {
	case exercise.FormChoices:
		vm.Items, vm.Given = choiceItems(l, ex, st.Answer, st.Result)
	case exercise.FormConsole:
		vm.Elsewhere = &view.NavLink{URL: fmt.Sprintf("/%s/console?exercise=%s", l, ex.ID), Title: x.OpenConsole}
		vm.ElsewhereIntro = x.LiveIntro
	case exercise.FormServer:
		vm.Elsewhere = &view.NavLink{URL: fmt.Sprintf("/%s/check-server?exercise=%s", l, ex.ID), Title: x.OpenCheckServer}
		vm.ElsewhereIntro = x.ServerIntro
	case exercise.FormClient:
		vm.Elsewhere = &view.NavLink{URL: fmt.Sprintf("/%s/check-client?exercise=%s", l, ex.ID), Title: x.OpenCheckClient}
		vm.ElsewhereIntro = x.ClientIntro
	default:
		vm.Editor = true
		vm.Answer, vm.Starter, vm.Request = st.Answer, ex.Starter, ex.Request
		if ex.Request != "" {
			vm.RequestHTML = markdown.HighlightJSON(ex.Request)
		}
	}
	if st.Result != nil {
		res := ex.Withhold(*st.Result, st.Progress.HintsRevealed, st.Progress.FailedAttempts, l)
		vm.Feedback = Feedback(ex, res, st.Answer)
		codes.teachFeedback(l, cat, ex, st.Answer, vm.Feedback)
		if st.Card != nil {
			vm.Feedback.ComesBack = ComesBack(l, *st.Card, st.Now)
		}
	}
	if st.Review && (st.Result == nil || !st.Result.Passed) {
		vm.SolutionMsg = i18n.PathFor(l).ReviewSolution
	} else {
		unlockSolution(&vm, l, x, ex, st.Progress)
	}

	all := cat.Exercises()
	for i, e := range all {
		if e.ID == ex.ID && i+1 < len(all) {
			n := all[i+1]
			vm.Next = &view.NavLink{URL: ExerciseURL(l, n.ID), Title: n.TextIn(l).Title}
		}
	}
	if vm.Next == nil {
		vm.Next = &view.NavLink{URL: FinishURL(l), Title: i18n.PathFor(l).FinishLink}
	}
	if vm.Feedback != nil && vm.Feedback.Passed {
		vm.Feedback.Next = vm.Next
	}
	return vm
}

// unlockSolution shows the solution after a pass, or after the number of
// failed attempts the instructor chose; otherwise it says what unlocks it.
func unlockSolution(vm *view.ExerciseVM, l i18n.Lang, x *i18n.ExerciseUI, ex *exercise.Exercise, p store.ExerciseProgress) {
	unlocked := p.Status == store.StatusPassed || (ex.SolutionAfter > 0 && p.FailedAttempts >= ex.SolutionAfter)
	if !unlocked || len(ex.Solutions) == 0 {
		vm.SolutionMsg = x.SolutionPassing
		if ex.SolutionAfter > 0 {
			vm.SolutionMsg = i18n.Sprintf(l, x.SolutionAfterN, ex.SolutionAfter, max(ex.SolutionAfter-p.FailedAttempts, 1))
		}
		return
	}
	sol := ex.Solutions[0]
	switch ex.Kind.Form() {
	case exercise.FormChoices:
		for _, it := range choiceItemsOnly(l, ex, sol) {
			for _, o := range it.Options {
				if o.Checked {
					vm.SolutionList = append(vm.SolutionList, template.HTML(html.EscapeString(it.Label+" ")+string(o.Label)))
				}
			}
		}
	default:
		vm.Solution, vm.SolutionHTML = sol, markdown.HighlightJSON(sol)
	}
}

// AnswerValues reads {"answers": [...]} into one string per item ("" where
// the answer has none).
func AnswerValues(answer string, n int) []string {
	out := make([]string, n)
	var doc struct {
		Answers []json.RawMessage `json:"answers"`
	}
	if json.Unmarshal([]byte(answer), &doc) != nil {
		return out
	}
	for i, raw := range doc.Answers {
		if i >= n {
			break
		}
		var str string
		if json.Unmarshal(raw, &str) == nil {
			out[i] = str
			continue
		}
		var num json.Number
		if json.Unmarshal(raw, &num) == nil {
			out[i] = num.String()
		}
	}
	return out
}

// choiceItems builds the items of a choices exercise with the learner's
// answer checked (its failed items marked), and what is given before them.
func choiceItems(l i18n.Lang, ex *exercise.Exercise, answer string, res *exercise.Result) ([]view.ChoiceItem, *view.GivenVM) {
	items := choiceItemsOnly(l, ex, answer)
	if res != nil {
		for _, cr := range res.Checks {
			if k, ok := strings.CutPrefix(cr.Pointer, "/answers/"); ok && !cr.Passed {
				if i, err := strconv.Atoi(k); err == nil && i >= 0 && i < len(items) {
					items[i].Failed = true
				}
			}
		}
	}
	f := ex.ChoiceForm(l)
	if len(f.Given) == 0 {
		return items, nil
	}
	given := &view.GivenVM{Title: f.GivenTitle}
	for i, r := range f.Given {
		given.Messages = append(given.Messages, view.NumberedMessage{N: i + 1, Label: f.GivenLabels[i], Text: r, HTML: breakable(markdown.HighlightJSON(r))})
	}
	return items, given
}

// choiceItemsOnly lays out the kind's items (exercise.ChoiceForm) with
// the learner's picks, or each item's default.
func choiceItemsOnly(l i18n.Lang, ex *exercise.Exercise, answer string) []view.ChoiceItem {
	f := ex.ChoiceForm(l)
	picked := AnswerValues(answer, len(f.Items))
	items := make([]view.ChoiceItem, len(f.Items))
	for i, fi := range f.Items {
		it := view.ChoiceItem{N: i + 1, Label: fi.Label, Text: fi.Text, HTML: breakable(markdown.HighlightJSON(fi.Text)),
			Name: fmt.Sprintf("item-%d", i+1), Radio: !fi.Select}
		pick := picked[i]
		if pick == "" {
			pick = fi.Default
		}
		for _, o := range fi.Options {
			it.Options = append(it.Options, view.Option{Value: o.Value, Label: o.Label, Checked: pick == o.Value})
		}
		items[i] = it
	}
	return items
}

// jsonComma is a comma between members or items, as HighlightJSON writes it.
const jsonComma = `<span class="j-punc">,</span>`

// breakable lets a message written on one line wrap after its commas, so
// that a narrow screen breaks it between members rather than in a word.
func breakable(h template.HTML) template.HTML {
	return template.HTML(strings.ReplaceAll(string(h), jsonComma, jsonComma+"<wbr>")) //nolint:gosec // adds an element to safe HTML
}

// reviewMode makes an exercise page a review: it says so and what tripped
// the learner, folds the hints, and keeps the answer's way back to the
// review (the form's and the script's URLs).
func (c Codes) reviewMode(vm *view.ExerciseVM, l i18n.Lang, ex *exercise.Exercise, st ExerciseState) {
	p := i18n.PathFor(l)
	recall := map[string]string{exercise.AnswerText: p.ReviewRecall, exercise.AnswerChoices: p.ReviewRecallChoices}[ex.Kind.Answer().Fields]
	if recall == "" {
		recall = p.ReviewRecallElsewhere
	}
	vm.Review = &view.ExerciseReviewVM{Recall: recall, Label: p.ReviewCodes, HintsFolded: p.ReviewHintsFolded, HintsCount: p.ReviewHintsCount}
	if st.Card != nil {
		vm.Review.Reasons = c.trippedReasons(l, ex, st.Card.Codes)
		vm.Review.HintsLooked = st.Card.LookedAgain()
	}
	vm.ActionURL += "?review=1"
	vm.APIURL += "&review=1"
	vm.HintURL += "?review=1"
	vm.HintAPIURL += "&review=1"
}
