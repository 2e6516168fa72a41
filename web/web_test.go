package web

import (
	"context"
	"database/sql"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mcpplayground/playground/exercises"
	"github.com/mcpplayground/playground/internal/course"
	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/internal/markdown"
	"github.com/mcpplayground/playground/internal/store"
	"github.com/mcpplayground/playground/internal/testing/pgtest"
	"github.com/mcpplayground/playground/lessons"
	"github.com/mcpplayground/playground/mockserver"
)

// testEnv is the real router over the bundled course and a fresh database.
type testEnv struct {
	srv     *Server
	h       http.Handler
	catalog *course.Catalog
	store   *store.Store
	dsn     string // the database's file (SQLite) or URL (PostgreSQL)
}

// envSetup is what a test asks of its environment beyond the Config.
type envSetup struct {
	// mock is the gift server behind /mcp and the console; nil lets New
	// build the default one.
	mock *mockserver.Server
	// workshop gives the instructor a token and the dashboard a cache
	// that never serves a stale snapshot to a test.
	workshop bool
	// postgres puts the database on a fresh PostgreSQL schema
	// (onPostgres).
	postgres bool
}

// envOption changes what newTestEnv builds.
type envOption func(*envSetup)

// withMock puts a real gift server built from mcfg behind /mcp and the
// console.
func withMock(mcfg mockserver.Config) envOption {
	return func(s *envSetup) { s.mock = mockserver.New(mcfg) }
}

// quickSlowTool is the gift server of the console's tests: its slow tool
// takes 20ms a step, so progress notifications arrive within a test.
var quickSlowTool = mockserver.Config{ProgressInterval: 20 * time.Millisecond}

// asWorkshop is a workshop room: the instructor's token is testToken unless
// cfg sets one, and the dashboard cache keeps nothing.
func asWorkshop() envOption {
	return func(s *envSetup) { s.workshop = true }
}

// quietLogger drops the server's logs: tests assert on responses.
func quietLogger() *slog.Logger {
	return slog.New(slog.NewTextHandler(io.Discard, nil))
}

// bundledCatalog is the bundled course, loaded once for the package's
// tests: loading it is half the cost of a test environment, and no test
// or handler changes a catalog once it is loaded.
var bundledCatalog = func() func(testing.TB) *course.Catalog {
	var once sync.Once
	var cat *course.Catalog
	var err error
	return func(t testing.TB) *course.Catalog {
		t.Helper()
		once.Do(func() { cat, err = course.Load(lessons.FS, exercises.FS, markdown.New()) })
		if err != nil {
			t.Fatalf("load bundled course: %v", err)
		}
		return cat
	}
}()

// newTestEnv is the real server over the bundled course and a fresh
// database in t.TempDir(), with logs dropped unless cfg sets a logger; the
// options say what else the test needs. The server is closed (its streams
// end) when the test ends.
func newTestEnv(t testing.TB, cfg Config, opts ...envOption) *testEnv {
	t.Helper()
	var setup envSetup
	for _, o := range opts {
		o(&setup)
	}
	cat := bundledCatalog(t)
	dsn := migratedSQLite(t)
	if setup.postgres {
		dsn = pgtest.DSN(t)
	}
	// The store stamps its records by the server's clock: a test's fake
	// clock sets both the deadlines and the times compared with them.
	st, err := store.OpenWith(context.Background(), dsn, store.Options{Clock: cfg.Clock})
	if err != nil {
		t.Fatalf("open the test database: %v", err)
	}
	t.Cleanup(func() { st.Close() })
	if cfg.Logger == nil {
		cfg.Logger = quietLogger()
	}
	if setup.workshop && cfg.InstructorToken == "" {
		cfg.InstructorToken = testToken
	}
	srv, err := New(cfg, Deps{Store: st, Content: course.Static(cat), Mock: setup.mock})
	if err != nil {
		t.Fatalf("build the server: %v", err)
	}
	t.Cleanup(srv.Close)
	if setup.workshop {
		srv.dashCache = newDashboardCache(0)
	}
	return &testEnv{srv: srv, h: srv.Handler(), catalog: cat, store: st, dsn: dsn}
}

