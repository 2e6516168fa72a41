// Package view holds the playground's templ components. Components take view
// models (plain structs, built from domain values by web/pagevm), never
// stores or catalogs, so they can be rendered and tested on their own; the
// package imports no domain package.
package view

import (
	"html/template"

	"github.com/mcpplayground/playground/internal/i18n"
)

// Frame is what every page's frame (head, header, footer) needs.
type Frame struct {
	Lang        i18n.Lang
	Title       string
	Description string
	T           *i18n.UI
	Assets      Assets
	// AltURL is the same page in the other language.
	AltURL string
	// Nav is the active section: "course", "exercises", "console", "progress", "".
	Nav string
	// PrevURL and NextURL become <link rel=prev/next>, used by keyboard navigation.
	PrevURL, NextURL string
	// ContentError, in development mode, shows why the last content reload failed.
	ContentError string
	// BodyClass lets a page adjust the layout (e.g. "wide").
	BodyClass string
}

// Assets are the fingerprinted URLs of the static files.
type Assets struct {
	CSS, ThemeJS, AppJS, Favicon string
}

// NavLink is a link with its label.
type NavLink struct {
	URL, Title string
}

// LessonCard is one lesson on the course page.
type LessonCard struct {
	Order   int
	URL     string
	Title   string
	Summary string
	// Progress is shown only when the learner has any.
	Read            bool
	ExercisesPassed int
	ExercisesTotal  int
}

// HomeVM is the course page.
type HomeVM struct {
	// Title is the course's (lessons/course.yaml), else the playground's.
	Title string
	// Intro says what the course holds: the content's own words, else the
	// playground's with its number of lessons.
	Intro   string
	Lessons []LessonCard
	P       *i18n.PathUI
	// Continue is where the learner left off (nil before any activity).
	Continue *NavLink
	// Totals is the whole course's progress in words ("" before any).
	Totals string
	// Review is the link to the exercises due for review (nil when none).
	Review *NavLink
}

// TOCItem is an entry of a lesson's table of contents.
type TOCItem struct {
	Level int
	ID    string
	Text  string
}

// LessonVM is a lesson page.
type LessonVM struct {
	Order      int
	Total      int
	Slug       string
	Title      string
	Protocol   string
	Objectives []string
	Body       template.HTML
	TOC        []TOCItem
	Prev, Next *NavLink
	// ExercisesURL lists this lesson's exercises, when there are any.
	ExercisesURL   string
	ExercisesCount int
}

// ErrorVM is an error page.
type ErrorVM struct {
	Status int
	Title  string
	Body   string
}
