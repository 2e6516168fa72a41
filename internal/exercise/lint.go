package exercise

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"slices"
	"sort"
	"strings"

	"github.com/mcpplayground/playground/internal/frontmatter"
	"github.com/mcpplayground/playground/internal/grader"
	"github.com/mcpplayground/playground/internal/i18n"
)

// CourseFile is the name of the settings file of an exercises directory.
const CourseFile = "course.yaml"

// Course holds the settings that apply to every exercise.
type Course struct {
	// Languages lists the languages every exercise must be written in
	// (none: any one language is enough).
	Languages []i18n.Lang
	// Concepts lists the ids of the concepts the course teaches; each must
	// be practised by at least one exercise (see concepts.go).
	Concepts []string
	// WrongAnswers is how many "# Wrong" blocks each exercise must list,
	// but server exercises (0: no requirement).
	WrongAnswers int
	// conceptsLine is the line of "concepts:" in course.yaml.
	conceptsLine int
}

type courseFile struct {
	Languages []string `yaml:"languages"`
	Concepts  []string `yaml:"concepts"`
	Wrong     int      `yaml:"wrong_answers"`
}

// ReadCourse reads course.yaml from an exercises directory; a missing file
// means no requirement.
func ReadCourse(fsys fs.FS) (Course, error) {
	src, err := fs.ReadFile(fsys, CourseFile)
	if errors.Is(err, fs.ErrNotExist) {
		return Course{}, nil
	}
	if err != nil {
		return Course{}, fmt.Errorf("read %s: %w", CourseFile, err)
	}
	// frontmatter.Decode counts lines from the line after "---"; the file
	// has none, so its lines are shifted back by one below.
	var cf courseFile
	if err := frontmatter.Decode(CourseFile, src, &cf); err != nil {
		var fe *frontmatter.Error
		if errors.As(err, &fe) && fe.Line > 1 {
			fe.Line--
		}
		return Course{}, err
	}
	if cf.Wrong < 0 {
		return Course{}, frontmatter.Errorf(CourseFile, topLines(src)["wrong_answers"]-fmOffset, "wrong_answers is a number of wrong answers, 0 or more")
	}
	c := Course{Concepts: cf.Concepts, WrongAnswers: cf.Wrong, conceptsLine: topLines(src)["concepts"] - fmOffset}
	for _, s := range cf.Languages {
		l, ok := i18n.Parse(s)
		if !ok || string(l) != s {
			return Course{}, frontmatter.Errorf(CourseFile, topLines(src)["languages"]-fmOffset, "unknown language %q: the languages are en and fr", s)
		}
		if !slices.Contains(c.Languages, l) {
			c.Languages = append(c.Languages, l)
		}
	}
	return c, nil
}

// Lint checks what parsing cannot: that each exercise's checks do what the
// author meant. Starters and wrong answers fail, solutions pass, every check
// can fail (FORMAT.md, "Every check can fail"), match answers agree with the
// ids, orders are unique within a lesson, and every text exists in each of
// the course's languages. Each error is a *frontmatter.Error.
func Lint(exs []*Exercise, course Course) []error {
	var errs []error
	orders := map[string]map[int]*Exercise{}
	for _, ex := range exs {
		if orders[ex.Lesson] == nil {
			orders[ex.Lesson] = map[int]*Exercise{}
		}
		if other, dup := orders[ex.Lesson][ex.Order]; dup {
			errs = append(errs, frontmatter.Errorf(ex.File, 2, "order %d is already used by %s in lesson %s", ex.Order, other.File, ex.Lesson))
		} else {
			orders[ex.Lesson][ex.Order] = ex
		}
		errs = append(errs, ex.lint(course)...)
	}
	return append(errs, lintConcepts(exs, course)...)
}