// migratedSchema is the files of a SQLite database the store's migrations
// have run on, made once per test binary: each test copies them into its
// own temporary directory instead of running every migration again
// (under the race detector, about half of a test's setup).
var migratedSchema = sync.OnceValues(func() (map[string][]byte, error) {
	dir, err := os.MkdirTemp("", "playground-web-schema-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	st, err := store.OpenWith(context.Background(), filepath.Join(dir, "test.db"), store.Options{})
	if err != nil {
		return nil, err
	}
	if err := st.Close(); err != nil {
		return nil, err
	}
	files := map[string][]byte{}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	for _, e := range entries {
		if files[e.Name()], err = os.ReadFile(filepath.Join(dir, e.Name())); err != nil {
			return nil, err
		}
	}
	return files, nil
})

// migratedSQLite is the path of a fresh SQLite database of the test's own,
// its schema already migrated (the store checks the migrations on opening
// it, and finds none to run).
func migratedSQLite(t testing.TB) string {
	t.Helper()
	files, err := migratedSchema()
	if err != nil {
		t.Fatalf("migrate the test schema: %v", err)
	}
	dir := t.TempDir()
	for name, b := range files {
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	return filepath.Join(dir, "test.db")
}

// behindTheStore runs statements on the test's SQLite database through a
// connection of its own: what a damaged table or a refusing disk does,
// which the store's own API rightly cannot do.
func (e *testEnv) behindTheStore(t testing.TB, statements ...string) {
	t.Helper()
	db, err := sql.Open("sqlite", e.dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, q := range statements {
		if _, err := db.ExecContext(context.Background(), q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
}

// namesOrigin reports whether a test's headers say where the request comes
// from.
func namesOrigin(hdr []string) bool {
	for i := 0; i < len(hdr); i += 2 {
		if k := http.CanonicalHeaderKey(hdr[i]); k == "Origin" || k == "Sec-Fetch-Site" {
			return true
		}
	}
	return false
}

func (e *testEnv) do(t testing.TB, method, target string, body io.Reader, hdr ...string) *httptest.ResponseRecorder {
	t.Helper()
	req := httptest.NewRequest(method, target, body)
	if method != http.MethodGet && method != http.MethodHead && !namesOrigin(hdr) {
		// What a browser says of a request from one of the playground's
		// own pages; a test that plays a script or another site says
		// otherwise in hdr.
		req.Header.Set("Sec-Fetch-Site", "same-origin")
	}
	for i := 0; i+1 < len(hdr); i += 2 {
		req.Header.Set(hdr[i], hdr[i+1])
	}
	rec := httptest.NewRecorder()
	e.h.ServeHTTP(rec, req)
	return rec
}

func TestRootRedirectsToPreferredLanguage(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t, Config{})
	tests := []struct {
		name, header, cookie, want string
	}{
		{"no preference", "", "", "/en/"},
		{"french browser", "fr-FR,fr;q=0.9,en;q=0.5", "", "/fr/"},
		{"english browser", "en-GB,en;q=0.9", "", "/en/"},
		{"cookie wins over header", "fr-FR", "en", "/en/"},
		{"remembered french", "en-US", "fr", "/fr/"},
		{"bogus cookie ignored", "fr", "xx", "/fr/"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			hdr := []string{"Accept-Language", tt.header}
			if tt.cookie != "" {
				hdr = append(hdr, "Cookie", "lang="+tt.cookie)
			}
			rec := e.do(t, "GET", "/", nil, hdr...)
			if rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != tt.want {
				t.Errorf("GET / = %d to %q, want 303 to %q", rec.Code, rec.Header().Get("Location"), tt.want)
			}
		})
	}
}

func TestEveryLessonPageInBothLanguages(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t, Config{})
	for _, l := range i18n.All {
		lessons := e.catalog.Lessons(l)
		if len(lessons) < 9 {
			t.Errorf("%s: %d lessons, want at least 9", l, len(lessons))
		}
		home := e.do(t, "GET", "/"+string(l)+"/", nil)
		if home.Code != 200 {
			t.Fatalf("GET /%s/ = %d", l, home.Code)
		}
		hb := home.Body.String()
		if !strings.Contains(hb, `<html lang="`+string(l)+`"`) {
			t.Errorf("/%s/ does not declare its language", l)
		}
		for i, lesson := range lessons {
			url := "/" + string(l) + "/lessons/" + lesson.Slug
			if !strings.Contains(hb, `href="`+url+`"`) {
				t.Errorf("/%s/ does not link to %s", l, url)
			}
			rec := e.do(t, "GET", url, nil)
			if rec.Code != 200 {
				t.Errorf("GET %s = %d", url, rec.Code)
				continue
			}
			b := rec.Body.String()
			mustContain(t, url, b,
				escapeText(lesson.Title),
				`href="/`+string(l.Other())+`/lessons/`+lesson.Slug+`"`, // the switch keeps the lesson
				`class="toc"`,
			)
			if len(e.catalog.ExercisesFor(lesson.Slug)) > 0 {
				mustContain(t, url, b, `href="/`+string(l)+`/exercises#`+lesson.Slug+`"`)
			}
			if i > 0 {
				mustContain(t, url, b, `<link rel="prev" href="/`+string(l)+`/lessons/`+lessons[i-1].Slug+`"`)
			}
			if i+1 < len(lessons) {
				mustContain(t, url, b, `<link rel="next" href="/`+string(l)+`/lessons/`+lessons[i+1].Slug+`"`)
			}
			if strings.Contains(b, "<script>") || strings.Contains(b, " style=\"") || strings.Contains(b, " onclick=") {
				t.Errorf("%s has inline script or style, which the CSP forbids", url)
			}
			if got := rec.Header().Get("Content-Security-Policy"); scriptSources(got) != "'self'" || strings.Contains(got, "unsafe-inline") {
				t.Errorf("%s CSP = %q", url, got)
			}
		}
	}
}

// scriptSources is where a policy lets scripts come from: its script-src,
// or default-src, which script-src falls back to.
func scriptSources(csp string) string {
	var def string
	for d := range strings.SplitSeq(csp, ";") {
		name, sources, _ := strings.Cut(strings.TrimSpace(d), " ")
		switch name {
		case "script-src":
			return sources
		case "default-src":
			def = sources
		}
	}
	return def
}

func TestLessonETag(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t, Config{})
	first := e.do(t, "GET", "/en/lessons/requests", nil)
	etag := first.Header().Get("ETag")
	if etag == "" {
		t.Fatal("no ETag on a lesson page")
	}
	// A declared length: without it net/http falls back to chunked encoding.
	if got, want := first.Header().Get("Content-Length"), strconv.Itoa(first.Body.Len()); got != want {
		t.Errorf("Content-Length = %q, want %q", got, want)
	}
	again := e.do(t, "GET", "/en/lessons/requests", nil, "If-None-Match", etag)
	if again.Code != http.StatusNotModified {
		t.Errorf("conditional GET = %d, want 304", again.Code)
	}
}

func TestNotFoundPages(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t, Config{})
	for _, tt := range []struct{ path, want string }{
		{"/en/lessons/no-such-lesson", "Page not found"},
		{"/fr/lessons/no-such-lesson", "Page introuvable"},
		{"/de/", "Page not found"},
		{"/en/lessons/%3Cscript%3E", "Page not found"},
	} {
		rec := e.do(t, "GET", tt.path, nil)
		if rec.Code != 404 || !strings.Contains(rec.Body.String(), tt.want) {
			t.Errorf("GET %s = %d, body lacks %q", tt.path, rec.Code, tt.want)
		}
		if strings.Contains(rec.Body.String(), "<script>") {
			t.Errorf("GET %s reflects markup", tt.path)
		}
	}
}

