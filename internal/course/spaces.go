package course

import (
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strings"

	"github.com/mcpplayground/playground/internal/frontmatter"
)

// French typography puts a no-break space before : ; ? ! and inside « ».
// Two characters qualify, U+00A0 and the narrow U+202F; a course that mixes
// them renders unevenly (the narrow one is half as wide in most fonts), so
// the course uses one, U+00A0, everywhere, as internal/exercise/FORMAT.md
// says. CheckFrenchSpaces reports every other space in those places, in the
// French lessons; CheckFrenchExerciseSpaces does the same in the French
// parts of the exercises.

const noBreakSpace = '\u00a0'

// spaceNames are the spaces that may stand where the no-break space belongs.
var spaceNames = map[rune]string{
	' ':      "an ordinary space (it can break the line before the sign)",
	'\u202f': "a narrow no-break space (U+202F)",
	'\u2009': "a thin space (U+2009)",
	'\u2007': "a figure space (U+2007)",
}

// CheckFrenchSpaces reads the French lessons (fr/*.md) of fsys and returns
// one "file:line: what is wrong" per space before : ; ? ! or inside « »
// that is not U+00A0. Code (fences and `spans`) is not prose and is left
// alone; so is a colon in an address or a time (no space before it).
func CheckFrenchSpaces(fsys fs.FS) []error {
	files, err := fs.Glob(fsys, "fr/*.md")
	if err != nil {
		return []error{fmt.Errorf("list French lessons: %w", err)}
	}
	sort.Strings(files)
	var errs []error
	for _, f := range files {
		src, err := fs.ReadFile(fsys, f)
		if err != nil {
			errs = append(errs, fmt.Errorf("read lesson %s: %w", f, err))
			continue
		}
		errs = append(errs, frenchSpaceErrors(path.Clean(f), string(src))...)
	}
	return errs
}

// frenchSpaceErrors checks one French Markdown file, front matter included
// (its title and summary are prose too).
func frenchSpaceErrors(file, src string) []error {
	var errs []error
	fence := ""
	for i, line := range strings.Split(src, "\n") {
		t := strings.TrimSpace(line)
		if fence != "" {
			if strings.HasPrefix(t, fence) {
				fence = ""
			}
			continue
		}
		if strings.HasPrefix(t, "```") || strings.HasPrefix(t, "~~~") {
			fence = t[:3]
			continue
		}
		for _, p := range spaceProblems(withoutCode(line)) {
			errs = append(errs, frontmatter.Errorf(file, i+1, "%s", p))
		}
	}
	return errs
}

// withoutCode blanks out `code spans`, so that JSON such as `{"a": 1}` is
// not read as French prose; the rest of the line keeps its runes.
func withoutCode(line string) string {
	var b strings.Builder
	in := false
	for _, r := range line {
		switch {
		case r == '`':
			in = !in
			b.WriteRune('x')
		case in:
			b.WriteRune('x')
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// spaceProblems names each wrong space of one line of prose: before
// : ; ? ! (when a space is there at all: "https://" and "10:30" have none),
// after « and before ».
func spaceProblems(prose string) []string {
	rs := []rune(prose)
	var out []string
	for i, r := range rs {
		var sp rune
		var where string
		switch {
		case strings.ContainsRune(":;?!»", r) && i > 0:
			sp, where = rs[i-1], fmt.Sprintf("before %q", r)
		case r == '«' && i+1 < len(rs):
			sp, where = rs[i+1], "after «"
		default:
			continue
		}
		if sp == noBreakSpace {
			continue
		}
		if name, ok := spaceNames[sp]; ok {
			out = append(out, fmt.Sprintf("%s %s: the French texts use the no-break space U+00A0 there, and only it", name, where))
		}
	}
	return out
}

// CheckFrenchExerciseSpaces reads the exercises (*.md at the root of fsys)
// and checks their French prose as CheckFrenchSpaces checks a lesson: the
// `# fr:` section (statement and hints) and, in the front matter, every
// `fr:` text (feedback, choice labels), inline maps included.
func CheckFrenchExerciseSpaces(fsys fs.FS) []error {
	files, err := fs.Glob(fsys, "*.md")
	if err != nil {
		return []error{fmt.Errorf("list exercises: %w", err)}
	}
	sort.Strings(files)
	var errs []error
	for _, f := range files {
		if f == "README.md" {
			continue
		}
		src, err := fs.ReadFile(fsys, f)
		if err != nil {
			errs = append(errs, fmt.Errorf("read exercise %s: %w", f, err))
			continue
		}
		errs = append(errs, frenchSpaceErrors(f, frenchParts(string(src)))...)
	}
	return errs
}

// frenchParts keeps the French prose of an exercise file and blanks the
// rest, line for line, so that problems keep their line numbers.
func frenchParts(src string) string {
	lines := strings.Split(src, "\n")
	out := make([]string, len(lines))
	front, french := 0, false
	for i, line := range lines {
		switch {
		case front < 2 && strings.TrimSpace(line) == "---":
			front++
		case front == 1:
			out[i] = frenchValue(line)
		case strings.HasPrefix(line, "# "):
			french = strings.HasPrefix(line, "# fr:")
			if french {
				out[i] = strings.TrimPrefix(line, "# fr:")
			}
		case french:
			out[i] = line
		}
	}
	return strings.Join(out, "\n")
}

// frenchValue is the text of a front-matter line's `fr:` key ("fr: Texte",
// or "{en: …, fr: …}"), or "" when the line has none.
func frenchValue(line string) string {
	t := strings.TrimSpace(line)
	if v, ok := strings.CutPrefix(t, "fr:"); ok {
		return v
	}
	if _, v, ok := strings.Cut(t, ", fr:"); ok {
		return v
	}
	return ""
}
