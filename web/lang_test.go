package web

import (
	"net/http/httptest"
	"testing"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/i18n"
)

// rootLang reads the language cookie wherever the Cookie headers put it,
// and Accept-Language when there is none.
func TestRootLang(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		cookies []string
		accept  string
		want    i18n.Lang
	}{
		{name: "nothing", want: i18n.EN},
		{name: "Accept-Language", accept: "fr-FR,fr;q=0.9", want: i18n.FR},
		{name: "a learner's cookie only", cookies: []string{"learner=abc"}, accept: "fr", want: i18n.FR},
		{name: "the language cookie", cookies: []string{"lang=fr"}, accept: "en", want: i18n.FR},
		{name: "beside a learner's", cookies: []string{"learner=abc; lang=fr"}, accept: "en", want: i18n.FR},
		{name: "in a second header", cookies: []string{"learner=abc", "lang=en"}, accept: "fr", want: i18n.EN},
		{name: "a name that only holds lang", cookies: []string{"xlang=fr"}, accept: "en", want: i18n.EN},
		{name: "an unknown language", cookies: []string{"lang=de"}, accept: "fr", want: i18n.FR},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, _ := gin.CreateTestContext(httptest.NewRecorder())
			c.Request = httptest.NewRequest("GET", "/", nil)
			for _, v := range tt.cookies {
				c.Request.Header.Add("Cookie", v)
			}
			if tt.accept != "" {
				c.Request.Header.Set("Accept-Language", tt.accept)
			}
			if got := rootLang(c); got != tt.want {
				t.Errorf("rootLang() = %q, want %q", got, tt.want)
			}
		})
	}
}