func TestStaticAssetsAreFingerprintedAndCached(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t, Config{})
	for _, name := range []string{"css/app.css", "js/app.js", "js/theme.js", "img/favicon.svg"} {
		u := e.srv.assets.URL(name)
		if u == "/static/"+name || strings.Contains(u, "missing") {
			t.Errorf("%s is not fingerprinted: %s", name, u)
		}
		rec := e.do(t, "GET", u, nil)
		if rec.Code != 200 {
			t.Fatalf("GET %s = %d", u, rec.Code)
		}
		if cc := rec.Header().Get("Cache-Control"); !strings.Contains(cc, "immutable") {
			t.Errorf("%s Cache-Control = %q", u, cc)
		}
		if ct := rec.Header().Get("Content-Type"); ct == "" || strings.HasPrefix(ct, "application/octet-stream") {
			t.Errorf("%s Content-Type = %q", u, ct)
		}
	}
	if rec := e.do(t, "GET", "/static/css/app.css", nil); rec.Code != 404 {
		t.Errorf("unfingerprinted URL = %d, want 404", rec.Code)
	}
}

func TestHealthz(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t, Config{})
	if rec := e.do(t, "GET", "/healthz", nil); rec.Code != 200 {
		t.Errorf("healthz = %d", rec.Code)
	}
	e.store.Close()
	if rec := e.do(t, "GET", "/healthz", nil); rec.Code != http.StatusServiceUnavailable {
		t.Errorf("healthz with closed database = %d, want 503", rec.Code)
	}
}

func TestLanguageIsRemembered(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t, Config{})
	rec := e.do(t, "GET", "/fr/lessons/requests", nil)
	var found bool
	for _, c := range rec.Result().Cookies() {
		if c.Name == "lang" && c.Value == "fr" {
			found = true
		}
	}
	if !found {
		t.Error("visiting a French page does not remember French")
	}
}

func TestSecurityHeaders(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t, Config{})
	rec := e.do(t, "GET", "/en/", nil)
	for k, want := range map[string]string{
		"X-Content-Type-Options": "nosniff",
		"Referrer-Policy":        "same-origin",
	} {
		if got := rec.Header().Get(k); got != want {
			t.Errorf("%s = %q, want %q", k, got, want)
		}
	}
	if csp := rec.Header().Get("Content-Security-Policy"); !strings.Contains(csp, "frame-ancestors 'none'") {
		t.Errorf("CSP lacks frame-ancestors: %q", csp)
	}
}

func TestCrossOriginPostRefused(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t, Config{})
	rec := e.do(t, "POST", "/en/", strings.NewReader("x"), "Origin", "https://evil.example", "Sec-Fetch-Site", "cross-site")
	if rec.Code != http.StatusForbidden {
		t.Errorf("cross-site POST = %d, want 403", rec.Code)
	}
}

func mustContain(t *testing.T, where, body string, wants ...string) {
	t.Helper()
	for _, w := range wants {
		if !strings.Contains(body, w) {
			t.Errorf("%s: page lacks %q", where, w)
		}
	}
}

func escapeText(s string) string {
	r := strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&#34;", "'", "&#39;")
	return r.Replace(s)
}
