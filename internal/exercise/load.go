package exercise

import (
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"io/fs"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/goccy/go-yaml"

	"github.com/mcpplayground/playground/internal/courselink"
	"github.com/mcpplayground/playground/internal/frontmatter"
	"github.com/mcpplayground/playground/internal/grader"
	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/internal/markdown"
)

// meta is the front matter of an exercise file.
type meta struct {
	ID            string        `yaml:"id"`
	Lesson        string        `yaml:"lesson"`
	Kind          string        `yaml:"kind"`
	Protocol      string        `yaml:"protocol"`
	Order         any           `yaml:"order"`
	Sender        grader.Sender `yaml:"sender"`
	SolutionAfter *int          `yaml:"solution_after"`
	SpellAfter    *int          `yaml:"spell_after_hint"`
	Checks        []*rawItem    `yaml:"checks"`
	Choices       []*rawItem    `yaml:"choices"`
	Concepts      []string      `yaml:"concepts"`
	// server exercises
	Steps     []*rawStep    `yaml:"steps"`
	Revisions any           `yaml:"revisions"`
	Mistakes  yaml.MapSlice `yaml:"mistakes"`
}

// DefaultSolutionAfter is the number of failed attempts after which the
// solution is offered when the file does not say.
const DefaultSolutionAfter = 3

var idRE = regexp.MustCompile(`^[a-z0-9]+(?:-[a-z0-9]+)*$`)

// choice is one answer of a classify exercise, as written.
type choice struct {
	value    string
	label    map[i18n.Lang]string
	feedback map[i18n.Lang]string
	line     int
}

// link is a link written in an exercise's text, checked once every
// exercise is known.
type link struct {
	dest string
	line int
}

// Load reads every *.md file at the root of fsys (README.md excepted) as an
// exercise, renders its text with r and validates it. lessonExists says
// whether a lesson slug exists (nil skips that check). The error joins every
// problem found, each a *frontmatter.Error ("file:line: what is wrong"). A
// missing directory holds no exercises.
func Load(fsys fs.FS, r *markdown.Renderer, lessonExists func(slug string) bool) ([]*Exercise, error) {
	exs, errs, _ := loadAll(fsys, r, lessonExists)
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	return exs, nil
}

// LoadEach is Load for check-content: it also returns, next to the
// problems, the exercises whose own file has none, so that the checks
// that need running (Lint) can report their problems in the same run.
func LoadEach(fsys fs.FS, r *markdown.Renderer, lessonExists func(slug string) bool) ([]*Exercise, error) {
	exs, errs, bad := loadAll(fsys, r, lessonExists)
	clean := slices.DeleteFunc(exs, func(ex *Exercise) bool { return bad[ex.File] })
	return clean, errors.Join(errs...)
}

// loadAll loads every file; bad names the files with a problem of their
// own (a link to a missing page is not one: the exercise still grades).
func loadAll(fsys fs.FS, r *markdown.Renderer, lessonExists func(slug string) bool) ([]*Exercise, []error, map[string]bool) {
	bad := map[string]bool{}
	entries, err := fs.ReadDir(fsys, ".")
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil, bad
	}
	if err != nil {
		return nil, []error{fmt.Errorf("read the exercises directory: %w", err)}, bad
	}
	var (
		exs  []*Exercise
		errs []error
	)
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !strings.HasSuffix(name, ".md") || strings.EqualFold(name, "README.md") {
			continue
		}
		ex, ferrs := loadFile(fsys, r, lessonExists, name)
		errs = append(errs, ferrs...)
		if len(ferrs) > 0 {
			bad[name] = true
		}
		if ex != nil {
			exs = append(exs, ex)
		}
	}
	byID := map[string]*Exercise{}
	for _, ex := range exs {
		if other, dup := byID[ex.ID]; dup {
			errs = append(errs, frontmatter.Errorf(ex.File, 2, "id %q is already used by %s", ex.ID, other.File))
			bad[ex.File] = true
			continue
		}
		byID[ex.ID] = ex
	}
	for _, ex := range exs {
		errs = append(errs, ex.checkLinks(lessonExists, byID)...)
	}
	sort.Slice(exs, func(i, j int) bool {
		a, b := exs[i], exs[j]
		if a.Lesson != b.Lesson {
			return a.Lesson < b.Lesson
		}
		if a.Order != b.Order {
			return a.Order < b.Order
		}
		return a.ID < b.ID
	})
	return exs, errs, bad
}

