package web

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strconv"
	"sync"
	"sync/atomic"

	"github.com/mcpplayground/playground/internal/course"
	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/web/pagevm"
	"github.com/mcpplayground/playground/web/view"
)

// page is a fully rendered page kept in memory.
type page struct {
	body         []byte
	etag         string
	etagHeader   []string // etag, ready to go in a header map
	lengthHeader []string // len(body), likewise
}

// pageCache holds the lesson pages of the current catalog. When -dev swaps
// the catalog, the next request re-renders them all (a course renders in a
// few milliseconds). Readers take no lock: the rendered set is an immutable
// snapshot behind an atomic pointer.
type pageCache struct {
	s    *Server
	mu   sync.Mutex // serialises re-rendering
	snap atomic.Pointer[pageSnapshot]
}

type pageSnapshot struct {
	catalog *course.Catalog
	errText string // the content error shown in the frame when rendered
	pages   map[i18n.Lang]map[string]*page
}

func newPageCache(s *Server) *pageCache { return &pageCache{s: s} }

func (pc *pageCache) lesson(l i18n.Lang, slug string) (*page, bool) {
	snap, err := pc.current()
	if err != nil {
		pc.s.log.Error("render lesson pages", "err", err)
		return nil, false
	}
	p, ok := snap.pages[l][slug]
	return p, ok
}

func (pc *pageCache) current() (*pageSnapshot, error) {
	cat := pc.s.content.Catalog()
	errText := ""
	if pc.s.cfg.Dev {
		if err := pc.s.content.Err(); err != nil {
			errText = err.Error()
		}
	}
	if snap := pc.snap.Load(); snap != nil && snap.catalog == cat && snap.errText == errText {
		return snap, nil
	}
	pc.mu.Lock()
	defer pc.mu.Unlock()
	if snap := pc.snap.Load(); snap != nil && snap.catalog == cat && snap.errText == errText {
		return snap, nil
	}
	pages, err := pc.s.renderLessons(cat)
	if err != nil {
		return nil, err
	}
	snap := &pageSnapshot{catalog: cat, errText: errText, pages: pages}
	pc.snap.Store(snap)
	return snap, nil
}

// renderLessons renders every lesson page of cat in every language.
func (s *Server) renderLessons(cat *course.Catalog) (map[i18n.Lang]map[string]*page, error) {
	out := map[i18n.Lang]map[string]*page{}
	for _, l := range i18n.All {
		out[l] = map[string]*page{}
		lessons := cat.Lessons(l)
		for _, lesson := range lessons {
			p, _ := cat.Lesson(l, lesson.Slug)
			prev, next := p.Prev, p.Next
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
			path := pagevm.LessonURL(l, lesson.Slug)
			f := s.frame(nil, l, lesson.Title, "course")
			f.AltURL = swapLang(path, l)
			f.Description = lesson.Summary
			if prev != nil {
				vm.Prev = &view.NavLink{URL: pagevm.LessonURL(l, prev.Slug), Title: prev.Title}
				f.PrevURL = vm.Prev.URL
			}
			if next != nil {
				vm.Next = &view.NavLink{URL: pagevm.LessonURL(l, next.Slug), Title: next.Title}
			} else {
				vm.Next = &view.NavLink{URL: pagevm.FinishURL(l), Title: i18n.PathFor(l).FinishLink}
			}
			f.NextURL = vm.Next.URL
			html, err := renderString(context.Background(), view.Lesson(f, vm))
			if err != nil {
				return nil, fmt.Errorf("render lesson %s: %w", lesson.File, err)
			}
			body := []byte(html)
			sum := sha256.Sum256(body)
			etag := `"` + hex.EncodeToString(sum[:8]) + `"`
			out[l][lesson.Slug] = &page{body: body, etag: etag, etagHeader: []string{etag}, lengthHeader: []string{strconv.Itoa(len(body))}}
		}
	}
	return out, nil
}
