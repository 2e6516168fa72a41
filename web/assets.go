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
	if err := a.bundle(fsys, bundleName, bundleJS); err != nil {
		return nil, err
	}
	return a, nil
}

// bundleName is the one script every page loads (deferred, after the
// theme): the files of bundleJS joined in order, as miniflux bundles its
// scripts at start-up, with no build tool. Each file is an IIFE that looks
// for its page's elements and returns when they are absent, so the pages
// work without it and the CSP stays script-src 'self'.
const bundleName = "js/bundle.js"

// bundleJS lists the bundle's files: the shared request helper first (every
// script's requests go through window.playground.request, which tells a
// refusal, an HTTPError with the server's words, from a network failure),
// the exercise editor before the console that reuses it.
var bundleJS = []string{"js/request.js", "js/app.js", "js/exercise.js", "js/console.js", "js/explain.js", "js/checkserver.js", "js/checkclient.js", "js/instructor.js", "js/lti.js"}

// bundle joins files into one fingerprinted asset called name.
func (a *assets) bundle(fsys fs.FS, name string, files []string) error {
	var b bytes.Buffer
	for _, f := range files {
		body, err := fs.ReadFile(fsys, f)
		if err != nil {
			return fmt.Errorf("bundle %s: %w", name, err)
		}
		fmt.Fprintf(&b, "// --- %s\n", f)
		b.Write(bytes.TrimSpace(body))
		b.WriteString("\n;\n")
	}
	sum := sha256.Sum256(b.Bytes())
	hash := hex.EncodeToString(sum[:5])
	hashed := strings.TrimSuffix(name, ".js") + "." + hash + ".js"
	a.urls[name] = "/static/" + hashed
	a.files[hashed] = &asset{body: b.Bytes(), contentType: mime.TypeByExtension(".js"), etag: `"` + hash + `"`}
	return nil
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
