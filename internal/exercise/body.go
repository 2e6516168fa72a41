package exercise

import (
	"regexp"
	"strings"

	"github.com/mcpplayground/playground/internal/frontmatter"
	"github.com/mcpplayground/playground/internal/i18n"
)

// The body is read line by line rather than through goldmark: the sections
// are a convention of this format, not Markdown semantics, and reading lines
// keeps every error pointing at the right line. Fenced code blocks are
// tracked so that a "# " inside a block is never taken for a section.

// Names of the language-independent sections.
const (
	secStarter   = "Starter"
	secRequest   = "Request"
	secMessages  = "Messages"
	secRequests  = "Requests"
	secResponses = "Responses"
	secSolution  = "Solution"
	secWrong     = "Wrong"
	secLog       = "Log"
)

var jsonSections = []string{secStarter, secRequest, secMessages, secRequests, secResponses, secSolution, secWrong, secLog}

// section is one level-1 heading and what follows it.
type section struct {
	name  string    // one of jsonSections, or "" for a language section
	lang  i18n.Lang // language sections
	title string    // language sections
	line  int       // of the heading
	lines []srcLine // the lines after the heading
}

type srcLine struct {
	text string
	n    int // 1-based line in the file
}

// block is one fenced code block of a JSON section.
type block struct {
	text string
	line int // of the first line inside the fence
}

var (
	langHeadingRE = regexp.MustCompile(`^([A-Za-z]{2,3})\s*[:：]\s*(.*)$`)
	fenceRE       = regexp.MustCompile("^ {0,3}(`{3,}|~{3,})\\s*([^`\\s]*)")
)

// splitSections cuts the body into sections. Text before the first section
// must be blank: there is no place for it on the page.
func splitSections(file string, body []byte, bodyLine int) ([]*section, []error) {
	var (
		secs  []*section
		errs  []error
		cur   *section
		fence string // the opening fence while inside a block
	)
	text := strings.ReplaceAll(string(body), "\r\n", "\n")
	lines := strings.Split(text, "\n")
	if len(lines) > 0 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	for i, l := range lines {
		n := bodyLine + i
		if fence == "" && strings.HasPrefix(l, "# ") {
			s, err := parseHeading(file, strings.TrimSpace(l[2:]), n)
			if err != nil {
				errs = append(errs, err)
				cur = &section{line: n} // swallow its content
				continue
			}
			secs = append(secs, s)
			cur = s
			continue
		}
		if m := fenceRE.FindStringSubmatch(l); m != nil {
			switch {
			case fence == "":
				fence = m[1]
			case strings.TrimSpace(l) != "" && strings.Trim(strings.TrimSpace(l), fence[:1]) == "" && len(strings.TrimSpace(l)) >= len(fence):
				fence = ""
			}
		}
		if cur == nil {
			if strings.TrimSpace(l) != "" {
				errs = append(errs, frontmatter.Errorf(file, n, "text before the first section: start with a heading such as \"# Starter\" or \"# en: Title\" (see FORMAT.md)"))
				cur = &section{line: n}
			}
			continue
		}
		cur.lines = append(cur.lines, srcLine{l, n})
	}
	return secs, errs
}

func parseHeading(file, h string, line int) (*section, error) {
	for _, name := range jsonSections {
		if strings.EqualFold(h, name) {
			return &section{name: name, line: line}, nil
		}
	}
	if m := langHeadingRE.FindStringSubmatch(h); m != nil {
		l, ok := i18n.Parse(m[1])
		if !ok {
			return nil, frontmatter.Errorf(file, line, "unknown language %q: the languages are en and fr", m[1])
		}
		title := strings.TrimSpace(m[2])
		if title == "" {
			return nil, frontmatter.Errorf(file, line, "the exercise's title is missing: write it after the colon, as in \"# %s: Repair the tool call\"", l)
		}
		return &section{lang: l, title: title, line: line}, nil
	}
	return nil, frontmatter.Errorf(file, line, "unknown section %q: the sections are # Starter, # Request, # Messages, # Requests, # Responses, # Solution, # Wrong, and # en: Title / # fr: Titre for the text", h)
}

