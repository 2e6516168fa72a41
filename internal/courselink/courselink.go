// Package courselink reads and checks the links between the course's pages,
// for lessons and exercises alike: a link written on a page is resolved the
// way the browser will (a bare slug stays in the page's folder, ../ climbs
// to the language, /xx/ names the language), and what it points to must
// exist. Links to other sites, anchors and other pages (/en/console) are
// not the course's and are left alone.
package courselink

import (
	"regexp"
	"strings"

	"github.com/mcpplayground/playground/internal/frontmatter"
	"github.com/mcpplayground/playground/internal/i18n"
)

// Kind is the folder of a course page in its address.
type Kind string

// The two kinds of course page.
const (
	Lessons   Kind = "lessons"
	Exercises Kind = "exercises"
)

// Page is a course page: /{Lang}/{Kind}/{Name}.
type Page struct {
	Lang i18n.Lang
	Kind Kind
	Name string
}

var absoluteRE = regexp.MustCompile(`^/([a-z]{2})/(lessons|exercises)/([^/]+)$`)
var upRE = regexp.MustCompile(`^\.\./(lessons|exercises)/([^/]+)$`)

// Resolve returns the course page dest points to when written on from, and
// whether it points to one. lang is the language code of an absolute
// address as written, for the caller to check.
func Resolve(from Page, dest string) (to Page, lang string, ok bool) {
	if dest == "" || strings.HasPrefix(dest, "#") || strings.Contains(dest, ":") || strings.HasPrefix(dest, "//") {
		return Page{}, "", false
	}
	if i := strings.IndexAny(dest, "#?"); i >= 0 {
		dest = dest[:i]
	}
	if m := absoluteRE.FindStringSubmatch(dest); m != nil {
		l, _ := i18n.Parse(m[1])
		return Page{Lang: l, Kind: Kind(m[2]), Name: m[3]}, m[1], true
	}
	if m := upRE.FindStringSubmatch(dest); m != nil {
		return Page{Lang: from.Lang, Kind: Kind(m[1]), Name: m[2]}, string(from.Lang), true
	}
	if dest == "" || strings.Contains(dest, "/") || strings.HasPrefix(dest, ".") {
		return Page{}, "", false
	}
	return Page{Lang: from.Lang, Kind: from.Kind, Name: dest}, string(from.Lang), true
}

// Checker knows which pages exist. A nil function means that kind of page
// is not known yet, and links to it are not checked.
type Checker struct {
	Lesson   func(l i18n.Lang, slug string) bool
	Exercise func(id string) bool
	// Anchor says whether a lesson has a heading with this id, for links
	// such as /en/lessons/errors#codes; nil leaves anchors unchecked.
	Anchor func(l i18n.Lang, slug, id string) bool
}

// Check returns the problem with the link dest written at file:line on the
// page from, or nil.
func (ch Checker) Check(from Page, file string, line int, dest string) error {
	to, lang, ok := Resolve(from, dest)
	if !ok {
		return nil
	}
	if _, known := i18n.Parse(lang); !known {
		return frontmatter.Errorf(file, line, "link to %q: the language in the address is en or fr", dest)
	}
	switch {
	case to.Kind == Lessons && ch.Lesson != nil && !ch.Lesson(to.Lang, to.Name):
		return frontmatter.Errorf(file, line, "link to %q: there is no lesson with that slug", dest)
	case to.Kind == Exercises && ch.Exercise != nil && !ch.Exercise(to.Name):
		return frontmatter.Errorf(file, line, "link to %q: there is no exercise with that id", dest)
	}
	if frag := fragment(dest); to.Kind == Lessons && frag != "" && ch.Anchor != nil && !ch.Anchor(to.Lang, to.Name, frag) {
		return frontmatter.Errorf(file, line, "link to %q: lesson %s has no heading whose anchor is #%s", dest, to.Name, frag)
	}
	return nil
}

// fragment is what follows # in dest, without a query ("" when none).
func fragment(dest string) string {
	_, frag, ok := strings.Cut(dest, "#")
	if !ok {
		return ""
	}
	frag, _, _ = strings.Cut(frag, "?")
	return frag
}
