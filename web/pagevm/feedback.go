package pagevm

import (
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

// Feedback orders a verdict for a learner: the one problem to fix first
// (a blocking diagnostic, else an error, else a failed check), then the
// others folded, then warnings and remarks; and every check's verdict.
func Feedback(ex *exercise.Exercise, res exercise.Result, answer string) *view.FeedbackVM {
	fb := &view.FeedbackVM{Passed: res.Passed}
	lines := strings.Split(answer, "\n")
	excerpt := func(line, col int) *view.Excerpt {
		if !ex.Kind.IsMessage() || line < 1 || line > len(lines) {
			return nil
		}
		return makeExcerpt(line, col, lines[line-1])
	}
	fromDiag := func(d grader.Diagnostic) view.ProblemVM {
		return view.ProblemVM{
			Code: d.Code, Severity: d.Severity, Message: exercise.InlineHTML(d.Message),
			Pointer: d.Pointer, Line: d.Line, Column: d.Column, Suggestion: d.Suggestion,
			Excerpt: excerpt(d.Line, d.Column), LessonSlug: d.Lesson,
		}
	}

	var blocking, errs, notes []view.ProblemVM
	for _, d := range res.Report.Diagnostics {
		switch {
		case d.Severity == grader.SeverityError && d.Blocking:
			blocking = append(blocking, fromDiag(d))
		case d.Severity == grader.SeverityError:
			errs = append(errs, fromDiag(d))
		default:
			notes = append(notes, fromDiag(d))
		}
	}
	var failed []view.ProblemVM
	for _, cr := range res.Checks {
		fb.Checks = append(fb.Checks, view.CheckVM{
			Passed: cr.Passed, Message: exercise.InlineHTML(cr.Message), Feedback: exercise.InlineHTML(cr.Feedback),
		})
		// The "valid" check fails exactly when the checker found errors,
		// which are listed already with more detail.
		if cr.Passed || (cr.ID == string(exercise.RuleValid) && len(blocking)+len(errs) > 0) {
			continue
		}
		// The author's help leads; what the check wanted follows it.
		pb := view.ProblemVM{
			Severity: grader.SeverityError, Message: exercise.InlineHTML(cr.Message),
			Pointer: cr.Pointer, Line: cr.Line, Column: cr.Column, Excerpt: excerpt(cr.Line, cr.Column),
			CheckID: cr.ID,
		}
		if ex.Kind.Answer().Fields == exercise.AnswerChoices {
			// Choices, no editor: no line and column to point at.
			pb.Line, pb.Column = 0, 0
		}
		if cr.Feedback != "" {
			pb.Message, pb.Wanted = exercise.InlineHTML(cr.Feedback), pb.Message
		}
		failed = append(failed, pb)
	}
	var problems []view.ProblemVM
	if res.Problem != "" {
		problems = append(problems, view.ProblemVM{Severity: grader.SeverityError, Message: exercise.InlineHTML(res.Problem)})
	}
	problems = append(problems, blocking...)
	problems = append(problems, errs...)
	problems = append(problems, failed...)
	if res.Passed {
		fb.Notes = notes
		return fb
	}
	problems = append(problems, notes...)
	if len(problems) > 0 {
		fb.First, fb.Rest = &problems[0], problems[1:]
	}
	return fb
}

// FirstProblem names what the feedback shows first, for the instructor's
// statistics: a diagnostic's code or a failed check's id ("" on a pass).
func FirstProblem(res exercise.Result) string {
	if res.Passed {
		return ""
	}
	var firstErr string
	for _, d := range res.Report.Diagnostics {
		if d.Severity != grader.SeverityError {
			continue
		}
		if d.Blocking {
			return d.Code
		}
		if firstErr == "" {
			firstErr = d.Code
		}
	}
	if firstErr != "" {
		return firstErr
	}
	if res.Problem != "" {
		return "answer.unreadable"
	}
	for _, cr := range res.Checks {
		if !cr.Passed {
			return cr.ID
		}
	}
	return ""
}

// excerptWidth bounds the excerpt of a long line to a window around the
// column, so a minified message still shows where the problem is.
const excerptWidth = 72

// makeExcerpt prints a line with a caret under column col (1-based, in
// characters), keeping tabs in the caret line so it lines up.
func makeExcerpt(lineNo, col int, text string) *view.Excerpt {
	runes := []rune(strings.TrimRight(text, "\r"))
	col = max(col, 1)
	start := 0
	prefix, suffix := "", ""
	if len(runes) > excerptWidth {
		start = max(0, min(col-1-excerptWidth/2, len(runes)-excerptWidth))
		end := min(len(runes), start+excerptWidth)
		if start > 0 {
			prefix = "…"
		}
		if end < len(runes) {
			suffix = "…"
		}
		runes = runes[start:end]
	}
	var caret strings.Builder
	caret.WriteString(strings.Repeat(" ", len([]rune(prefix))))
	for i := 0; i < col-1-start; i++ {
		if i < len(runes) && runes[i] == '\t' {
			caret.WriteByte('\t')
		} else {
			caret.WriteByte(' ')
		}
	}
	caret.WriteByte('^')
	return &view.Excerpt{LineNo: lineNo, Text: prefix + string(runes) + suffix, Caret: caret.String()}
}

// teachFeedback finishes an exercise's feedback for the page: every code of
// the checker links to its rule's page, the lesson a message names becomes
// a link instead of a sentence, and a choice exercise's failed answer names
// the learner's pick in words.
func (c Codes) teachFeedback(l i18n.Lang, cat *course.Catalog, ex *exercise.Exercise, answer string, fb *view.FeedbackVM) {
	if fb == nil {
		return
	}
	picks := AnswerValues(answer, ex.Items())
	each := func(p *view.ProblemVM) {
		// The rule's page holds back what would spell this exercise's
		// answer (ruleShow).
		if p.RuleURL = c.RuleURL(l, p.Code); p.RuleURL != "" {
			p.RuleURL += "?from=" + url.QueryEscape(ex.ID)
		}
		if p.LessonSlug != "" {
			if sentence := grader.LessonSentence(p.LessonSlug, l); sentence != "" {
				p.Message = template.HTML(strings.Replace(string(p.Message), html.EscapeString(sentence), "", 1)) //nolint:gosec // removes escaped text from escaped text
				p.Lesson = &view.NavLink{URL: LessonURL(l, p.LessonSlug), Title: grader.LessonName(p.LessonSlug, l)}
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
	eachProblem(fb, each)
}

// eachProblem calls f on every problem of fb: the first, the others, the
// notes.
func eachProblem(fb *view.FeedbackVM, f func(*view.ProblemVM)) {
	if fb.First != nil {
		f(fb.First)
	}
	for i := range fb.Rest {
		f(&fb.Rest[i])
	}
	for i := range fb.Notes {
		f(&fb.Notes[i])
	}
}
