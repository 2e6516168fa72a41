package web

import (
	"net/http"
	"strings"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/web/view"
)

const (
	langCookie = "lang"
	langKey    = "lang"
)

// withLang records the language of a /{lang}/ page and remembers it in a
// cookie, so "/" sends the learner back to the language they last chose. The
// cookie is only needed when the choice differs from what "/" would pick
// anyway (the current cookie, else Accept-Language).
func (s *Server) withLang(l i18n.Lang) gin.HandlerFunc {
	return func(c *gin.Context) {
		if rootLang(c) != l {
			setLangCookie(c, l, s.cfg.SecureCookies)
		}
		c.Next()
	}
}

// setLangCookie remembers the chosen language for a year; the learner
// pages and the instructor pages share it. Secure under -secure-cookies,
// like every cookie of the playground.
func setLangCookie(c *gin.Context, l i18n.Lang, secure bool) {
	http.SetCookie(c.Writer, &http.Cookie{
		Name: langCookie, Value: string(l), Path: "/",
		MaxAge: 365 * 24 * 3600, SameSite: http.SameSiteLaxMode, Secure: secure,
	})
}

// rootLang is the language "/" redirects to: the cookie, else Accept-Language.
func rootLang(c *gin.Context) i18n.Lang {
	if mayHaveCookie(c.Request, langCookie) {
		if v, err := c.Cookie(langCookie); err == nil {
			if l, ok := i18n.Parse(v); ok {
				return l
			}
		}
	}
	if v := c.Request.Header["Accept-Language"]; len(v) > 0 { // canonical, as the server reads it
		return i18n.Negotiate(v[0])
	}
	return i18n.Default
}

// mayHaveCookie reports whether r's Cookie header could hold a cookie
// named name: when it is false, reading the header into cookies (a slice
// allocated for every request that has one, a learner's included) would
// find none.
func mayHaveCookie(r *http.Request, name string) bool {
	for _, line := range r.Header["Cookie"] {
		if strings.Contains(line, name) {
			return true
		}
	}
	return false
}

// langOf is the page's language: the /{lang}/ prefix, else the one a
// handler chose for a path without one (langKey: the instructor's pages,
// the LTI deep link), else the cookie, else Accept-Language. The prefix
// comes first: a learner's page is told by its path without the lock of
// the context's keys.
func langOf(c *gin.Context) i18n.Lang {
	if first, _, _ := strings.Cut(strings.TrimPrefix(c.Request.URL.Path, "/"), "/"); first != "" {
		if l, ok := i18n.Parse(first); ok {
			return l
		}
	}
	if v, ok := c.Get(langKey); ok {
		return v.(i18n.Lang)
	}
	return rootLang(c)
}

// swapLang gives the same path in the other language.
func swapLang(path string, l i18n.Lang) string {
	rest := strings.TrimPrefix(path, "/"+string(l))
	if rest == "" {
		rest = "/"
	}
	return "/" + string(l.Other()) + rest
}

// maxAltQuery bounds the query the language switch carries to the other
// language's page: a page's own parameters (page=N, template=…) fit; a
// message passed in the address does not, and is not written again into
// every link of the page.
const maxAltQuery = 256

// frame builds the page frame shared by every page.
func (s *Server) frame(c *gin.Context, l i18n.Lang, title, nav string) view.Frame {
	alt := "/" + string(l) + "/"
	if c != nil {
		// The same page in the other language: its query too (a kept
		// explanation's ?page=2 is page 2 in either language), unless it
		// is longer than a page's address needs (a prefilled message).
		alt = c.Request.URL.Path
		if q := c.Request.URL.RawQuery; q != "" && len(q) <= maxAltQuery {
			alt += "?" + q
		}
	}
	f := view.Frame{
		Lang:   l,
		Title:  title,
		T:      i18n.UIFor(l),
		Assets: s.assetURLs(),
		AltURL: swapLang(alt, l),
		Nav:    nav,
	}
	if s.cfg.Dev {
		if err := s.content.Err(); err != nil {
			f.ContentError = err.Error()
		}
	}
	return f
}

func (s *Server) assetURLs() view.Assets {
	return view.Assets{
		CSS:     s.assets.URL("css/app.css"),
		ThemeJS: s.assets.URL("js/theme.js"),
		AppJS:   s.assets.URL(bundleName),
		Favicon: s.assets.URL("img/favicon.svg"),
	}
}