func (ex *Exercise) lint(course Course) []error {
	var errs []error
	errf := func(line int, format string, args ...any) {
		errs = append(errs, frontmatter.Errorf(ex.File, line, format, args...))
	}
	lang := i18n.Default
	d := def(ex.Kind)
	if d.external {
		// Its solution is a server: internal/servercheck runs the steps
		// against the bundled gift server and its mistake modes.
		return ex.lintLanguages(course)
	}

	// Solutions pass.
	for i, sol := range ex.Solutions {
		line := 1
		if i < len(ex.sols) {
			line = ex.sols[i].line
		}
		res := ex.Grade(sol, lang)
		for j, cr := range res.Checks {
			if cr.Passed {
				continue
			}
			c := ex.Checks[j]
			why := ""
			if c.Rule == RuleValid || c.Rule == RuleResultShape {
				if d := firstError(res.Report, ""); d != nil {
					why = fmt.Sprintf(" (the checker says, line %d: %s)", d.Line, d.Message)
				}
			}
			errf(line, "this solution fails the check on line %d: %s%s", c.Line, cr.Message, why)
		}
	}
	// The starter and the wrong answers fail.
	if ex.starter != nil && ex.Grade(ex.Starter, lang).Passed {
		errf(ex.starter.line, "the starter already passes every check: there is nothing to fix")
	}
	for _, w := range ex.wrong {
		if ex.Grade(w.text, lang).Passed {
			errf(w.line, "this wrong answer passes every check: add a check that rejects it")
		}
	}
	if n := len(ex.wrong); n < course.WrongAnswers {
		line := 1
		if n > 0 {
			line = ex.wrong[0].line
		}
		errf(line, "%d wrong answer(s) in # Wrong; %s asks for at least %d: write the mistakes a learner is likely to make here, one block each", n, CourseFile, course.WrongAnswers)
	}
	errs = append(errs, ex.lintCanFail()...)
	errs = append(errs, ex.lintPointers()...)
	if d.lint != nil {
		errs = append(errs, d.lint(ex)...)
	}
	errs = append(errs, ex.lintLanguages(course)...)
	sort.SliceStable(errs, func(i, j int) bool { return errLine(errs[i]) < errLine(errs[j]) })
	return errs
}

// lintCanFail reports the checks that pass on every plausible wrong answer.
func (ex *Exercise) lintCanFail() []error {
	candidates := ex.wrongCandidates()
	canFail := make([]bool, len(ex.Checks))
	left := len(ex.Checks)
	for _, cand := range candidates {
		if left == 0 {
			break
		}
		res := ex.Grade(cand, i18n.Default)
		for i, cr := range res.Checks {
			if !cr.Passed && !canFail[i] {
				canFail[i] = true
				left--
			}
		}
	}
	var errs []error
	for i, c := range ex.Checks {
		if canFail[i] {
			continue
		}
		what := "the starter, the wrong answers and every one-step change of the solutions"
		errs = append(errs, frontmatter.Errorf(ex.File, c.Line, "this check never fails: it passes on %s (%d tried); is the pointer right? (see \"Every check can fail\" in FORMAT.md)", what, len(candidates)))
	}
	return errs
}

// wrongCandidates lists the plausible wrong answers: the starter, the
// author's wrong answers, and the one-step changes of every solution.
func (ex *Exercise) wrongCandidates() []string {
	var out []string
	if ex.starter != nil {
		out = append(out, ex.Starter)
	}
	for _, w := range ex.wrong {
		out = append(out, w.text)
	}
	for _, sol := range ex.Solutions {
		root, err := grader.Parse([]byte(sol))
		if err != nil {
			continue
		}
		doc := root.Interface()
		for _, m := range mutants(doc, ex.addPointers(root)) {
			out = append(out, marshal(m))
		}
		if def(ex.Kind).byAnswer {
			out = append(out, ex.answerMutants(doc)...)
		}
	}
	return out
}

// addPointers lists where a member may be added: every pointer a check
// names, inside each message of a live exchange.
func (ex *Exercise) addPointers(root *grader.Value) []string {
	var ps []string
	for _, c := range ex.Checks {
		if c.pointer != "" {
			ps = append(ps, c.pointer)
		}
	}
	if ex.Kind != KindLive {
		return ps
	}
	var out []string
	if list := root.Get("exchange"); list != nil {
		for i := range list.Items {
			for _, p := range ps {
				out = append(out, fmt.Sprintf("/exchange/%d/message%s", i, p))
			}
		}
	}
	return out
}

// answerMutants replaces each answer of a classify or match solution by
// every other possible answer.
func (ex *Exercise) answerMutants(doc any) []string {
	m, ok := doc.(map[string]any)
	if !ok {
		return nil
	}
	list, ok := m["answers"].([]any)
	if !ok {
		return nil
	}
	var options []any
	if ex.Kind == KindClassify || ex.Kind == KindLog {
		for _, ch := range ex.choices {
			options = append(options, ch.value)
		}
	} else {
		for n := 0; n <= len(ex.Requests); n++ {
			options = append(options, n)
		}
	}
	var out []string
	for i := range list {
		for _, o := range options {
			if fmt.Sprint(o) == fmt.Sprint(list[i]) {
				continue
			}
			changed := slices.Clone(list)
			changed[i] = o
			out = append(out, marshal(map[string]any{"answers": changed}))
		}
	}
	return out
}

