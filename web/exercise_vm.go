package web

import (
	"encoding/json"
	"fmt"
	"html"
	"html/template"
	"strconv"
	"strings"

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

func exerciseURL(l i18n.Lang, id string) string { return fmt.Sprintf("/%s/exercises/%s", l, id) }
func lessonURL(l i18n.Lang, slug string) string { return fmt.Sprintf("/%s/lessons/%s", l, slug) }

func statusOf(p store.ExerciseProgress) store.Status {
	if p.Status == "" {
		return store.StatusNew
	}
	return p.Status
}

func statusBadge(x *i18n.ExerciseUI, st store.Status) view.StatusBadge {
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

func kindLabel(x *i18n.ExerciseUI, k exercise.Kind) string {
	switch k {
	case exercise.KindFix:
		return x.KindFix
	case exercise.KindWrite:
		return x.KindWrite
	case exercise.KindClassify:
		return x.KindClassify
	case exercise.KindReply:
		return x.KindReply
	case exercise.KindMatch:
		return x.KindMatch
	case exercise.KindLive:
		return x.KindLive
	case exercise.KindServer:
		return x.KindServer
	case exercise.KindLog:
		return logKindLabel(x)
	}
	return string(k)
}

// exerciseItem is one exercise as a row of a list.
func exerciseItem(l i18n.Lang, x *i18n.ExerciseUI, ex *exercise.Exercise, p store.ExerciseProgress) view.ExerciseItem {
	return view.ExerciseItem{
		ID: ex.ID, URL: exerciseURL(l, ex.ID), Title: ex.TextIn(l).Title,
		KindLabel: kindLabel(x, ex.Kind), Status: statusBadge(x, statusOf(p)),
	}
}

// exerciseState is what the page shows beyond the exercise itself.
type exerciseState struct {
	progress store.ExerciseProgress // zero when the learner has not started
	answer   string                 // what the editor or the choices show
	result   *exercise.Result       // the verdict on answer, if it was sent
	formErr  string                 // a problem with what was sent
	review   bool                   // opened from the review: recall
	card     *review.Card           // the learner's review card, if any
}

// exerciseVM builds the page of ex for a learner in state st.
func (s *Server) exerciseVM(l i18n.Lang, cat *course.Catalog, ex *exercise.Exercise, st exerciseState) view.ExerciseVM {
	x := i18n.ExerciseFor(l)
	t := ex.TextIn(l)
	vm := view.ExerciseVM{
		X: x, ID: ex.ID, Kind: string(ex.Kind), KindLabel: kindLabel(x, ex.Kind),
		AnswerFields: ex.Kind.Answer().Fields, AnswerChoice: ex.Kind.Answer().Choice,
		Title: t.Title, Protocol: ex.Protocol, Statement: t.Statement,
		Status:     statusBadge(x, statusOf(st.progress)),
		Attempts:   st.progress.Attempts,
		ActionURL:  exerciseURL(l, ex.ID),
		HintURL:    exerciseURL(l, ex.ID) + "/hints",
		ResetURL:   exerciseURL(l, ex.ID) + "?start=1#answer",
		APIURL:     "/api/exercises/" + ex.ID + "/attempts?lang=" + string(l),
		HintAPIURL: "/api/exercises/" + ex.ID + "/hints?lang=" + string(l),
		ScriptURL:  s.assets.URL("js/exercise.js"),
		Error:      st.formErr,
		HintsTotal: len(t.Hints),
	}
	vm.Lesson = view.NavLink{URL: lessonURL(l, ex.Lesson), Title: ex.Lesson}
	if p, ok := cat.Lesson(l, ex.Lesson); ok {
		vm.Lesson.Title = p.Lesson.Title
	}
	vm.Hints = t.Hints[:min(st.progress.HintsRevealed, len(t.Hints))]
	if st.review {
		s.reviewMode(&vm, l, ex, st)
	}

	switch ex.Kind.Form() {
	case exercise.FormChoices:
		vm.Items, vm.Requests = choiceItems(l, x, ex, st.answer, st.result)
	case exercise.FormConsole:
		vm.Elsewhere = &view.NavLink{URL: fmt.Sprintf("/%s/console?exercise=%s", l, ex.ID), Title: x.OpenConsole}
		vm.ElsewhereIntro = x.LiveIntro
	case exercise.FormServer:
		vm.Elsewhere = &view.NavLink{URL: fmt.Sprintf("/%s/check-server?exercise=%s", l, ex.ID), Title: x.OpenCheckServer}
		vm.ElsewhereIntro = x.ServerIntro
	default:
		vm.Editor = true
		vm.Answer, vm.Starter, vm.Request = st.answer, ex.Starter, ex.Request
		if ex.Request != "" {
			vm.RequestHTML = markdown.HighlightJSON(ex.Request)
		}
	}
	if st.result != nil {
		res := ex.Withhold(*st.result, st.progress.HintsRevealed, st.progress.FailedAttempts, l)
		vm.Feedback = feedbackVM(ex, res, st.answer)
		s.teachFeedback(l, cat, ex, st.answer, vm.Feedback)
		if st.result.Passed && st.card != nil {
			vm.Feedback.ComesBack = comesBack(l, *st.card, s.now())
		}
	}
	if st.review && (st.result == nil || !st.result.Passed) {
		vm.SolutionMsg = i18n.PathFor(l).ReviewSolution
	} else {
		s.unlockSolution(&vm, l, x, ex, st.progress)
	}

	all := cat.Exercises()
	for i, e := range all {
		if e.ID == ex.ID && i+1 < len(all) {
			n := all[i+1]
			vm.Next = &view.NavLink{URL: exerciseURL(l, n.ID), Title: n.TextIn(l).Title}
		}
	}
	if vm.Next == nil {
		vm.Next = &view.NavLink{URL: finishURL(l), Title: i18n.PathFor(l).FinishLink}
	}
	if vm.Feedback != nil && vm.Feedback.Passed {
		vm.Feedback.Next = vm.Next
	}
	return vm
}

// unlockSolution shows the solution after a pass, or after the number of
// failed attempts the instructor chose; otherwise it says what unlocks it.
func (s *Server) unlockSolution(vm *view.ExerciseVM, l i18n.Lang, x *i18n.ExerciseUI, ex *exercise.Exercise, p store.ExerciseProgress) {
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
		for _, it := range choiceItemsOnly(l, x, ex, sol) {
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

// answerValues reads {"answers": [...]} into one string per item ("" where
// the answer has none).
func answerValues(answer string, n int) []string {
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

// choiceItems builds the items of a classify or match exercise with the
// learner's answer checked, and for match the numbered requests.
func choiceItems(l i18n.Lang, x *i18n.ExerciseUI, ex *exercise.Exercise, answer string, res *exercise.Result) ([]view.ChoiceItem, []view.NumberedMessage) {
	items := choiceItemsOnly(l, x, ex, answer)
	if res != nil {
		for _, cr := range res.Checks {
			if k, ok := strings.CutPrefix(cr.Pointer, "/answers/"); ok && !cr.Passed {
				if i, err := strconv.Atoi(k); err == nil && i >= 0 && i < len(items) {
					items[i].Failed = true
				}
			}
		}
	}
	var reqs []view.NumberedMessage
	if ex.Kind == exercise.KindMatch {
		for i, r := range ex.Requests {
			reqs = append(reqs, view.NumberedMessage{N: i + 1, Text: r, HTML: markdown.HighlightJSON(r)})
		}
	}
	return items, reqs
}

func choiceItemsOnly(l i18n.Lang, x *i18n.ExerciseUI, ex *exercise.Exercise, answer string) []view.ChoiceItem {
	var items []view.ChoiceItem
	texts := ex.Messages
	if ex.Kind == exercise.KindMatch {
		texts = ex.Responses
	}
	picked := answerValues(answer, len(texts))
	for i, text := range texts {
		it := view.ChoiceItem{N: i + 1, Text: text, HTML: markdown.HighlightJSON(text), Name: fmt.Sprintf("item-%d", i+1)}
		switch ex.Kind {
		case exercise.KindClassify:
			it.Radio = true
			it.Label = fmt.Sprintf(x.KindOfMessage, i+1)
			for _, ch := range ex.TextIn(l).Choices {
				it.Options = append(it.Options, view.Option{Value: ch.Value, Label: ch.Label, Checked: picked[i] == ch.Value})
			}
		case exercise.KindLog:
			it = logItem(l, ex, it, picked[i])
		case exercise.KindMatch:
			it.Label = fmt.Sprintf(x.AnswersRequest, i+1)
			for n := 1; n <= len(ex.Requests); n++ {
				v := strconv.Itoa(n)
				it.Options = append(it.Options, view.Option{Value: v, Label: template.HTML(html.EscapeString(fmt.Sprintf(x.RequestN, n))), Checked: picked[i] == v})
			}
			it.Options = append(it.Options, view.Option{Value: "0", Label: template.HTML(html.EscapeString(x.NoRequest)), Checked: picked[i] == "0"})
		}
		items = append(items, it)
	}
	return items
}