// checkLinks verifies the links to lessons and exercises written in the text.
func (ex *Exercise) checkLinks(lessonExists func(string) bool, byID map[string]*Exercise) []error {
	ch := courselink.Checker{Exercise: func(id string) bool { return byID[id] != nil }}
	if lessonExists != nil {
		ch.Lesson = func(_ i18n.Lang, slug string) bool { return lessonExists(slug) }
	}
	return ex.CheckLinks(ch)
}

// CheckLinks checks the links written in the exercise's text with ch (the
// course checks their anchors once the lessons' headings are known).
func (ex *Exercise) CheckLinks(ch courselink.Checker) []error {
	from := courselink.Page{Lang: i18n.Default, Kind: courselink.Exercises, Name: ex.ID}
	var errs []error
	for _, l := range ex.links {
		if err := ch.Check(from, ex.File, l.line, l.dest); err != nil {
			errs = append(errs, err)
		}
	}
	return errs
}

// fileLoader gathers the problems of one file so that an instructor sees
// them all at once.
type fileLoader struct {
	file  string
	r     *markdown.Renderer
	lines map[string]int
	errs  []error
}

func (fl *fileLoader) errf(line int, format string, args ...any) {
	fl.errs = append(fl.errs, frontmatter.Errorf(fl.file, line, format, args...))
}

func (fl *fileLoader) lineOf(key string) int {
	if n, ok := fl.lines[key]; ok {
		return n
	}
	return 1
}

func loadFile(fsys fs.FS, r *markdown.Renderer, lessonExists func(string) bool, name string) (*Exercise, []error) {
	m, parts, err := readFile(fsys, name)
	if err != nil {
		return nil, []error{err}
	}
	fl := &fileLoader{file: name, r: r, lines: topLines(parts.FrontMatter)}
	ex := &Exercise{File: name, ID: m.ID, Lesson: m.Lesson, Kind: Kind(m.Kind), Protocol: m.Protocol,
		Sender: m.Sender, Concepts: m.Concepts, Text: map[i18n.Lang]*Text{}, texts: map[i18n.Lang]*textSource{}}
	fl.identity(m, lessonExists)
	if !fl.kind(ex, m) {
		return nil, fl.errs // the rest depends on the kind
	}
	fl.settings(ex, m)
	fl.sections(ex, parts.Body, parts.BodyLine)
	fl.content(ex, m)
	if len(fl.errs) > 0 {
		sort.SliceStable(fl.errs, func(i, j int) bool { return errLine(fl.errs[i]) < errLine(fl.errs[j]) })
		return nil, fl.errs
	}
	ex.starterCodes = sync.OnceValue(func() []string { return starterCodes(ex) })
	return ex, nil
}

// starterCodes judges the starter of a message exercise: the codes of its
// diagnostics, in any language. Load wraps it so that it runs once, when
// first asked (a rule's page), not at start-up.
func starterCodes(ex *Exercise) []string {
	if ex.Starter == "" || !ex.Kind.IsMessage() {
		return nil
	}
	var out []string
	for _, d := range ex.Grade(ex.Starter, i18n.EN).Report.Diagnostics {
		if !slices.Contains(out, d.Code) {
			out = append(out, d.Code)
		}
	}
	return out
}

// readFile reads an exercise file and decodes its front matter.
func readFile(fsys fs.FS, name string) (*meta, frontmatter.Parts, error) {
	src, err := fs.ReadFile(fsys, name)
	if err != nil {
		return nil, frontmatter.Parts{}, fmt.Errorf("read exercise %s: %w", name, err)
	}
	parts, err := frontmatter.Split(name, src)
	if err != nil {
		return nil, parts, err
	}
	var m meta
	if err := frontmatter.Decode(name, parts.FrontMatter, &m); err != nil {
		return nil, parts, explainYAML(err)
	}
	return &m, parts, nil
}

