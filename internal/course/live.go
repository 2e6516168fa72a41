package course

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"strings"
	"sync/atomic"
	"time"
)

// Live holds the current catalog and, in development mode, replaces it when
// the content on disk changes. A reload that fails keeps the last good
// catalog and records the error so the pages can show it to the instructor.
type Live struct {
	load func() (*Catalog, error)
	cur  atomic.Pointer[Catalog]
	err  atomic.Pointer[error]
	// lintReq hands the catalogs to check to the lint worker (SetLint);
	// problems is what it found on the latest one it checked.
	lintReq  chan *Catalog
	problems atomic.Pointer[lintResult]
}

// lintResult is what check-content found on one catalog.
type lintResult struct {
	cat  *Catalog
	errs []error
}

// NewLive loads the catalog once; the error is fatal at start-up.
func NewLive(load func() (*Catalog, error)) (*Live, error) {
	c, err := load()
	if err != nil {
		return nil, err
	}
	lv := &Live{load: load}
	lv.cur.Store(c)
	return lv, nil
}

// Static wraps an already loaded catalog that never changes.
func Static(c *Catalog) *Live {
	lv := &Live{load: func() (*Catalog, error) { return c, nil }}
	lv.cur.Store(c)
	return lv
}

// Catalog returns the current catalog.
func (lv *Live) Catalog() *Catalog { return lv.cur.Load() }

// Err returns the error of the last failed reload; else, with SetLint,
// the problems check-content finds in the current catalog; else nil.
func (lv *Live) Err() error {
	if p := lv.err.Load(); p != nil {
		return *p
	}
	if r := lv.problems.Load(); r != nil && r.cat == lv.cur.Load() && len(r.errs) > 0 {
		return errors.Join(append([]error{errors.New("check-content finds these problems in the content")}, r.errs...)...)
	}
	return nil
}

// SetLint has lint (check-content's checks) run on the current catalog and
// on every catalog a reload brings, one at a time in its own goroutine
// until ctx ends: a reload never waits for it, and when reloads come faster
// than lint, only the latest catalog is checked. Call it before Watch.
func (lv *Live) SetLint(ctx context.Context, lint func(*Catalog) []error, log *slog.Logger) {
	lv.lintReq = make(chan *Catalog, 1)
	go func() {
		for {
			select {
			case <-ctx.Done():
				return
			case c := <-lv.lintReq:
				errs := safeLint(lint, c)
				lv.problems.Store(&lintResult{cat: c, errs: errs})
				log.Info("content checked", "problems", len(errs))
			}
		}
	}()
	lv.askLint(lv.Catalog())
}

// askLint queues c for the lint worker, in place of a catalog still
// waiting.
func (lv *Live) askLint(c *Catalog) {
	if lv.lintReq == nil {
		return
	}
	for {
		select {
		case lv.lintReq <- c:
			return
		default:
			select {
			case <-lv.lintReq:
			default:
			}
		}
	}
}

// Reload reads the content again. Whatever was saved, a failure, even a
// panic in a reader, is an error and the last good catalog stays.
func (lv *Live) Reload() error {
	c, err := safeLoad(lv.load)
	if err != nil {
		lv.err.Store(&err)
		return err
	}
	lv.cur.Store(c)
	lv.err.Store(nil)
	lv.askLint(c)
	return nil
}

// Watch takes the content's fingerprint now, then, in its own goroutine
// until ctx ends, polls fsys every interval and reloads when the name, size
// or modification time of a content file changes: a change made after Watch
// returns is always seen. Polling survives editors that save by renaming,
// which trips up file-system event watchers, and costs little for a course.
// The temporary and swap files such editors write beside a lesson are no
// content (contentFile), so a save is one reload, not two.
func (lv *Live) Watch(ctx context.Context, fsys fs.FS, interval time.Duration, log *slog.Logger) {
	go lv.poll(ctx, fsys, fingerprint(fsys), interval, log)
}

func (lv *Live) poll(ctx context.Context, fsys fs.FS, last [32]byte, interval time.Duration, log *slog.Logger) {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		fp := fingerprint(fsys)
		if fp == last {
			continue
		}
		last = fp
		if err := lv.Reload(); err != nil {
			log.Warn("content reload failed; still serving the last good version", "err", err)
			continue
		}
		log.Info("content reloaded")
	}
}

func fingerprint(fsys fs.FS) [32]byte {
	h := sha256.New()
	_ = fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !contentFile(d.Name()) {
			return nil
		}
		info, err := d.Info()
		if err != nil {
			return nil
		}
		h.Write([]byte(p))
		h.Write([]byte(info.ModTime().String()))
		h.Write([]byte{byte(info.Size()), byte(info.Size() >> 8), byte(info.Size() >> 16)})
		return nil
	})
	var out [32]byte
	copy(out[:], h.Sum(nil))
	return out
}

// contentFile reports whether the loader reads a file of that name: a
// Markdown lesson or exercise, or a course.yaml; not an editor's hidden swap
// or lock file (".x.md.swp", ".#x.md", "#x.md#") nor a temporary file
// written before a rename ("x.md.tmp", "x.md~").
func contentFile(name string) bool {
	if strings.HasPrefix(name, ".") || strings.HasPrefix(name, "#") {
		return false
	}
	return strings.HasSuffix(name, ".md") || strings.HasSuffix(name, ".yaml")
}

// safeLoad runs load, turning a panic into an error: under serve -dev a
// content file is saved at any moment, half-written or wrong, and the
// learners must keep the last good course.
func safeLoad(load func() (*Catalog, error)) (c *Catalog, err error) {
	defer func() {
		if r := recover(); r != nil {
			c, err = nil, fmt.Errorf("read the content: %v", r)
		}
	}()
	return load()
}

// safeLint runs lint, turning a panic into one problem.
func safeLint(lint func(*Catalog) []error, c *Catalog) (errs []error) {
	defer func() {
		if r := recover(); r != nil {
			errs = []error{fmt.Errorf("check the content: %v", r)}
		}
	}()
	return lint(c)
}
