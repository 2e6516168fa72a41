// Package course loads the lessons (and, through package exercise, the
// exercises) from Markdown into a validated, read-only catalog. It runs once
// at start-up, like the Go Tour: a malformed file stops the program with
// "file:line: what is wrong" instead of showing a broken page to a learner.
package course

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"github.com/mcpplayground/playground/internal/grader"
	"html/template"
	"io/fs"
	"path"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/mcpplayground/playground/internal/courselink"
	"github.com/mcpplayground/playground/internal/frontmatter"
	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/internal/markdown"
)

// Lesson is one lesson in one language, rendered to HTML.
type Lesson struct {
	Lang i18n.Lang
	Slug string
	// Order is the lesson's number in the course, from 1; Rank is the
	// front matter's order it is sorted by (3.5 goes between 3 and 4, so
	// a lesson is inserted without renumbering the others).
	Order      int
	Rank       float64
	Title      string
	Summary    string
	Protocol   string
	Objectives []string
	HTML       template.HTML
	Headings   []markdown.Heading
	Links      []markdown.Link
	File       string // path inside the lessons tree, for error messages
}

// Catalog is the whole course. It is never modified after Load.
type Catalog struct {
	lessons   map[i18n.Lang][]*Lesson
	bySlug    map[i18n.Lang]map[string]int
	exercises exerciseSet // see load.go
	about     about       // lessons/course.yaml (about.go)
}

// Lessons returns the lessons of l in course order.
func (c *Catalog) Lessons(l i18n.Lang) []*Lesson { return c.lessons[l] }

// Placed is a lesson with its neighbours in the course (nil at the ends).
type Placed struct {
	Lesson, Prev, Next *Lesson
}

// Lesson returns the lesson slug in l with its neighbours.
func (c *Catalog) Lesson(l i18n.Lang, slug string) (Placed, bool) {
	i, ok := c.bySlug[l][slug]
	if !ok {
		return Placed{}, false
	}
	ls := c.lessons[l]
	p := Placed{Lesson: ls[i]}
	if i > 0 {
		p.Prev = ls[i-1]
	}
	if i+1 < len(ls) {
		p.Next = ls[i+1]
	}
	return p, true
}

// HasLesson reports whether a lesson with this slug exists (in any language).
func (c *Catalog) HasLesson(slug string) bool {
	for _, m := range c.bySlug {
		if _, ok := m[slug]; ok {
			return true
		}
	}
	return false
}

type lessonMeta struct {
	Slug       string   `yaml:"slug"`
	Order      float64  `yaml:"order"`
	Title      string   `yaml:"title"`
	Summary    string   `yaml:"summary"`
	Protocol   string   `yaml:"protocol"`
	Objectives []string `yaml:"objectives"`
}

var (
	// A lesson's file is its slug, with an optional number in front that
	// only sorts the files in a listing: the order is the front matter's.
	fileNameRE = regexp.MustCompile(`^(?:\d{1,3}-)?([a-z0-9]+(?:-[a-z0-9]+)*)\.md$`)
)

// LoadLessons reads lessons/{en,fr}/slug.md (or NN-slug.md) from fsys, renders them and
// checks the course as a whole. The error joins every problem found, each as
// a *frontmatter.Error, so an instructor sees them all at once.
func LoadLessons(fsys fs.FS, r *markdown.Renderer) (*Catalog, error) {
	c := &Catalog{lessons: map[i18n.Lang][]*Lesson{}, bySlug: map[i18n.Lang]map[string]int{}}
	var errs []error
	for _, l := range i18n.All {
		entries, err := fs.ReadDir(fsys, string(l))
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("read lessons/%s: %w", l, err)
		}
		for _, e := range entries {
			if e.IsDir() || !strings.HasSuffix(e.Name(), ".md") {
				continue
			}
			lesson, err := loadLesson(fsys, r, l, e.Name())
			if err != nil {
				errs = append(errs, err)
				continue
			}
			c.lessons[l] = append(c.lessons[l], lesson)
		}
		sort.SliceStable(c.lessons[l], func(i, j int) bool { return c.lessons[l][i].Rank < c.lessons[l][j].Rank })
		c.bySlug[l] = map[string]int{}
		for i, lesson := range c.lessons[l] {
			lesson.Order = i + 1
			if j, dup := c.bySlug[l][lesson.Slug]; dup {
				errs = append(errs, frontmatter.Errorf(lesson.File, 2, "slug %q is already used by %s", lesson.Slug, c.lessons[l][j].File))
			}
			if i > 0 && c.lessons[l][i-1].Rank == lesson.Rank {
				errs = append(errs, frontmatter.Errorf(lesson.File, 3, "order %s is already used by %s", rankText(lesson.Rank), c.lessons[l][i-1].File))
			}
			c.bySlug[l][lesson.Slug] = i
		}
	}
	if len(c.lessons[i18n.EN])+len(c.lessons[i18n.FR]) == 0 {
		errs = append(errs, errors.New("lessons: no lesson found (expected files such as en/json-rpc.md and fr/json-rpc.md)"))
	}
	if a, err := loadAbout(fsys); err != nil {
		errs = append(errs, err)
	} else {
		c.about = a
	}
	errs = append(errs, c.checkLanguagesMatch()...)
	errs = append(errs, c.checkLinks()...)
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	return c, nil
}