// identity checks the id against the file name and the lesson against
// the course.
func (fl *fileLoader) identity(m *meta, lessonExists func(string) bool) {
	stem := strings.TrimSuffix(fl.file, ".md")
	switch {
	case m.ID == "":
		fl.errf(1, "id is missing: add \"id: %s\" to the front matter", stem)
	case !idRE.MatchString(m.ID):
		fl.errf(fl.lineOf("id"), "id %q: use lower-case letters, digits and dashes, such as tools-fix-call-params", m.ID)
	case m.ID != stem:
		fl.errf(fl.lineOf("id"), "id %q does not match the file name: name the file %s.md", m.ID, m.ID)
	}
	switch {
	case m.Lesson == "":
		fl.errf(1, "lesson is missing: the slug of the lesson this exercise belongs to, such as \"lesson: tools\"")
	case lessonExists != nil && !lessonExists(m.Lesson):
		fl.errf(fl.lineOf("lesson"), "lesson %q does not exist: use the slug of a lesson (the end of its file name)", m.Lesson)
	}
}

// kind reports whether the exercise's kind is known, and says why not.
func (fl *fileLoader) kind(ex *Exercise, m *meta) bool {
	if def(ex.Kind) != nil {
		return true
	}
	if m.Kind == "" {
		fl.errf(1, "kind is missing: %s", kindNames(" or "))
	} else {
		fl.errf(fl.lineOf("kind"), "kind %q is not one of %s", m.Kind, kindNames(", "))
	}
	return false
}

// settings checks the front matter's scalar settings and fills in their
// defaults: protocol, order, sender, solution_after and spell_after_hint.
func (fl *fileLoader) settings(ex *Exercise, m *meta) {
	if ex.Protocol == "" {
		ex.Protocol = grader.DefaultRevision
	} else if !grader.KnownRevision(ex.Protocol) {
		fl.errf(fl.lineOf("protocol"), "protocol %q is not a known MCP revision (%s)", ex.Protocol, grader.JoinRevisions(grader.CourseRevisions(), ""))
		ex.Protocol = grader.DefaultRevision
	}
	switch n := m.Order.(type) {
	case nil:
	case uint64:
		ex.Order = int(min(n, 1<<31))
	default:
		fl.errf(fl.lineOf("order"), "order is a whole number from 0 up (1, 2, 3…), not %v", compact(m.Order))
	}
	switch ex.Sender {
	case grader.SenderUnknown:
		ex.Sender = grader.SenderClient
		if def(ex.Kind).server {
			ex.Sender = grader.SenderServer
		}
	case grader.SenderClient, grader.SenderServer:
	default:
		fl.errf(fl.lineOf("sender"), "sender is client or server, not %q", ex.Sender)
	}
	ex.SolutionAfter = DefaultSolutionAfter
	if m.SolutionAfter != nil {
		ex.SolutionAfter = *m.SolutionAfter
		if ex.SolutionAfter < 0 {
			fl.errf(fl.lineOf("solution_after"), "solution_after is a number of failed attempts, from 0 up (0: only after passing)")
		}
	}

	if m.SpellAfter != nil {
		ex.SpellAfterHint = *m.SpellAfter
		if ex.SpellAfterHint < 0 || ex.SpellAfterHint > maxHints {
			fl.errf(fl.lineOf("spell_after_hint"), "spell_after_hint is the number of a hint, from 1 up, or 0 for the last hint")
		}
	}
}

// content reads what depends on the kind: choices, steps, checks, then
// the solutions and the texts.
func (fl *fileLoader) content(ex *Exercise, m *meta) {
	d := def(ex.Kind)
	d.load(fl, ex, m)
	if d.solutions != nil {
		d.solutions(fl, ex)
	}
	fl.texts(ex)
}

type need int

const (
	never need = iota
	optional
	required
)

// sections reads the body: JSON blocks into the exercise, language
// sections into ex.texts (rendered later).
func (fl *fileLoader) sections(ex *Exercise, body []byte, bodyLine int) {
	secs, errs := splitSections(fl.file, body, bodyLine)
	fl.errs = append(fl.errs, errs...)
	got := fl.gather(ex, secs)
	if bs := got[secStarter]; len(bs) > 0 {
		ex.starter = &bs[0]
		ex.Starter = bs[0].text
	}
	if bs := got[secRequest]; len(bs) > 0 {
		fl.request(ex, bs[0])
	}
	for _, b := range got[secMessages] {
		ex.Messages = append(ex.Messages, b.text)
	}
	fl.requests(ex, got[secRequests])
	fl.responses(ex, got[secResponses])
	for _, b := range got[secSolution] {
		if fl.parseJSON(b, "this solution") != nil {
			ex.sols = append(ex.sols, b)
			ex.Solutions = append(ex.Solutions, b.text)
		}
	}
	ex.wrong = got[secWrong]
	if ex.Kind == KindLog {
		fl.logSection(ex, got[secLog])
	}
}