// blocks returns the fenced blocks of a JSON section. Text outside them is a
// note for instructors and is ignored.
func (s *section) blocks(file string) ([]block, []error) {
	var (
		out   []block
		errs  []error
		fence string
		start int
		buf   []string
	)
	for _, l := range s.lines {
		if fence == "" {
			m := fenceRE.FindStringSubmatch(l.text)
			if m == nil {
				continue
			}
			if info := strings.ToLower(m[2]); info != "json" && !(info == "jsonl" && s.name == secLog) {
				errs = append(errs, frontmatter.Errorf(file, l.n, "mark this block as JSON: write ```json on its first line"))
			}
			fence, start, buf = m[1], l.n+1, buf[:0]
			continue
		}
		t := strings.TrimSpace(l.text)
		if len(t) >= len(fence) && strings.Trim(t, fence[:1]) == "" {
			out = append(out, block{text: strings.Join(buf, "\n"), line: start})
			fence = ""
			continue
		}
		buf = append(buf, l.text)
	}
	if fence != "" {
		errs = append(errs, frontmatter.Errorf(file, start-1, "this code block is never closed: end it with a line holding only %s", fence))
	}
	return out, errs
}

// textSource is a language section cut into its parts, with the line each
// starts on, before rendering.
type textSource struct {
	title         string
	line          int // of the heading
	statement     string
	statementLine int
	hints         []hintSource
}

type hintSource struct {
	text string
	line int
}

var (
	hintsHeadingRE = regexp.MustCompile(`(?i)^##\s+(hints|indices)\s*$`)
	hintItemRE     = regexp.MustCompile(`^(\d+)[.)]\s+(.*)$`)
)

// text cuts a language section into its statement and its hints.
func (s *section) text(file string) (*textSource, []error) {
	ts := &textSource{title: s.title, line: s.line}
	var errs []error
	hintsAt := -1
	inFence := ""
	for i, l := range s.lines {
		if m := fenceRE.FindStringSubmatch(l.text); m != nil {
			if inFence == "" {
				inFence = m[1]
			} else if t := strings.TrimSpace(l.text); strings.Trim(t, inFence[:1]) == "" {
				inFence = ""
			}
		}
		if inFence == "" && hintsAtHeading(l.text) {
			hintsAt = i
			break
		}
	}
	stmt := s.lines
	if hintsAt >= 0 {
		stmt = s.lines[:hintsAt]
	}
	ts.statement, ts.statementLine = joinTrimmed(stmt, s.line+1)
	if strings.TrimSpace(ts.statement) == "" {
		errs = append(errs, frontmatter.Errorf(file, s.line, "the statement is missing: write what the learner must do under this heading"))
	}
	if hintsAt < 0 {
		return ts, errs
	}
	var cur *hintSource
	blank := false
	for _, l := range s.lines[hintsAt+1:] {
		if strings.TrimSpace(l.text) == "" {
			blank = true
			if cur != nil {
				cur.text += "\n"
			}
			continue
		}
		if m := hintItemRE.FindStringSubmatch(l.text); m != nil {
			ts.hints = append(ts.hints, hintSource{text: m[2], line: l.n})
			cur = &ts.hints[len(ts.hints)-1]
			blank = false
			continue
		}
		indented := strings.HasPrefix(l.text, "  ") || strings.HasPrefix(l.text, "\t")
		if cur == nil || (blank && !indented) {
			errs = append(errs, frontmatter.Errorf(file, l.n, "after \"## Hints\" only a numbered list may follow (1. …, 2. …); indent a hint's next lines"))
			cur = nil
			continue
		}
		cur.text += "\n" + strings.TrimLeft(l.text, " \t")
		blank = false
	}
	for i := range ts.hints {
		ts.hints[i].text = strings.TrimSpace(ts.hints[i].text)
	}
	if len(ts.hints) == 0 {
		errs = append(errs, frontmatter.Errorf(file, s.lines[hintsAt].n, "this hints heading has no hints: add a numbered list, or remove the heading"))
	}
	return ts, errs
}

func hintsAtHeading(l string) bool { return hintsHeadingRE.MatchString(strings.TrimSpace(l)) }

// joinTrimmed joins lines without the blank ones at either end, and says on
// which line of the file the result starts.
func joinTrimmed(lines []srcLine, fallback int) (string, int) {
	for len(lines) > 0 && strings.TrimSpace(lines[0].text) == "" {
		lines = lines[1:]
	}
	for len(lines) > 0 && strings.TrimSpace(lines[len(lines)-1].text) == "" {
		lines = lines[:len(lines)-1]
	}
	if len(lines) == 0 {
		return "", fallback
	}
	parts := make([]string, len(lines))
	for i, l := range lines {
		parts[i] = l.text
	}
	return strings.Join(parts, "\n") + "\n", lines[0].n
}