// lintPairs checks that a match exercise's answers agree with the ids.
func (ex *Exercise) lintPairs() []error {
	var errs []error
	for _, c := range ex.Checks {
		if c.Rule != RuleAnswer || c.item < 1 || c.item > len(ex.Responses) {
			continue
		}
		resp, _ := grader.Parse([]byte(ex.Responses[c.item-1]))
		want := 0
		for i, r := range ex.Requests {
			req, _ := grader.Parse([]byte(r))
			if id := resp.Get("id"); id != nil && id.Kind != grader.Null && sameValue(id, req.Get("id")) {
				want = i + 1
				break
			}
		}
		if fmt.Sprint(c.value) != fmt.Sprint(want) {
			if want == 0 {
				errs = append(errs, frontmatter.Errorf(ex.File, c.Line, "response %d answers no request (no request has its id), so its answer is 0, not %v", c.item, c.value))
			} else {
				errs = append(errs, frontmatter.Errorf(ex.File, c.Line, "response %d has the id of request %d, so its answer is %d, not %v", c.item, want, want, c.value))
			}
		}
	}
	return errs
}

// lintKinds checks the answers that name a kind of message against the
// checker's reading of the message: an author who swaps two answers by
// mistake would otherwise teach the wrong thing.
func (ex *Exercise) lintKinds() []error {
	var errs []error
	for _, c := range ex.Checks {
		want, _ := c.value.(string)
		if c.Rule != RuleAnswer || builtinChoices[want] == nil || c.item < 1 || c.item > len(ex.Messages) {
			continue
		}
		rep := grader.Check([]byte(ex.Messages[c.item-1]), grader.Options{Protocol: ex.Protocol})
		switch {
		case want == "invalid" && rep.Valid:
			errs = append(errs, frontmatter.Errorf(ex.File, c.Line, "the answer says message %d is not a valid message, but the checker finds it valid (a %s)", c.item, rep.Kind))
		case want != "invalid" && string(rep.Kind) != want:
			errs = append(errs, frontmatter.Errorf(ex.File, c.Line, "the answer says message %d is a %s, but the checker reads it as %s", c.item, want, rep.Kind))
		}
	}
	return errs
}

// lintLanguages checks that every text exists in each required language,
// and that translations have as many hints.
func (ex *Exercise) lintLanguages(course Course) []error {
	var errs []error
	errf := func(line int, format string, args ...any) {
		errs = append(errs, frontmatter.Errorf(ex.File, line, format, args...))
	}
	langs := slices.Clone(course.Languages)
	sort.Slice(langs, func(i, j int) bool { return langs[i] < langs[j] })
	var first *textSource
	var firstLang i18n.Lang
	for _, l := range i18n.All {
		if ts := ex.texts[l]; ts != nil && first == nil {
			first, firstLang = ts, l
		}
	}
	for _, l := range langs {
		ts := ex.texts[l]
		if ts == nil {
			line := 1
			if first != nil {
				line = first.line
			}
			errf(line, "the course requires %s, and this exercise has no %s text: add a section \"# %s: …\"", l, l, l)
			continue
		}
		if first != nil && ts != first && len(ts.hints) != len(first.hints) {
			errf(ts.line, "%d hints here but %d in %s: translations give the same hints", len(ts.hints), len(first.hints), firstLang)
		}
		for _, c := range ex.allChecks() {
			if len(c.feedback) > 0 && c.feedback[l] == "" {
				errf(c.Line, "this check's feedback has no %s text", l)
			}
		}
		for _, st := range ex.Steps {
			if len(st.title) > 0 && st.title[l] == "" {
				errf(st.Line, "this step's title has no %s text", l)
			}
			for _, a := range st.Answers {
				if len(a.warning) > 0 && a.warning[l] == "" {
					errf(st.Line, "a warning of this step has no %s text", l)
				}
			}
		}
		for _, ch := range ex.choices {
			if ch.label[l] == "" {
				errf(ch.line, "choice %q has no %s label", ch.value, l)
			}
			if len(ch.feedback) > 0 && ch.feedback[l] == "" {
				errf(ch.line, "choice %q's feedback has no %s text", ch.value, l)
			}
		}
	}
	return errs
}

