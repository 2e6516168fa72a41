package guard

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestSecurityHeaders: every response carries them, and one response
// adding to a header does not change the next one's.
func TestSecurityHeaders(t *testing.T) {
	h := SecurityHeaders()(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/add" {
			w.Header().Add("Referrer-Policy", "no-referrer")
		}
	}))
	want := http.Header{
		"Content-Security-Policy":    {ContentSecurityPolicy},
		"X-Content-Type-Options":     {"nosniff"},
		"Referrer-Policy":            {"same-origin"},
		"Cross-Origin-Opener-Policy": {"same-origin"},
	}
	for _, path := range []string{"/add", "/", "/add"} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
		got := rec.Header().Clone()
		if path == "/add" {
			got["Referrer-Policy"] = got["Referrer-Policy"][:1]
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%s: headers (-want +got):\n%s", path, diff)
		}
	}
}

// TestContentSecurityPolicyMeaning holds the policy to the one it was
// first written as, which named script-src, style-src, font-src and
// connect-src with 'self': for every kind of fetch a browser makes (each
// fetch directive through its fallback list, CSP Level 3 §6.8.3) and for
// every directive without a fallback, both policies allow the same
// sources.
func TestContentSecurityPolicyMeaning(t *testing.T) {
	const written = "default-src 'self'; script-src 'self'; style-src 'self'; " +
		"img-src 'self' data:; font-src 'self'; connect-src 'self'; object-src 'none'; " +
		"base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
	fallbacks := map[string][]string{
		"script-src":       {"script-src", "default-src"},
		"script-src-elem":  {"script-src-elem", "script-src", "default-src"},
		"script-src-attr":  {"script-src-attr", "script-src", "default-src"},
		"style-src":        {"style-src", "default-src"},
		"style-src-elem":   {"style-src-elem", "style-src", "default-src"},
		"style-src-attr":   {"style-src-attr", "style-src", "default-src"},
		"worker-src":       {"worker-src", "child-src", "script-src", "default-src"},
		"child-src":        {"child-src", "default-src"},
		"frame-src":        {"frame-src", "child-src", "default-src"},
		"fenced-frame-src": {"fenced-frame-src", "frame-src", "child-src", "default-src"},
		"connect-src":      {"connect-src", "default-src"},
		"font-src":         {"font-src", "default-src"},
		"img-src":          {"img-src", "default-src"},
		"media-src":        {"media-src", "default-src"},
		"manifest-src":     {"manifest-src", "default-src"},
		"object-src":       {"object-src", "default-src"},
		// No fallback: absent means unrestricted, so each must be the same.
		"base-uri":        {"base-uri"},
		"form-action":     {"form-action"},
		"frame-ancestors": {"frame-ancestors"},
		"sandbox":         {"sandbox"},
	}
	old, now := directives(t, written), directives(t, ContentSecurityPolicy)
	for name := range now {
		if _, ok := fallbacks[name]; !ok && name != "default-src" {
			t.Errorf("the policy names %s, which this test does not know the fallbacks of", name)
		}
	}
	for kind, list := range fallbacks {
		if got, want := effective(now, list), effective(old, list); got != want {
			t.Errorf("%s: %q allowed, want %q as the written policy allows", kind, got, want)
		}
	}
}

// directives reads a policy into its directives' source lists.
func directives(t *testing.T, policy string) map[string]string {
	t.Helper()
	out := map[string]string{}
	for d := range strings.SplitSeq(policy, ";") {
		name, sources, _ := strings.Cut(strings.TrimSpace(d), " ")
		if _, dup := out[name]; dup || name == "" {
			t.Fatalf("policy %q: directive %q empty or twice", policy, name)
		}
		out[name] = sources
	}
	return out
}

// effective is the source list of the first directive of list the policy
// names ("(none)" when it names none: no restriction).
func effective(policy map[string]string, list []string) string {
	for _, name := range list {
		if sources, ok := policy[name]; ok {
			return sources
		}
	}
	return "(none)"
}

// The security headers are set in the order net/http writes them, by
// name (see securityHeaderValues).
func TestSecurityHeadersByName(t *testing.T) {
	for i := 1; i < len(securityHeaderValues); i++ {
		if a, b := securityHeaderValues[i-1].key, securityHeaderValues[i].key; a >= b {
			t.Errorf("%s comes before %s", a, b)
		}
	}
}