// gather sorts the sections: language sections into ex.texts, the JSON
// blocks of the others by section name, checking each against the
// sections of the kind's entry.
func (fl *fileLoader) gather(ex *Exercise, secs []*section) map[string][]block {
	got := map[string][]block{}
	seen := map[string]int{}
	rules := def(ex.Kind).sections
	for _, s := range secs {
		if s.name == "" {
			fl.text(ex, s)
			continue
		}
		if rules[s.name] == never {
			fl.errf(s.line, "a %s exercise has no # %s section", ex.Kind, s.name)
			continue
		}
		if prev, dup := seen[s.name]; dup && s.name != secSolution && s.name != secWrong {
			fl.errf(s.line, "a second # %s section: the first is on line %d", s.name, prev)
			continue
		}
		seen[s.name] = s.line
		got[s.name] = append(got[s.name], fl.blocks(s)...)
	}
	for _, name := range jsonSections {
		if rules[name] == required && seen[name] == 0 {
			fl.errf(1, "a %s exercise needs a # %s section (see FORMAT.md)", ex.Kind, name)
		}
	}
	if len(ex.texts) == 0 {
		fl.errf(1, "the exercise has no text: add a section \"# en: Title\" (and \"# fr: Titre\") with the statement")
	}
	return got
}

// text keeps a language section, once per language.
func (fl *fileLoader) text(ex *Exercise, s *section) {
	if prev, dup := ex.texts[s.lang]; dup {
		fl.errf(s.line, "a second %s section: the first is on line %d", s.lang, prev.line)
		return
	}
	ts, errs := s.text(fl.file)
	fl.errs = append(fl.errs, errs...)
	ex.texts[s.lang] = ts
}

// blocks reads the JSON blocks of a section: at least one, and only one
// in # starter and # request.
func (fl *fileLoader) blocks(s *section) []block {
	bs, errs := s.blocks(fl.file)
	fl.errs = append(fl.errs, errs...)
	if len(bs) == 0 && len(errs) == 0 {
		fl.errf(s.line, "# %s holds no ```json block", s.name)
	}
	if (s.name == secStarter || s.name == secRequest) && len(bs) > 1 {
		fl.errf(bs[1].line-1, "# %s holds one ```json block, not %d", s.name, len(bs))
		bs = bs[:1]
	}
	return bs
}

// request reads a reply exercise's request.
func (fl *fileLoader) request(ex *Exercise, b block) {
	if v := fl.parseJSON(b, "the request"); v != nil {
		if rep := grader.Check([]byte(b.text), grader.Options{Protocol: ex.Protocol}); rep.Kind != grader.KindRequest {
			fl.errf(b.line, "the request must be a request: an object with an id and a method")
		}
	}
	ex.Request = b.text
	ex.requestKnown = grader.HasResult(requestMethod(b.text), ex.Protocol)
}

// requests reads a match exercise's requests, whose ids must differ.
func (fl *fileLoader) requests(ex *Exercise, bs []block) {
	var reqIDs []*grader.Value
	for i, b := range bs {
		ex.Requests = append(ex.Requests, b.text)
		v := fl.parseJSON(b, "this request")
		if v == nil {
			continue
		}
		id := v.Get("id")
		if v.Get("method") == nil || id == nil {
			fl.errf(b.line, "request %d must be a request: an object with an id and a method", i+1)
			continue
		}
		for j, other := range reqIDs {
			if sameValue(id, other) {
				fl.errf(b.line, "request %d has the same id as request %d: each response could then answer both", i+1, j+1)
			}
		}
		reqIDs = append(reqIDs, id)
	}
}

// responses reads a match exercise's responses.
func (fl *fileLoader) responses(ex *Exercise, bs []block) {
	for i, b := range bs {
		ex.Responses = append(ex.Responses, b.text)
		if v := fl.parseJSON(b, "this response"); v != nil && (v.Kind != grader.Object || v.Get("method") != nil || (v.Get("result") == nil && v.Get("error") == nil)) {
			fl.errf(b.line, "response %d must be a response: an object with result or error, and no method", i+1)
		}
	}
}