// mutants returns the one-step changes of a JSON document (plain values as
// from grader.Value.Interface): each member or item removed, each value
// changed or replaced by null, and a member added at each of the pointers
// when its parent object exists.
func mutants(doc any, add []string) []any {
	var out []any
	var walk func(path []string, v any)
	walk = func(path []string, v any) {
		if len(path) > 0 {
			out = append(out, replaceAt(doc, path, nil, true))
			if changed, ok := changeScalar(v); ok {
				out = append(out, replaceAt(doc, path, changed, false))
			}
			if v != nil {
				out = append(out, replaceAt(doc, path, nullValue{}, false))
			}
		}
		switch x := v.(type) {
		case map[string]any:
			keys := make([]string, 0, len(x))
			for k := range x {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			for _, k := range keys {
				walk(append(slices.Clip(path), k), x[k])
			}
		case []any:
			for i, it := range x {
				walk(append(slices.Clip(path), fmt.Sprint(i)), it)
			}
		}
	}
	walk(nil, doc)
	for _, p := range add {
		if p == "" {
			continue
		}
		toks := strings.Split(p[1:], "/")
		for i := range toks {
			toks[i] = strings.NewReplacer("~1", "/", "~0", "~").Replace(toks[i])
		}
		parent, ok := lookup(doc, toks[:len(toks)-1])
		if m, isObj := parent.(map[string]any); ok && isObj {
			if _, exists := m[toks[len(toks)-1]]; !exists {
				out = append(out, replaceAt(doc, toks, "x", false))
			}
		}
	}
	return out
}

// nullValue asks replaceAt for a JSON null (nil means "remove").
type nullValue struct{}

func changeScalar(v any) (any, bool) {
	switch x := v.(type) {
	case string:
		return x + "x", true
	case bool:
		return !x, true
	case nil:
		return json.Number("0"), true
	case json.Number:
		if c, ok := canonNumber(string(x)); ok && c.digits == "0" {
			return json.Number("1"), true
		}
		if n, err := x.Int64(); err == nil && n < 1<<62 {
			return json.Number(fmt.Sprint(n + 1)), true
		}
		return json.Number("0"), true
	}
	return nil, false
}

func lookup(doc any, path []string) (any, bool) {
	cur := doc
	for _, tok := range path {
		switch x := cur.(type) {
		case map[string]any:
			v, ok := x[tok]
			if !ok {
				return nil, false
			}
			cur = v
		case []any:
			i := -1
			if _, err := fmt.Sscan(tok, &i); err != nil || i < 0 || i >= len(x) {
				return nil, false
			}
			cur = x[i]
		default:
			return nil, false
		}
	}
	return cur, true
}

// replaceAt returns a copy of doc with the value at path replaced by v, or
// removed when remove is set. Only the containers on the path are copied.
func replaceAt(doc any, path []string, v any, remove bool) any {
	if len(path) == 0 {
		if _, isNull := v.(nullValue); isNull {
			return nil
		}
		return v
	}
	tok, rest := path[0], path[1:]
	switch x := doc.(type) {
	case map[string]any:
		out := make(map[string]any, len(x)+1)
		for k, val := range x {
			out[k] = val
		}
		if len(rest) == 0 && remove {
			delete(out, tok)
			return out
		}
		out[tok] = replaceAt(x[tok], rest, v, remove)
		return out
	case []any:
		i := -1
		if _, err := fmt.Sscan(tok, &i); err != nil || i < 0 || i >= len(x) {
			return doc
		}
		if len(rest) == 0 && remove {
			return append(slices.Clone(x[:i]), x[i+1:]...)
		}
		out := slices.Clone(x)
		out[i] = replaceAt(x[i], rest, v, remove)
		return out
	}
	return doc
}

// lintReply: when the checker does not know the request's method, only an
// "id: same" check compares the id of a success response.
func (ex *Exercise) lintReply() []error {
	if ex.requestKnown || slices.ContainsFunc(ex.Checks, func(c *Check) bool { return c.Rule == RuleID && c.idMode == "same" }) {
		return nil
	}
	return []error{frontmatter.Errorf(ex.File, 1, "the checker does not know the method of this request, so it cannot compare the id of a success response: add the check \"- id: same\"")}
}