func loadLesson(fsys fs.FS, r *markdown.Renderer, l i18n.Lang, name string) (*Lesson, error) {
	file := path.Join(string(l), name)
	m := fileNameRE.FindStringSubmatch(name)
	if m == nil {
		return nil, frontmatter.Errorf(file, 0, "lesson file names are the slug in lower case, as json-rpc.md (a number in front, as 01-json-rpc.md, is allowed and only sorts the files)")
	}
	src, err := fs.ReadFile(fsys, file)
	if err != nil {
		return nil, fmt.Errorf("read lesson %s: %w", file, err)
	}
	parts, err := frontmatter.Split(file, src)
	if err != nil {
		return nil, err
	}
	fm, body, bodyLine := parts.FrontMatter, parts.Body, parts.BodyLine
	var meta lessonMeta
	if err := frontmatter.Decode(file, fm, &meta); err != nil {
		return nil, err
	}
	switch {
	case meta.Slug != m[1]:
		return nil, frontmatter.Errorf(file, 2, "slug %q does not match the file name (expected %q)", meta.Slug, m[1])
	case meta.Order <= 0:
		return nil, frontmatter.Errorf(file, 2, "order is missing: a number above 0 that places the lesson in the course (3.5 goes between 3 and 4)")
	case strings.TrimSpace(meta.Title) == "":
		return nil, frontmatter.Errorf(file, 2, "title is missing")
	case strings.TrimSpace(meta.Summary) == "":
		return nil, frontmatter.Errorf(file, 2, "summary is missing: one or two sentences for the course page")
	case meta.Protocol != "" && !grader.KnownRevision(meta.Protocol):
		return nil, frontmatter.Errorf(file, 2, "protocol %q is not a known MCP revision (%s)", meta.Protocol, grader.JoinRevisions(grader.CourseRevisions(), ""))
	}
	if meta.Protocol == "" {
		meta.Protocol = "2025-11-25"
	}
	doc, err := r.Render(body, markdown.Options{Lang: l, FirstLine: bodyLine})
	if err != nil {
		var errs []error
		for _, e := range markdown.Errors(err) {
			errs = append(errs, frontmatter.Errorf(file, e.Line, "%s", e.Msg))
		}
		return nil, errors.Join(errs...)
	}
	return &Lesson{
		Lang: l, Slug: meta.Slug, Rank: meta.Order, Title: meta.Title, Summary: meta.Summary,
		Protocol: meta.Protocol, Objectives: meta.Objectives,
		HTML: doc.HTML, Headings: doc.Headings, Links: doc.Links, File: file,
	}, nil
}

// checkLanguagesMatch makes sure the language switch always lands on a page.
func (c *Catalog) checkLanguagesMatch() []error {
	var errs []error
	for _, l := range i18n.All {
		other := l.Other()
		for _, lesson := range c.lessons[l] {
			o, ok := c.bySlug[other][lesson.Slug]
			if !ok {
				errs = append(errs, frontmatter.Errorf(lesson.File, 2, "lesson %q has no %s version (expected %s/%s)", lesson.Slug, other, other, path.Base(lesson.File)))
				continue
			}
			if ol := c.lessons[other][o]; l == i18n.EN && ol.Rank != lesson.Rank {
				errs = append(errs, frontmatter.Errorf(lesson.File, 3, "order %s differs from %s (order %s)", rankText(lesson.Rank), ol.File, rankText(ol.Rank)))
			}
		}
	}
	return errs
}

// checkLinks verifies links between lessons; links to exercises are left
// to CheckExerciseLinks, once the exercises are known.
func (c *Catalog) checkLinks() []error {
	return c.checkLessonLinks(courselink.Checker{Lesson: func(l i18n.Lang, slug string) bool {
		_, ok := c.bySlug[l][slug]
		return ok
	}, Anchor: c.HasAnchor})
}

// checkLessonLinks checks every lesson's links with ch.
func (c *Catalog) checkLessonLinks(ch courselink.Checker) []error {
	var errs []error
	for _, l := range i18n.All {
		for _, lesson := range c.lessons[l] {
			from := courselink.Page{Lang: l, Kind: courselink.Lessons, Name: lesson.Slug}
			for _, link := range lesson.Links {
				if err := ch.Check(from, lesson.File, link.Line, link.Dest); err != nil {
					errs = append(errs, err)
				}
			}
		}
	}
	return errs
}

// rankText writes an order as its author did: 3, or 3.5.
func rankText(r float64) string { return strconv.FormatFloat(r, 'f', -1, 64) }

// Fingerprint identifies the course's content: every lesson (its slug,
// order, title and page) and every exercise (its id, lesson and version).
// Instances serving one database must agree on it.
func (c *Catalog) Fingerprint() string {
	h := sha256.New()
	for _, l := range i18n.All {
		for _, lesson := range c.lessons[l] {
			fmt.Fprintf(h, "lesson %s %s %s %q %x\n", l, lesson.Slug, rankText(lesson.Rank), lesson.Title, sha256.Sum256([]byte(lesson.HTML)))
		}
	}
	for _, ex := range c.exercises.all {
		fmt.Fprintf(h, "exercise %s %s %s\n", ex.ID, ex.Lesson, ex.Version())
	}
	return hex.EncodeToString(h.Sum(nil))
}
