package exercise

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mcpplayground/playground/internal/i18n"
)

// The content rules on answers that pass and answers that fail: one rule
// and one value a row, at the pointer /v of {"v": …}.
func TestContentRules(t *testing.T) {
	tests := []struct {
		name  string
		check string // one item of the checks list, without the dash; at: /v is added
		value string // JSON
		want  bool
	}{
		{"mentions a word", "mentions: [category, catégorie]", `"Which category?"`, true},
		{"mentions in French, accents and case aside", "mentions: [category, categorie]", `"Quelle CATÉGORIE ?"`, true},
		{"mentions: whole words only", "mentions: [cat]", `"Which category?"`, false},
		{"mentions: a prefix", "mentions: [categor*]", `"Les catégories"`, true},
		{"mentions: a phrase, across spacing and punctuation", "mentions: [out of stock]", `"It is out  of\nstock."`, true},
		{"mentions: a phrase out of order", "mentions: [out of stock]", `"stock: out of it"`, false},
		{"mentions: a symbol", `mentions: ["€"]`, `"40€"`, true},
		{"mentions: a number", `mentions: ["40"]`, `"under 40 euros"`, true},
		{"mentions: not a bare Error", "mentions: [budget]", `"Error"`, false},
		{"mentions: member names do not count", "mentions: [budget]", `{"budget": 1}`, false},
		{"mentions: the strings inside an object", "mentions: [kitchen]", `{"shelf": "Kitchen", "items": 0}`, true},
		{"mentions: any text block", "mentions: [dice]", `[{"type": "text", "text": "Done."}, {"type": "text", "text": "A dice tower"}]`, true},
		{"mentions: a number", `mentions: ["12"]`, `{"min": 12}`, true},
		{"mentions: not in a boolean", `mentions: ["true"]`, `true`, false},
		{"mentions a pattern", `mentions: {pattern: '\d+ ?(€|euros?)'}`, `"at least 10 Euros"`, true},
		{"mentions a pattern that is not there", `mentions: {pattern: '\d+ ?(€|euros?)'}`, `"Done."`, false},
		{"uri: file://localhost is file:///", "uri: file:///home/ada/gift-lists", `"file://localhost/home/ada/gift-lists"`, true},
		{"uri: file:/ is file:///", "uri: file:///home/ada/gift-lists", `"file:/home/ada/gift-lists"`, true},
		{"uri: scheme and host case", "uri: https://example.com/Gifts", `"HTTPS://Example.COM:443/Gifts"`, true},
		{"uri: path case counts", "uri: https://example.com/Gifts", `"https://example.com/gifts"`, false},
		{"uri: percent-encoding", "uri: gift://catalog/board~games", `"gift://catalog/board%7egames"`, true},
		{"uri: an escape stays an escape", "uri: gift://catalog/a%2Fb", `"gift://catalog/a%2fb"`, true},
		{"uri: an escaped slash is not a slash", "uri: gift://catalog/a/b", `"gift://catalog/a%2Fb"`, false},
		{"uri: dot segments", "uri: file:///home/ada/gift-lists", `"file:///home/ada/./notes/../gift-lists"`, true},
		{"uri: an empty http path", "uri: http://example.com/", `"http://example.com"`, true},
		{"uri: a bare path is not a URI", "uri: file:///home/ada/gift-lists", `"/home/ada/gift-lists"`, false},
		{"uri: a trailing slash is another URI", "uri: file:///home/ada/gift-lists", `"file:///home/ada/gift-lists/"`, false},
		{"uri: one of a list", "uri: [file:///a, file:///a/]", `"file://localhost/a/"`, true},
		{"base64", "base64: /v", `"iVBORw0KGgo="`, true},
		{"base64: a data URL is not base64", "base64: /v", `"data:image/png;base64,iVBORw0KGgo="`, false},
		{"base64: unpadded", "base64: /v", `"iVBORw0KGgo"`, false},
		{"base64: a line break", "base64: /v", `"iVBO\nRw0KGgo="`, false},
		{"base64: not text", "base64: /v", `12`, false},
		{"includes: an optional member besides", `includes: {type: text, text: Hi}`, `{"type": "text", "text": "Hi", "annotations": {"audience": ["user"]}, "_meta": {}}`, true},
		{"includes: a member differs", `includes: {type: text, text: Hi}`, `{"type": "text", "text": "Hello"}`, false},
		{"includes: a member missing", `includes: {type: text, text: Hi}`, `{"type": "text"}`, false},
		{"includes: in arrays, item by item", `includes: [{type: text, text: Hi}]`, `[{"type": "text", "text": "Hi", "_meta": {"a": 1}}]`, true},
		{"includes: an extra item", `includes: [{type: text, text: Hi}]`, `[{"type": "text", "text": "Hi"}, {"type": "text", "text": "Ho"}]`, false},
		{"includes: one of two shapes", `includes: {any_of: [{type: text, text: Hi}, [{type: text, text: Hi}]]}`, `[{"type": "text", "text": "Hi", "_meta": {}}]`, true},
		{"includes: neither shape", `includes: {any_of: [{type: text, text: Hi}, [{type: text, text: Hi}]]}`, `{"type": "text", "text": "Ho"}`, false},
		{"includes: nested", `includes: {resource: {uri: "gift://x"}}`, `{"type": "resource", "resource": {"uri": "gift://x", "text": "{}"}}`, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			check := tt.check
			if check != "base64: /v" {
				check += "\n    at: /v"
			}
			ex := mustLoad(t, file("kind: write\nchecks:\n  - valid: true\n  - "+check, "\n# Solution\n\n"+jsonBlock(`{"jsonrpc": "2.0", "id": 1, "method": "ping"}`)+text))
			c := ex.Checks[len(ex.Checks)-1]
			got := result(t, ex.Grade(`{"v": `+tt.value+`}`, i18n.EN), c.ID)
			if got.Passed != tt.want || got.Pointer != "/v" {
				t.Errorf("%s on %s: passed %v at %q, want %v at /v", tt.check, tt.value, got.Passed, got.Pointer, tt.want)
			}
		})
	}
}

