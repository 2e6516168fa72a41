package web

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"sync"

	"github.com/mcpplayground/playground/internal/course"
	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/web/view"
)

// page is a fully rendered page kept in memory.
type page struct {
	body []byte
	etag string
}

// pageCache holds the lesson pages of the current catalog. When -dev swaps
// the catalog, the next request re-renders them all (a course renders in a
// few milliseconds).
type pageCache struct {
	s       *Server
	mu      sync.Mutex
	catalog *course.Catalog
	errText string // the content error shown in the frame when rendered
	byKey   map[string]*page
}

func newPageCache(s *Server) *pageCache { return &pageCache{s: s} }

func (pc *pageCache) lesson(l i18n.Lang, slug string) (*page, bool) {
	pages, err := pc.current()
	if err != nil {
		pc.s.log.Error("render lesson pages", "err", err)
		return nil, false
	}
	p, ok := pages[string(l)+"/"+slug]
	return p, ok
}

func (pc *pageCache) current() (map[string]*page, error) {
	cat := pc.s.content.Catalog()
	errText := ""
	if err := pc.s.content.Err(); err != nil && pc.s.cfg.Dev {
		errText = err.Error()
	}
	pc.mu.Lock()
	defer pc.mu.Unlock()
	if pc.catalog == cat && pc.errText == errText && pc.byKey != nil {
		return pc.byKey, nil
	}
	pages, err := pc.s.renderLessons(cat)
	if err != nil {
		return nil, err
	}
	pc.catalog, pc.errText, pc.byKey = cat, errText, pages
	return pages, nil
}

// renderLessons renders every lesson page of cat in every language.
func (s *Server) renderLessons(cat *course.Catalog) (map[string]*page, error) {
	out := map[string]*page{}
	for _, l := range i18n.All {
		lessons := cat.Lessons(l)
		for _, lesson := range lessons {
			_, prev, next, _ := cat.Lesson(l, lesson.Slug)
			vm := view.LessonVM{
				Order: lesson.Order, Total: len(lessons), Slug: lesson.Slug,
				Title: lesson.Title, Protocol: lesson.Protocol, Objectives: lesson.Objectives,
				Body: lesson.HTML,
			}
			if n := len(cat.ExercisesFor(lesson.Slug)); n > 0 {
				vm.ExercisesURL = fmt.Sprintf("/%s/exercises#%s", l, lesson.Slug)
				vm.ExercisesCount = n
			}
			for _, h := range lesson.Headings {
				vm.TOC = append(vm.TOC, view.TOCItem{Level: h.Level, ID: h.ID, Text: h.Text})
			}
			path := fmt.Sprintf("/%s/lessons/%s", l, lesson.Slug)
			f := s.frame(nil, l, lesson.Title, "course")
			f.AltURL = swapLang(path, l)
			f.Description = lesson.Summary
			if prev != nil {
				vm.Prev = &view.NavLink{URL: fmt.Sprintf("/%s/lessons/%s", l, prev.Slug), Title: prev.Title}
				f.PrevURL = vm.Prev.URL
			}
			if next != nil {
				vm.Next = &view.NavLink{URL: fmt.Sprintf("/%s/lessons/%s", l, next.Slug), Title: next.Title}
				f.NextURL = vm.Next.URL
			}
			body, err := renderBytes(view.Lesson(f, vm))
			if err != nil {
				return nil, fmt.Errorf("render lesson %s: %w", lesson.File, err)
			}
			sum := sha256.Sum256(body)
			out[string(l)+"/"+lesson.Slug] = &page{body: body, etag: `"` + hex.EncodeToString(sum[:8]) + `"`}
		}
	}
	return out, nil
}