// parseJSON reports a block that is not valid JSON, at the line of the
// mistake.
func (fl *fileLoader) parseJSON(b block, what string) *grader.Value {
	v, err := grader.Parse([]byte(b.text))
	var se *grader.SyntaxError
	if errors.As(err, &se) {
		fl.errf(b.line+se.Line-1, "%s is not valid JSON (column %d): %s", what, se.Column, se.Message)
		return nil
	}
	if err != nil || v == nil {
		fl.errf(b.line, "%s is not valid JSON", what)
		return nil
	}
	return v
}

var choiceValueRE = regexp.MustCompile(`^[a-z0-9]+(?:-[a-z0-9]+)*$`)

func (fl *fileLoader) choices(ex *Exercise, items []*rawItem) {
	if len(items) < 2 {
		fl.errf(fl.lineOf("choices"), "a classify exercise needs choices: at least two, such as [request, notification]")
		return
	}
	for _, it := range items {
		ch := choice{line: it.line}
		if !it.isMap {
			s, ok := it.scalar.(string)
			if !ok || builtinChoices[s] == nil {
				fl.errf(it.line, "choice %s: a choice written alone is one of request, notification, response, error, invalid; write others as {value: …, label: {en: …, fr: …}}", compact(it.scalar))
				continue
			}
			ch.value = s
		} else {
			for _, k := range it.keys {
				switch k.name {
				case "value":
					s, ok := k.value.(string)
					if !ok || !choiceValueRE.MatchString(s) {
						fl.errf(k.line, "a choice's value is lower-case letters, digits and dashes")
						continue
					}
					ch.value = s
				default:
					fl.choiceWords(&ch, k)
				}
			}
			if ch.value == "" {
				fl.errf(it.line, "this choice has no value")
				continue
			}
		}
		if ch.label == nil {
			ch.label = builtinChoices[ch.value]
			if ch.label == nil {
				fl.errf(ch.line, "choice %q needs a label: {en: …, fr: …} (only request, notification, response, error and invalid have one built in)", ch.value)
			}
		}
		if slices.ContainsFunc(ex.choices, func(o choice) bool { return o.value == ch.value }) {
			fl.errf(ch.line, "choice %q is listed twice", ch.value)
			continue
		}
		ex.choices = append(ex.choices, ch)
	}
}

func (fl *fileLoader) checks(ex *Exercise, items []*rawItem) {
	if len(items) == 0 {
		fl.errf(fl.lineOf("checks"), "checks are missing: list what a right answer must satisfy (see FORMAT.md)")
		return
	}
	cx := checkContext{file: fl.file, kind: ex.Kind, protocol: ex.Protocol, choices: ex.choices,
		items: ex.Items(), requests: len(ex.Requests)}
	hasValid := false
	for _, it := range items {
		c, errs := parseCheck(cx, it)
		fl.errs = append(fl.errs, errs...)
		if c == nil {
			continue
		}
		hasValid = hasValid || c.Rule == RuleValid
		ex.Checks = append(ex.Checks, c)
	}
	if (ex.Kind.IsMessage() || ex.Kind == KindLive) && !hasValid {
		implicit := &Check{ID: string(RuleValid), Rule: RuleValid, Line: fl.lineOf("checks"), Implicit: true, protocol: ex.Protocol, live: ex.Kind == KindLive}
		ex.Checks = append([]*Check{implicit}, ex.Checks...)
	}
	// Readable ids that stay unique: a second "method" becomes "method#2".
	used := map[string]int{}
	for _, c := range ex.Checks {
		used[c.ID]++
		if n := used[c.ID]; n > 1 {
			c.ID += "#" + strconv.Itoa(n)
		}
	}
	if ex.Kind != KindClassify && ex.Kind != KindMatch {
		return
	}
	byItem := map[int]*Check{}
	for _, c := range ex.Checks {
		if prev, dup := byItem[c.item]; dup {
			fl.errf(c.Line, "%s %d already has an answer check, on line %d", itemWord(ex.Kind), c.item, prev.Line)
			continue
		}
		byItem[c.item] = c
	}
	for i := 1; i <= ex.Items(); i++ {
		if byItem[i] == nil {
			fl.errf(fl.lineOf("checks"), "%s %d has no answer check: add \"- answer: …\" with \"item: %d\"", itemWord(ex.Kind), i, i)
		}
	}
}

