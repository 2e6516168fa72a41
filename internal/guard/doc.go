// Package guard holds the playground's protections against too much of
// anything: token-bucket rate limits, failure limits against guessing
// (join and resume codes, the instructor's sign-in), slots for heavy
// requests and per-address connection bounds, and the headers and checks
// every response and request goes through (security headers, the
// cross-origin check, body bounds and deadlines, forms only).
//
// Each guard is net/http middleware, a func(http.Handler) http.Handler
// (Middleware), or a type such middleware is built on; Chain composes
// them as pkgsite composes its internal/middleware. Nothing here knows
// Gin, templ or the store: bounds come in as a Config, the time from a
// Clock, and where a guard refuses a request with a translated page or
// the playground's JSON error, it calls a function of its Config (Refuse)
// so the web layer keeps the rendering. One concern per file.
package guard
