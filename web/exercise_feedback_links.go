package web

import (
	"fmt"
	"html"
	"html/template"
	"net/url"
	"strconv"
	"strings"

	"github.com/mcpplayground/playground/internal/course"
	"github.com/mcpplayground/playground/internal/exercise"
	"github.com/mcpplayground/playground/internal/grader"
	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/web/view"
)

// rulesURL is the page of one diagnostic code, or of all of them.
func rulesURL(l i18n.Lang, code string) string {
	if code == "" {
		return fmt.Sprintf("/%s/rules", l)
	}
	return fmt.Sprintf("/%s/rules/%s", l, code)
}

// ruleURL is the page of code when it is a rule of the checker, else "".
func (s *Server) ruleURL(l i18n.Lang, code string) string {
	if _, ok := s.codeTitles[code]; !ok || code == "" {
		return ""
	}
	return rulesURL(l, code)
}

// teachFeedback finishes an exercise's feedback for the page: every code of
// the checker links to its rule's page, the lesson a message names becomes
// a link instead of a sentence, and a choice exercise's failed answer names
// the learner's pick in words.
func (s *Server) teachFeedback(l i18n.Lang, cat *course.Catalog, ex *exercise.Exercise, answer string, fb *view.FeedbackVM) {
	if fb == nil {
		return
	}
	picks := answerValues(answer, ex.Items())
	each := func(p *view.ProblemVM) {
		// The rule's page holds back what would spell this exercise's
		// answer (ruleShow).
		if p.RuleURL = s.ruleURL(l, p.Code); p.RuleURL != "" {
			p.RuleURL += "?from=" + url.QueryEscape(ex.ID)
		}
		if p.LessonSlug != "" {
			if sentence := grader.LessonSentence(p.LessonSlug, l); sentence != "" {
				p.Message = template.HTML(strings.Replace(string(p.Message), html.EscapeString(sentence), "", 1)) //nolint:gosec // removes escaped text from escaped text
				p.Lesson = &view.NavLink{URL: lessonURL(l, p.LessonSlug), Title: grader.LessonName(p.LessonSlug, l)}
				if placed, ok := cat.Lesson(l, p.LessonSlug); ok {
					p.Lesson.Title = placed.Lesson.Title
				}
			}
		}
		if k, ok := strings.CutPrefix(p.Pointer, "/answers/"); ok && p.CheckID != "" {
			if i, err := strconv.Atoi(k); err == nil && i >= 0 && i < len(picks) {
				help := p.Message
				if p.Wanted == "" {
					help = ""
				}
				p.Message, p.Feedback, p.Wanted = ex.PickWords(l, i, picks[i]), help, ""
			}
		}
	}
	if fb.First != nil {
		each(fb.First)
	}
	for i := range fb.Rest {
		each(&fb.Rest[i])
	}
	for i := range fb.Notes {
		each(&fb.Notes[i])
	}
}
