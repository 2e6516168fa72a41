package main

import (
	"context"
	"fmt"
	"net/http"
	"strings"
)

// browserHeaders are what a browser sends with a lesson page once its
// learner exists: the learner's cookie (got the way the page's script
// gets it, by reporting the lesson read) and a navigation's headers.
func browserHeaders(ctx context.Context, base, path string) ([]string, error) {
	lang, slug, ok := strings.Cut(strings.TrimPrefix(path, "/"), "/lessons/")
	if !ok || lang == "" || slug == "" {
		return nil, fmt.Errorf("-learner needs a lesson's path, /{lang}/lessons/{slug}, not %q", path)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, base+"/api/lessons/"+slug+"/read", nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil, err
	}
	resp.Body.Close()
	var learner *http.Cookie
	for _, c := range resp.Cookies() {
		if c.Name == "learner" {
			learner = c
		}
	}
	if resp.StatusCode != http.StatusNoContent || learner == nil {
		return nil, fmt.Errorf("POST /api/lessons/%s/read: %s without a learner cookie", slug, resp.Status)
	}
	return []string{
		"Cookie: " + learner.Name + "=" + learner.Value,
		"User-Agent: Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.0.0 Safari/537.36",
		"Accept: text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8",
		"Accept-Language: " + lang + ",en;q=0.9",
		"Accept-Encoding: gzip, deflate, br, zstd",
		"Referer: " + base + "/" + lang + "/",
		"Sec-Fetch-Dest: document",
		"Sec-Fetch-Mode: navigate",
		"Sec-Fetch-Site: same-origin",
		"Sec-Fetch-User: ?1",
		"Upgrade-Insecure-Requests: 1",
	}, nil
}
