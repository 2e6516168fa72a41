package web

import (
	"context"
	"errors"
	"strconv"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/exercise"
	"github.com/mcpplayground/playground/internal/store"
	"github.com/mcpplayground/playground/web/pagevm"
)

// gradebookFilter is what ?assignment=, ?lesson= and ?archive= ask of the
// gradebook and the exports.
type gradebookFilter struct {
	Assignment string
	Lesson     string
	Archive    int64
	Course     int64 // an LMS course's room (?course=)
}

func gradebookFilterOf(c *gin.Context) (gradebookFilter, error) {
	f := gradebookFilter{Assignment: c.Query("assignment"), Lesson: c.Query("lesson")}
	if a := c.Query("archive"); a != "" {
		n, err := strconv.ParseInt(a, 10, 64)
		if err != nil || n <= 0 {
			return f, badRequest("archive must be the number of an archived room")
		}
		f.Archive = n
	}
	if v := c.Query("course"); v != "" {
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil || n <= 0 {
			return f, badRequest("course must be the number of an LMS course")
		}
		f.Course = n
	}
	if course, held := courseOf(c); held {
		f.Course, f.Archive = course, 0
	}
	return f, nil
}

// gradebook is a room's grades with the exercises they are counted on,
// and the filter that chose them.
type gradebook struct {
	pagevm.Grades
	Filter gradebookFilter
}

// gradebookFor reads the grades and chooses the columns: every exercise of
// the course in course order, narrowed to a lesson's and to an
// assignment's. An unknown lesson or assignment is a 404 that says so.
func (s *Server) gradebookFor(c *gin.Context) (gradebook, error) {
	f, err := gradebookFilterOf(c)
	if err != nil {
		return gradebook{}, err
	}
	ctx := c.Request.Context()
	keep := func(*exercise.Exercise) bool { return true }
	if f.Assignment != "" {
		a, err := s.store.AssignmentByID(ctx, f.Course, f.Assignment)
		if errors.Is(err, store.ErrNotFound) {
			return gradebook{}, &httpError{status: 404, msg: "no assignment " + strconv.Quote(f.Assignment)}
		}
		if err != nil {
			return gradebook{}, err
		}
		in := map[string]bool{}
		for _, id := range a.Exercises {
			in[id] = true
		}
		keep = func(ex *exercise.Exercise) bool { return in[ex.ID] }
	}
	if f.Course > 0 {
		if _, err := s.store.LTIRoomByID(ctx, f.Course); errors.Is(err, store.ErrNotFound) {
			return gradebook{}, &httpError{status: 404, msg: "no LMS course " + strconv.FormatInt(f.Course, 10)}
		} else if err != nil {
			return gradebook{}, err
		}
	}
	cat := s.content.Catalog()
	if f.Lesson != "" && !cat.HasLesson(f.Lesson) {
		return gradebook{}, &httpError{status: 404, msg: "no lesson " + strconv.Quote(f.Lesson)}
	}
	g := gradebook{Filter: f}
	for _, ex := range cat.Exercises() {
		if keep(ex) && (f.Lesson == "" || ex.Lesson == f.Lesson) {
			g.Exercises = append(g.Exercises, ex)
		}
	}
	g.OnTime = f.Assignment != ""
	g.Book, err = s.store.Gradebook(ctx, store.GradebookFilter{Archive: f.Archive, Course: f.Course, Assignment: f.Assignment})
	return g, err
}

// exportKeep is which exercises' rows an export keeps under f: an
// assignment's and a lesson's, or all. An unknown one is a 404, as for the
// gradebook.
func (s *Server) exportKeep(ctx context.Context, f gradebookFilter) (func(exerciseID string) bool, error) {
	cat := s.content.Catalog()
	if f.Lesson != "" && !cat.HasLesson(f.Lesson) {
		return nil, &httpError{status: 404, msg: "no lesson " + strconv.Quote(f.Lesson)}
	}
	var in map[string]bool
	if f.Assignment != "" {
		a, err := s.store.AssignmentByID(ctx, f.Course, f.Assignment)
		if err != nil {
			return nil, assignmentMissing(err, f.Assignment)
		}
		in = map[string]bool{}
		for _, id := range a.Exercises {
			in[id] = true
		}
	}
	return func(id string) bool {
		if in != nil && !in[id] {
			return false
		}
		if f.Lesson == "" {
			return true
		}
		ex, ok := cat.Exercise(id)
		return ok && ex.Lesson == f.Lesson
	}, nil
}
