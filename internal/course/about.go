package course

import (
	"errors"
	"fmt"
	"io/fs"
	"strings"

	"github.com/mcpplayground/playground/internal/frontmatter"
	"github.com/mcpplayground/playground/internal/i18n"
)

// aboutFile is lessons/course.yaml: the course's own title and the home
// page's introduction, per language. Without it (or for a language it
// leaves out) the pages say the playground's own.
const aboutFile = "course.yaml"

// Bounds of what course.yaml says, as the home page shows it.
const (
	maxCourseTitle = 120
	maxCourseIntro = 1200
)

type about struct {
	Title map[i18n.Lang]string `yaml:"title"`
	Intro map[i18n.Lang]string `yaml:"intro"`
}

// loadAbout reads lessons/course.yaml if there is one.
func loadAbout(fsys fs.FS) (about, error) {
	var a about
	b, err := fs.ReadFile(fsys, aboutFile)
	if errors.Is(err, fs.ErrNotExist) {
		return a, nil
	}
	if err != nil {
		return a, fmt.Errorf("read lessons/%s: %w", aboutFile, err)
	}
	if err := frontmatter.Decode(aboutFile, b, &a); err != nil {
		return a, err
	}
	for field, m := range map[string]map[i18n.Lang]string{"title": a.Title, "intro": a.Intro} {
		limit := maxCourseTitle
		if field == "intro" {
			limit = maxCourseIntro
		}
		for l, text := range m {
			if _, ok := i18n.Parse(string(l)); !ok {
				return a, frontmatter.Errorf(aboutFile, 0, "%s: %q is not a language of the playground (en, fr)", field, l)
			}
			if n := len([]rune(strings.TrimSpace(text))); n == 0 || n > limit {
				return a, frontmatter.Errorf(aboutFile, 0, "%s in %s must have 1 to %d characters", field, l, limit)
			}
		}
	}
	return a, nil
}

// Title is the course's title in l from lessons/course.yaml, "" when it
// names none.
func (c *Catalog) Title(l i18n.Lang) string { return strings.TrimSpace(c.about.Title[l]) }

// Intro is the home page's introduction in l from lessons/course.yaml, ""
// when it has none.
func (c *Catalog) Intro(l i18n.Lang) string { return strings.TrimSpace(c.about.Intro[l]) }
