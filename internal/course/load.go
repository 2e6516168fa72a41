package course

import (
	"errors"
	"io/fs"
	"slices"
	"sort"

	"github.com/mcpplayground/playground/internal/courselink"
	"github.com/mcpplayground/playground/internal/exercise"
	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/internal/markdown"
)

// exerciseSet is the catalog's exercises with their indexes.
type exerciseSet struct {
	all      []*exercise.Exercise // in course order: by lesson, then by order
	byID     map[string]*exercise.Exercise
	byLesson map[string][]*exercise.Exercise
}

// Load reads the whole course: the lessons, then the exercises, checking
// that each exercise's lesson exists. The error joins every problem found in
// both, each "file:line: what is wrong".
func Load(lessonsFS, exercisesFS fs.FS, r *markdown.Renderer) (*Catalog, error) {
	c, lessonErr := LoadLessons(lessonsFS, r)
	var lessonExists func(string) bool
	if c != nil {
		lessonExists = c.HasLesson
	}
	// Exercises are read even when a lesson is broken, so that an
	// instructor sees every problem at once; their lessons are then not
	// checked, since the list of lessons is not known.
	exs, exErr := exercise.Load(exercisesFS, r, lessonExists)
	if err := errors.Join(lessonErr, exErr); err != nil {
		return nil, err
	}
	c.attach(exs)
	return c, nil
}

func (c *Catalog) attach(exs []*exercise.Exercise) {
	rank := map[string]int{}
	for i, l := range c.lessons[i18n.Default] {
		rank[l.Slug] = i
	}
	for _, l := range c.lessons[i18n.Default.Other()] {
		if _, ok := rank[l.Slug]; !ok {
			rank[l.Slug] = len(rank)
		}
	}
	all := append([]*exercise.Exercise(nil), exs...)
	sort.SliceStable(all, func(i, j int) bool {
		a, b := all[i], all[j]
		if rank[a.Lesson] != rank[b.Lesson] {
			return rank[a.Lesson] < rank[b.Lesson]
		}
		if a.Order != b.Order {
			return a.Order < b.Order
		}
		return a.ID < b.ID
	})
	set := exerciseSet{all: all, byID: map[string]*exercise.Exercise{}, byLesson: map[string][]*exercise.Exercise{}}
	for _, ex := range all {
		set.byID[ex.ID] = ex
		set.byLesson[ex.Lesson] = append(set.byLesson[ex.Lesson], ex)
	}
	c.exercises = set
}

// Exercises returns every exercise in course order: by lesson, then by
// their order within the lesson.
func (c *Catalog) Exercises() []*exercise.Exercise { return c.exercises.all }

// Exercise returns the exercise with this id.
func (c *Catalog) Exercise(id string) (*exercise.Exercise, bool) {
	ex, ok := c.exercises.byID[id]
	return ex, ok
}

// ExercisesFor returns a lesson's exercises in order (none for an unknown
// slug).
func (c *Catalog) ExercisesFor(lessonSlug string) []*exercise.Exercise {
	return c.exercises.byLesson[lessonSlug]
}

// CheckExerciseLinks reports links from lessons to exercises that do not
// exist. LoadLessons leaves them alone because lessons are read first.
func (c *Catalog) CheckExerciseLinks() []error {
	errs := c.checkLessonLinks(courselink.Checker{Exercise: func(id string) bool {
		_, ok := c.Exercise(id)
		return ok
	}})
	// The exercises' links to lessons: their anchors, now that the
	// lessons' headings are known.
	for _, ex := range c.exercises.all {
		errs = append(errs, ex.CheckLinks(courselink.Checker{Anchor: c.HasAnchor})...)
	}
	return errs
}

// HasAnchor reports whether the lesson has a heading whose id is id.
func (c *Catalog) HasAnchor(l i18n.Lang, slug, id string) bool {
	i, ok := c.bySlug[l][slug]
	if !ok {
		return false
	}
	return slices.ContainsFunc(c.lessons[l][i].Headings, func(h markdown.Heading) bool { return h.ID == id })
}
