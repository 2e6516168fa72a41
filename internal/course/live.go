package course

import (
	"context"
	"crypto/sha256"
	"io/fs"
	"log/slog"
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

// Err returns the error of the last failed reload, or nil.
func (lv *Live) Err() error {
	if p := lv.err.Load(); p != nil {
		return *p
	}
	return nil
}

// Reload reads the content again.
func (lv *Live) Reload() error {
	c, err := lv.load()
	if err != nil {
		lv.err.Store(&err)
		return err
	}
	lv.cur.Store(c)
	lv.err.Store(nil)
	return nil
}

// Watch takes the content's fingerprint now, then, in its own goroutine
// until ctx ends, polls fsys every interval and reloads when any file's
// name, size or modification time changes: a change made after Watch
// returns is always seen. Polling survives editors that save by renaming,
// which trips up file-system event watchers, and costs little for a course.
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
		if err != nil || d.IsDir() {
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
