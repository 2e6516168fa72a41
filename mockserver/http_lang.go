package mockserver

import (
	"net/http"

	"github.com/mcpplayground/playground/internal/i18n"
)

// requestLang is the language an HTTP client asks the gift server to speak:
// the one i18n.Match reads in its Accept-Language header, as the pages do
// ("de, fr;q=0.8" is French on both), or "" (the server's default, English
// unless Config.Lang says otherwise) when it names neither. The header is
// HTTP's own way to ask, needs nothing from MCP, and is read where a session
// starts (the initialize POST) or, for a 2026-07-28 request, on each
// request: clientInfo has no locale field, and an _meta key would be this
// server's invention.
func requestLang(r *http.Request) i18n.Lang {
	l, _ := i18n.Match(r.Header.Get("Accept-Language"))
	return l
}
