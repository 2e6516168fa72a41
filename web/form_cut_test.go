package web

import (
	"bytes"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// cutBody is a body that ends before its announced length.
type cutBody struct{ r io.Reader }

func (b *cutBody) Read(p []byte) (int, error) {
	n, err := b.r.Read(p)
	if err == io.EOF {
		return n, io.ErrUnexpectedEOF
	}
	return n, err
}

// TestFormCutShort: on every form route of the router (each POST outside
// /api and /mcp, found from the routes themselves), a form body that ends
// before its announced length is a 400, as a form or as multipart, from a
// learner and from the instructor, and nothing is logged at ERROR.
func TestFormCutShort(t *testing.T) {
	t.Parallel()
	var logs bytes.Buffer
	e := newTestEnv(t, Config{Logger: slog.New(slog.NewTextHandler(&logs, nil))}, asWorkshop())
	first := e.do(t, "POST", "/api/lessons/json-rpc/read", nil)
	var cookie string
	for _, c := range first.Result().Cookies() {
		if c.Name == learnerCookie {
			cookie = c.Name + "=" + c.Value
		}
	}
	if cookie == "" {
		t.Fatal("no learner cookie")
	}
	ex := e.catalog.Exercises()[0].ID
	params := strings.NewReplacer(":id", "1", ":lang", "en")
	n := 0
	for _, r := range e.srv.router.Routes() {
		if r.Method != http.MethodPost || strings.HasPrefix(r.Path, "/api/") || strings.HasPrefix(r.Path, "/mcp") {
			continue
		}
		path := r.Path
		if strings.HasPrefix(path, "/en/exercises/:id") || strings.HasPrefix(path, "/fr/exercises/:id") {
			path = strings.Replace(path, ":id", ex, 1)
		}
		path = params.Replace(path)
		for _, ct := range []string{"application/x-www-form-urlencoded", "multipart/form-data; boundary=xx"} {
			req := httptest.NewRequest("POST", path, &cutBody{strings.NewReader("token=" + testToken + "&name=a")})
			req.ContentLength = 100
			req.Header.Set("Content-Type", ct)
			req.Header.Set("Sec-Fetch-Site", "same-origin")
			req.Header.Set("Cookie", cookie)
			req.Header.Set("Authorization", "Bearer "+testToken)
			rec := httptest.NewRecorder()
			e.h.ServeHTTP(rec, req)
			if rec.Code != http.StatusBadRequest {
				t.Errorf("POST %s (%s) cut short = %d, want 400", path, ct, rec.Code)
			}
			n++
		}
	}
	if n < 30 {
		t.Errorf("only %d form routes tried; the router has more", n/2)
	}
	if strings.Contains(logs.String(), "level=ERROR") {
		t.Errorf("cut bodies logged at ERROR:\n%s", logs.String())
	}
}
