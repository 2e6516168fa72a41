package web

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strings"
	"time"

	"github.com/gin-gonic/gin"
)

// asset is one embedded static file, kept in memory with its hashed name.
type asset struct {
	body        []byte
	contentType string
	etag        string
}

// assets maps logical names ("css/app.css") to fingerprinted URLs
// ("/static/css/app.1a2b3c4d5e.css") and serves them. A changed file gets a
// new URL, so browsers may cache every URL forever.
type assets struct {
	urls  map[string]string
	files map[string]*asset // by fingerprinted path below /static/
}

func loadAssets(fsys fs.FS) (*assets, error) {
	a := &assets{urls: map[string]string{}, files: map[string]*asset{}}
	err := fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() || strings.HasSuffix(p, ".go") {
			return nil
		}
		body, err := fs.ReadFile(fsys, p)
		if err != nil {
			return fmt.Errorf("read static file %s: %w", p, err)
		}
		sum := sha256.Sum256(body)
		hash := hex.EncodeToString(sum[:5])
		ext := path.Ext(p)
		hashed := strings.TrimSuffix(p, ext) + "." + hash + ext
		ct := mime.TypeByExtension(ext)
		if ct == "" {
			ct = "application/octet-stream"
		}
		a.urls[p] = "/static/" + hashed
		a.files[hashed] = &asset{body: body, contentType: ct, etag: `"` + hash + `"`}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("load static assets: %w", err)
	}
	return a, nil
}

// URL returns the fingerprinted URL of a logical asset name. An unknown name
// is a programming error caught by the page tests.
func (a *assets) URL(name string) string {
	if u, ok := a.urls[name]; ok {
		return u
	}
	return "/static/missing/" + name
}

func (a *assets) serve(c *gin.Context) {
	p := strings.TrimPrefix(c.Param("path"), "/")
	f, ok := a.files[p]
	if !ok {
		c.Status(http.StatusNotFound)
		return
	}
	h := c.Writer.Header()
	h.Set("Cache-Control", "public, max-age=31536000, immutable")
	h.Set("ETag", f.etag)
	h.Set("Content-Type", f.contentType)
	http.ServeContent(c.Writer, c.Request, "", time.Time{}, bytes.NewReader(f.body))
}
