package guard

import "net/http"

// CrossOrigin refuses, with 403, the state-changing requests a browser
// sends from another site (Sec-Fetch-Site / Origin checks, Go's
// CrossOriginProtection). Requests without those headers (curl, MCP
// clients) pass: they carry no ambient browser credentials to abuse.
// bypass are the patterns ("POST /lti/launch") another site posts to on
// purpose, each checked on its own terms by its handler.
func CrossOrigin(bypass ...string) Middleware {
	cop := http.NewCrossOriginProtection()
	for _, p := range bypass {
		cop.AddInsecureBypassPattern(p)
	}
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if err := cop.Check(r); err != nil {
				w.Header().Set("Content-Type", "text/plain; charset=utf-8")
				w.WriteHeader(http.StatusForbidden)
				_, _ = w.Write([]byte("cross-origin request refused\n"))
				return
			}
			next.ServeHTTP(w, r)
		})
	}
}
