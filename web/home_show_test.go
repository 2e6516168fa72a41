package web

import (
	"fmt"
	"html"
	"net/http"
	"strings"
	"testing"

	"github.com/mcpplayground/playground/internal/i18n"
)

// TestHomeCountsTheLessonsOfTheContent: the course page's introduction
// gives the number of lessons the content holds (it said "Ten" above
// fourteen), in both languages.
func TestHomeCountsTheLessonsOfTheContent(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t, Config{})
	for _, c := range []struct {
		lang i18n.Lang
		want string
	}{
		{i18n.EN, "%d short lessons take you"},
		{i18n.FR, "%d leçons courtes vous font"},
	} {
		n := len(e.catalog.Lessons(c.lang))
		if n < 2 {
			t.Fatalf("the bundled course has %d lessons in %s", n, c.lang)
		}
		w := e.do(t, http.MethodGet, "/"+string(c.lang)+"/", nil)
		if w.Code != http.StatusOK {
			t.Fatalf("GET /%s/ = %d", c.lang, w.Code)
		}
		want := fmt.Sprintf(c.want, n)
		if body := html.UnescapeString(w.Body.String()); !strings.Contains(body, want) {
			t.Errorf("/%s/ does not say %q", c.lang, want)
		}
	}
}
