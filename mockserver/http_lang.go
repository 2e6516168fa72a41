package mockserver

import (
	"net/http"

	"golang.org/x/text/language"

	"github.com/mcpplayground/playground/internal/i18n"
)

// maxAcceptLanguage bounds the Accept-Language header read (bytes).
const maxAcceptLanguage = 256

// requestLang is the language an HTTP client asks the gift server to speak:
// i18n.FR or i18n.EN when the first language its Accept-Language header prefers
// is French or English, "" (the server's default, English unless
// Config.Lang says otherwise) when it says neither. The header is HTTP's
// own way to ask, needs nothing from MCP, and is read where a session
// starts (the initialize POST) or, for a 2026-07-28 request, on each
// request: clientInfo has no locale field, and an _meta key would be this
// server's invention.
func requestLang(r *http.Request) i18n.Lang {
	h := r.Header.Get("Accept-Language")
	if h == "" || len(h) > maxAcceptLanguage {
		return ""
	}
	tags, _, err := language.ParseAcceptLanguage(h)
	if err != nil || len(tags) == 0 {
		return ""
	}
	base, _ := tags[0].Base()
	if l, ok := i18n.Parse(base.String()); ok {
		return l
	}
	return ""
}
