package guard

import "net/http"

// ContentSecurityPolicy allows nothing inline: every script and stylesheet
// is an embedded file served from the playground's own origin. Routes that
// must loosen it (an LMS framing the pages, a deep link's form) replace
// one directive of it.
//
// Scripts, stylesheets, fonts and connections fall back to default-src
// 'self', as every fetch directive without its own does: naming them
// again with the same 'self' would change nothing but the bytes every
// response carries (TestContentSecurityPolicyMeaning holds the policy to
// its longer form, directive by directive).
const ContentSecurityPolicy = "default-src 'self'; img-src 'self' data:; object-src 'none'; " +
	"base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

// securityHeaderValues are set on every response: frame-ancestors in the CSP
// replaces X-Frame-Options in every browser we support, and keeping the
// header map within one hash group (8 entries with the page's own headers)
// avoids a map growth per request. The slices are shared
// between responses (each has capacity 1, so an Add on one response copies
// instead of writing into the shared array), which saves six allocations per
// request on the hottest path. A slice, not a map: ranging over a map costs
// more than the four assignments. They come in the order net/http writes
// headers, by name: a map of one group is ranged in the order its keys
// were set (from a random first one), and net/http sorts what it ranges,
// with fewer moves when the keys come in order.
var securityHeaderValues = [...]struct {
	key   string
	value []string
}{
	{"Content-Security-Policy", []string{ContentSecurityPolicy}},
	{"Cross-Origin-Opener-Policy", []string{"same-origin"}},
	{"Referrer-Policy", []string{"same-origin"}},
	{"X-Content-Type-Options", []string{"nosniff"}},
}

// SecurityHeaders sets the security headers on every response.
func SecurityHeaders() Middleware {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			h := w.Header()
			for _, kv := range &securityHeaderValues {
				h[kv.key] = kv.value
			}
			next.ServeHTTP(w, r)
		})
	}
}