func TestNormalURI(t *testing.T) {
	for in, want := range map[string]string{
		"FILE://LocalHost/home/Ada":             "file:///home/Ada",
		"http://a.example:80":                   "http://a.example/",
		"http://a.example:8080/x/../y":          "http://a.example:8080/y",
		"https://u@[::1]:443/%41%7a%2f?q=%7e#f": "https://u@[::1]/Az%2F?q=~#f",
		"gift://catalog/games":                  "gift://catalog/games",
		"urn:ietf:rfc:3986":                     "urn:ietf:rfc:3986",
		"mailto:%61da@example.com":              "mailto:ada@example.com",
		"file:///a/b/c/./../../g":               "file:///a/g",
		"file:///a/%zz":                         "file:///a/%zz",
	} {
		got, ok := normalURI(in)
		if !ok || got != want {
			t.Errorf("normalURI(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
	for _, bad := range []string{"", "/home/ada", "gift lists", "1gift://x", "://x", "x://0::", "http://a:b/"} {
		if got, ok := normalURI(bad); ok {
			t.Errorf("normalURI(%q) = %q: a URI?", bad, got)
		}
	}
}

func TestDescribeContent(t *testing.T) {
	tests := []struct {
		check  string
		en, fr string
	}{
		{"mentions: [category, catégorie]\n    at: /v", "`v` mentions one of `category`, `catégorie`.", "`v` mentionne l’un de ces mots\u00a0: `category`, `catégorie`."},
		{"mentions: [budget]\n    at: /v", "`v` mentions `budget`.", "`v` mentionne `budget`."},
		{"mentions: [budget, \"$\", dollar*, pric*, cost*]\n    at: /v", "`v` mentions one of `budget`, `$`, `dollar…`, `pric…` (and 1 more).", "`v` mentionne l’un de ces mots\u00a0: `budget`, `$`, `dollar…`, `pric…` (et 1 autre)."},
		{"mentions: {pattern: '\\d+'}\n    at: /v", "`v` says what the statement asks for.", "`v` dit ce que demande l’énoncé."},
		{"uri: file:///a\n    at: /v", "`v` is a URI equivalent to `file:///a`.", "`v` est une URI équivalente à `file:///a`."},
		{"base64: /v", "`v` is text in base64.", "`v` est un texte en base64."},
		{"includes: {type: text}\n    at: /v", "`v` has the members of `{\"type\":\"text\"}` (others may follow).", "`v` a les membres de `{\"type\":\"text\"}` (d’autres peuvent s’y ajouter)."},
		{"includes: {any_of: [{a: 1}, [{a: 1}]]}\n    at: /v", "`v` has the members of `{\"a\":1}` or `[{\"a\":1}]` (others may follow).", "`v` a les membres de `{\"a\":1}` ou `[{\"a\":1}]` (d’autres peuvent s’y ajouter)."},
	}
	for _, tt := range tests {
		ex := mustLoad(t, file("kind: write\nchecks:\n  - valid: true\n  - "+tt.check, "\n# Solution\n\n"+jsonBlock(`{}`)+text))
		c := ex.Checks[len(ex.Checks)-1]
		if diff := cmp.Diff([]string{tt.en, tt.fr}, []string{c.Describe(i18n.EN), c.Describe(i18n.FR)}); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tt.check, diff)
		}
	}
}

// mentions, uri and includes name what they want: like equals, they are
// held back until the covering hint, and say what they look at instead.
func TestContentRulesHeld(t *testing.T) {
	src := file(`kind: write
checks:
  - mentions: [kraft]
    at: /v
  - uri: file:///a
    at: /u
  - includes: {type: text}
    at: /b
  - base64: /d`, "\n# Solution\n\n"+jsonBlock(`{"v": "kraft", "u": "file:///a", "b": {"type": "text"}, "d": ""}`)+text+"\n## Hints\n\n1. One.\n")
	ex := mustLoad(t, src)
	res := ex.Grade(`{"v": "gold", "u": "file:///b", "b": {}, "d": "?"}`, i18n.EN)
	got := ex.Withhold(res, 0, 0, i18n.EN)
	want := []string{
		"The message is valid for MCP revision 2025-11-25.",
		"`v` says what the statement asks for.",
		"`u` holds the value the statement calls for.",
		"`b` holds the value the statement calls for.",
		"`d` is text in base64.",
	}
	var msgs []string
	for _, cr := range got.Checks {
		msgs = append(msgs, cr.Message)
	}
	if diff := cmp.Diff(want, msgs); diff != "" {
		t.Errorf("held messages (-want +got):\n%s", diff)
	}
}

// The normal form of a URI is a URI with the same normal form, and
// reading any text as a URI or as words never panics.
func FuzzContentRules(f *testing.F) {
	for _, s := range []string{"file://localhost/a/./b/../c", "HTTP://A.example:80", "gift://x/%7e%2f%zz", "urn:a:b", "https://[::1]:443/?q#f", "Catégorie, out of stock!", "x*", "A0000://0::"} {
		f.Add(s)
	}
	m, err := parseMention([]any{"categor*", "out of stock", "€"})
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, s string) {
		m.in(s)
		isBase64(s)
		n, ok := normalURI(s)
		if !ok {
			return
		}
		if n2, ok2 := normalURI(n); !ok2 || n2 != n {
			t.Errorf("normalURI(%q) = %q, whose normal form is %q (%v)", s, n, n2, ok2)
		}
	})
}