// answerSolutions checks the solutions written of an exercise graded by
// answer checks, or writes one from those checks.
func answerSolutions(fl *fileLoader, ex *Exercise) {
	for _, b := range ex.sols {
		if _, err := ex.readAnswers([]byte(b.text)); err != nil {
			fl.errf(b.line, "this solution is not an answer of a %s exercise: %v", ex.Kind, err)
		}
	}
	if len(ex.sols) > 0 || len(fl.errs) > 0 {
		return
	}
	answers := make([]any, ex.Items())
	for _, c := range ex.Checks {
		if c.item >= 1 && c.item <= len(answers) {
			answers[c.item-1] = c.value
		}
	}
	sol, _ := json.Marshal(map[string]any{"answers": answers})
	ex.Solutions = []string{string(sol)}
}

// liveSolutions checks that each solution of a live exercise is a session.
func liveSolutions(fl *fileLoader, ex *Exercise) {
	for _, b := range ex.sols {
		if _, err := readExchange([]byte(b.text)); err != nil {
			fl.errf(b.line, "this solution is not a live exchange: %v", err)
		}
	}
}

// texts renders the language sections.
func (fl *fileLoader) texts(ex *Exercise) {
	for l, ts := range ex.texts {
		t := &Text{Title: ts.title}
		doc, err := fl.render(ts.statement, l, ts.statementLine)
		t.Statement = doc.HTML
		fl.collectLinks(ex, doc, err)
		for _, h := range ts.hints {
			doc, err := fl.render(h.text, l, h.line)
			fl.collectLinks(ex, doc, err)
			t.Hints = append(t.Hints, doc.HTML)
		}
		for _, ch := range ex.choices {
			t.Choices = append(t.Choices, Choice{Value: ch.value, Label: InlineHTML(pick(ch.label, l))})
		}
		ex.Text[l] = t
	}
}

func (fl *fileLoader) render(src string, l i18n.Lang, line int) (markdown.Doc, error) {
	if fl.r == nil {
		return markdown.Doc{HTML: template.HTML(template.HTMLEscapeString(src))}, nil
	}
	return fl.r.Render([]byte(src), markdown.Options{Lang: l, FirstLine: line})
}

func (fl *fileLoader) collectLinks(ex *Exercise, doc markdown.Doc, err error) {
	if err != nil {
		located := markdown.Errors(err)
		for _, e := range located {
			fl.errf(e.Line, "%s", e.Msg)
		}
		if len(located) == 0 {
			fl.errs = append(fl.errs, fmt.Errorf("%s: render the text: %w", fl.file, err))
		}
	}
	for _, lk := range doc.Links {
		ex.links = append(ex.links, link{dest: lk.Dest, line: lk.Line})
	}
}

// explainYAML adds the usual cause to the YAML errors instructors meet most:
// a text holding ": " or starting with a backquote must be quoted.
func explainYAML(err error) error {
	var fe *frontmatter.Error
	if !errors.As(err, &fe) {
		return err
	}
	if strings.Contains(fe.Msg, "mapping value is not allowed") || strings.Contains(fe.Msg, "reserved") || strings.Contains(fe.Msg, "could not find expected") {
		return frontmatter.Errorf(fe.File, fe.Line, "%s (a text that holds \": \" or starts with ` must be quoted: '…' or \"…\")", fe.Msg)
	}
	return err
}

func errLine(err error) int {
	var fe *frontmatter.Error
	if errors.As(err, &fe) {
		return fe.Line
	}
	return 0
}

// choiceWords reads a choice's label or feedback (a text in each
// language), and refuses any other key but value, which each kind reads in
// its own way.
func (fl *fileLoader) choiceWords(ch *choice, k rawKey) {
	switch k.name {
	case "label", "feedback":
		lm, err := langMap(k.value)
		if err != nil {
			fl.errf(k.line, "%s: %v", k.name, err)
			return
		}
		if k.name == "label" {
			ch.label = lm
		} else {
			ch.feedback = lm
		}
	default:
		fl.errf(k.line, "unknown key %q in a choice: a choice has value, label and feedback", k.name)
	}
}
