package markdown

import (
	"regexp"
	"strings"
)

// A heading such as "## `notifications/tools/list_changed`" is one word to
// the browser, wider than a phone: it would break mid-word or push the page
// sideways. breakHeadingCode offers a line break after each "/" of the code
// spans of headings (<wbr>), where a reader expects the name to wrap.

var headingRE = regexp.MustCompile(`(?s)<h[1-6][^>]*>.*?</h[1-6]>`)
var codeSpanHTMLRE = regexp.MustCompile(`(?s)<code>(.*?)</code>`)

func breakHeadingCode(html string) string {
	if !strings.Contains(html, "<code>") {
		return html
	}
	return headingRE.ReplaceAllStringFunc(html, func(h string) string {
		return codeSpanHTMLRE.ReplaceAllStringFunc(h, func(c string) string {
			inner := strings.TrimSuffix(strings.TrimPrefix(c, "<code>"), "</code>")
			return "<code>" + strings.ReplaceAll(inner, "/", "/<wbr>") + "</code>"
		})
	})
}
