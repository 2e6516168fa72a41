package web

import (
	"fmt"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/web/view"
)

// homeShow is the course page: the lessons in order.
func (s *Server) homeShow(c *gin.Context) error {
	l := langOf(c)
	cat := s.content.Catalog()
	var vm view.HomeVM
	for _, lesson := range cat.Lessons(l) {
		vm.Lessons = append(vm.Lessons, view.LessonCard{
			Order:   lesson.Order,
			URL:     fmt.Sprintf("/%s/lessons/%s", l, lesson.Slug),
			Title:   lesson.Title,
			Summary: lesson.Summary,
		})
	}
	f := s.frame(c, l, s.frame(c, l, "", "").T.CourseTitle, "course")
	f.Description = f.T.Tagline
	s.render(c, http.StatusOK, view.Home(f, vm))
	return nil
}
