package markdown

import (
	"fmt"
	"html"
	"os"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mcpplayground/playground/internal/i18n"
)

func render(t *testing.T, src string, opts Options) (Doc, error) {
	t.Helper()
	return New().Render([]byte(src), opts)
}

func mustRender(t *testing.T, src string, opts Options) Doc {
	t.Helper()
	doc, err := render(t, src, opts)
	if err != nil {
		t.Fatalf("Render: %v", err)
	}
	return doc
}

// TestCallouts is a table: a callout in Markdown a row, and its HTML.
func TestCallouts(t *testing.T) {
	tests := []struct {
		name      string
		lang      i18n.Lang
		src, want string
	}{
		{"note", "en", "> [!NOTE]\n> Both sides may send requests.",
			`<aside class="callout callout-note" role="note" aria-label="Note">
<p class="callout-title">Note</p>
<p>Both sides may send requests.</p>
</aside>
`},
		{"note in French", "fr", "> [!NOTE]\n> Les deux parties peuvent envoyer des requêtes.",
			`<aside class="callout callout-note" role="note" aria-label="À noter">
<p class="callout-title">À noter</p>
<p>Les deux parties peuvent envoyer des requêtes.</p>
</aside>
`},
		{"mistake, marker in lower case", "en", "> [!mistake]\n> `\"id\": null` is not allowed.",
			`<aside class="callout callout-mistake" role="note" aria-label="Common mistake">
<p class="callout-title">Common mistake</p>
<p><code>&quot;id&quot;: null</code> is not allowed.</p>
</aside>
`},
		{"mistake in French", "fr", "> [!MISTAKE]\n> Oublier `jsonrpc`.",
			`<aside class="callout callout-mistake" role="note" aria-label="Erreur fréquente">
<p class="callout-title">Erreur fréquente</p>
<p>Oublier <code>jsonrpc</code>.</p>
</aside>
`},
		{"spec, text on the marker line", "en", "> [!SPEC] Tutorials send `cursor: null`.\n> The spec omits it.",
			`<aside class="callout callout-spec" role="note" aria-label="Spec vs tutorials">
<p class="callout-title">Spec vs tutorials</p>
<p>Tutorials send <code>cursor: null</code>.
The spec omits it.</p>
</aside>
`},
		{"spec in French, blank line after the marker", "fr", "> [!SPEC]\n>\n> Le premier paragraphe.\n>\n> Le second.",
			`<aside class="callout callout-spec" role="note" aria-label="La spec et les tutoriels">
<p class="callout-title">La spec et les tutoriels</p>
<p>Le premier paragraphe.</p>
<p>Le second.</p>
</aside>
`},
		{"check", "en", "> [!CHECK]\n> A message has no `id`. What is it?\n>\n> A **notification**.\n>\n> - nobody answers it",
			`<aside class="callout callout-check" role="note" aria-label="Check your understanding">
<p class="callout-title">Check your understanding</p>
<p>A message has no <code>id</code>. What is it?</p>
<details class="callout-answer">
<summary>Show answer</summary>
<p>A <strong>notification</strong>.</p>
<ul>
<li>nobody answers it</li>
</ul>
</details>
</aside>
`},
		{"check in French", "fr", "> [!CHECK]\n> Quel est ce message\u00a0?\n>\n> Une notification.",
			`<aside class="callout callout-check" role="note" aria-label="Vérifiez votre compréhension">
<p class="callout-title">Vérifiez votre compréhension</p>
<p>Quel est ce message` + "\u00a0" + `?</p>
<details class="callout-answer">
<summary>Voir la réponse</summary>
<p>Une notification.</p>
</details>
</aside>
`},
		{"plain blockquote stays one", "en", "> Just a quote with [!NOTE] inside.",
			"<blockquote>\n<p>Just a quote with [!NOTE] inside.</p>\n</blockquote>\n"},
		{"callout inside a list", "en", "- item\n\n  > [!NOTE]\n  > nested",
			`<ul>
<li>
<p>item</p>
<aside class="callout callout-note" role="note" aria-label="Note">
<p class="callout-title">Note</p>
<p>nested</p>
</aside>
</li>
</ul>
`},
		{"title is not markup", "en", "> [!NOTE]\n> <b>x</b>",
			`<aside class="callout callout-note" role="note" aria-label="Note">
<p class="callout-title">Note</p>
<p>&lt;b&gt;x&lt;/b&gt;</p>
</aside>
`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc := mustRender(t, tt.src, Options{Lang: tt.lang})
			if diff := cmp.Diff(tt.want, string(doc.HTML)); diff != "" {
				t.Errorf("HTML (-want +got):\n%s", diff)
			}
		})
	}
}

func TestHeadings(t *testing.T) {
	src := `# Title

## Cycle de vie : poignée de main

### ` + "`tools/call`" + ` and _isError_

## Cycle de vie : poignée de main

#### Deep heading

## Le cœur du protocole — Œuvre

## ???

## Straße & Ærø

### Example
### Example-1
### Example
`
	doc := mustRender(t, src, Options{Lang: "fr"})
	want := []Heading{
		{2, "cycle-de-vie-poignee-de-main", "Cycle de vie : poignée de main"},
		{3, "tools-call-and-iserror", "tools/call and isError"},
		{2, "cycle-de-vie-poignee-de-main-1", "Cycle de vie : poignée de main"},
		{2, "le-coeur-du-protocole-oeuvre", "Le cœur du protocole — Œuvre"},
		{2, "section", "???"},
		{2, "strasse-aero", "Straße & Ærø"},
		{3, "example", "Example"},
		{3, "example-1", "Example-1"},
		{3, "example-2", "Example"},
	}
	if diff := cmp.Diff(want, doc.Headings); diff != "" {
		t.Errorf("Headings (-want +got):\n%s", diff)
	}
	for _, h := range []string{
		`<h1 id="title">Title<a class="anchor" href="#title" aria-label="Lien vers cette section">#</a></h1>`,
		`<h4 id="deep-heading">Deep heading<a class="anchor" href="#deep-heading" aria-label="Lien vers cette section">#</a></h4>`,
		`<h3 id="tools-call-and-iserror"><code>tools/<wbr>call</code> and <em>isError</em><a class="anchor" href="#tools-call-and-iserror" aria-label="Lien vers cette section">#</a></h3>`,
	} {
		if !strings.Contains(string(doc.HTML), h) {
			t.Errorf("HTML lacks %s\n%s", h, doc.HTML)
		}
	}
	// Every id is unique, and each is a valid HTML id (no whitespace).
	seen := map[string]bool{}
	for _, m := range regexp.MustCompile(` id="([^"]*)"`).FindAllStringSubmatch(string(doc.HTML), -1) {
		if seen[m[1]] || m[1] == "" || strings.ContainsAny(m[1], " \t\n") {
			t.Errorf("id %q is repeated or invalid", m[1])
		}
		seen[m[1]] = true
	}
}

func TestSlugify(t *testing.T) {
	tests := map[string]string{
		"Réponse d'erreur (`error`)": "reponse-d-erreur-error",
		"  Ça marche !  ":            "ca-marche",
		"2025-11-25 revision":        "2025-11-25-revision",
		"structured_content":         "structured_content",
		"日本語のテスト":                    "日本語のテスト",
		"«\u00a0Guillemets\u00a0»":   "guillemets",
		"":                           "",
	}
	for in, want := range tests {
		if got := slugify(in); got != want {
			t.Errorf("slugify(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestCodeBlocks(t *testing.T) {
	tests := []struct {
		name      string
		lang      i18n.Lang
		src, want string
	}{
		{"json", "en", "```json\n{\"id\": 1}\n```",
			`<div class="code"><pre tabindex="0"><code class="language-json"><span class="j-punc">{</span><span class="j-key">&#34;id&#34;</span><span class="j-punc">:</span> <span class="j-num">1</span><span class="j-punc">}</span>
</code></pre><button type="button" class="copy" data-copy data-copied="Copied" hidden>Copy</button></div>
`},
		{"other language, French button", "fr", "```go\nif a < b && c {\n```",
			`<div class="code"><pre tabindex="0"><code class="language-go">if a &lt; b &amp;&amp; c {
</code></pre><button type="button" class="copy" data-copy data-copied="Copié" hidden>Copier</button></div>
`},
		{"no language", "en", "```\n<script>alert(1)</script>\n```",
			`<div class="code"><pre tabindex="0"><code>&lt;script&gt;alert(1)&lt;/script&gt;
</code></pre><button type="button" class="copy" data-copy data-copied="Copied" hidden>Copy</button></div>
`},
		{"indented", "en", "    \"x\"\n",
			`<div class="code"><pre tabindex="0"><code>&#34;x&#34;
</code></pre><button type="button" class="copy" data-copy data-copied="Copied" hidden>Copy</button></div>
`},
		{"script in JSON", "en", "```json\n{\"text\": \"</code><script>alert(1)</script>\"}\n```",
			`<div class="code"><pre tabindex="0"><code class="language-json"><span class="j-punc">{</span><span class="j-key">&#34;text&#34;</span><span class="j-punc">:</span> <span class="j-str">&#34;&lt;/code&gt;&lt;script&gt;alert(1)&lt;/script&gt;&#34;</span><span class="j-punc">}</span>
</code></pre><button type="button" class="copy" data-copy data-copied="Copied" hidden>Copy</button></div>
`},
		{"language is escaped", "en", "```\"><x\nhi\n```",
			`<div class="code"><pre tabindex="0"><code class="language-&#34;&gt;&lt;x">hi
</code></pre><button type="button" class="copy" data-copy data-copied="Copied" hidden>Copy</button></div>
`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc := mustRender(t, tt.src, Options{Lang: tt.lang})
			if diff := cmp.Diff(tt.want, string(doc.HTML)); diff != "" {
				t.Errorf("HTML (-want +got):\n%s", diff)
			}
		})
	}
}

func TestHighlightJSON(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		{"all token kinds", `{"a": [1, -2.5e3, true, false, null], "b": "x"}`,
			`<span class="j-punc">{</span><span class="j-key">&#34;a&#34;</span><span class="j-punc">:</span> <span class="j-punc">[</span><span class="j-num">1</span><span class="j-punc">,</span> <span class="j-num">-2.5e3</span><span class="j-punc">,</span> <span class="j-bool">true</span><span class="j-punc">,</span> <span class="j-bool">false</span><span class="j-punc">,</span> <span class="j-null">null</span><span class="j-punc">]</span><span class="j-punc">,</span> <span class="j-key">&#34;b&#34;</span><span class="j-punc">:</span> <span class="j-str">&#34;x&#34;</span><span class="j-punc">}</span>`},
		{"key on its own line before the colon", "\"k\"\n  : 1",
			`<span class="j-key">&#34;k&#34;</span>` + "\n  " + `<span class="j-punc">:</span> <span class="j-num">1</span>`},
		{"escaped quote in a string", `"a\"b"`, `<span class="j-str">&#34;a\&#34;b&#34;</span>`},
		{"single quotes are an error", `{'id': 1}`,
			`<span class="j-punc">{</span><span class="j-err">&#39;id&#39;</span><span class="j-punc">:</span> <span class="j-num">1</span><span class="j-punc">}</span>`},
		{"unquoted key and True are errors", `{id: True}`,
			`<span class="j-punc">{</span><span class="j-err">id</span><span class="j-punc">:</span> <span class="j-err">True</span><span class="j-punc">}</span>`},
		{"trailing comma", `[1,]`,
			`<span class="j-punc">[</span><span class="j-num">1</span><span class="j-punc">,</span><span class="j-punc">]</span>`},
		{"unterminated string stops at the end of the line", "\"id: 1,\n\"m\": 2",
			`<span class="j-str j-err">&#34;id: 1,</span>` + "\n" + `<span class="j-key">&#34;m&#34;</span><span class="j-punc">:</span> <span class="j-num">2</span>`},
		{"unterminated at the end", `"abc\"`, `<span class="j-str j-err">&#34;abc\&#34;</span>`},
		{"lone quote", `"`, `<span class="j-str j-err">&#34;</span>`},
		{"escaped backslash before the closing quote", `"a\\"`, `<span class="j-str">&#34;a\\&#34;</span>`},
		{"comments", "1 // one\n/* two */ 2 /* open",
			`<span class="j-num">1</span> <span class="j-comment">// one</span>` + "\n" + `<span class="j-comment">/* two */</span> <span class="j-num">2</span> <span class="j-comment">/* open</span>`},
		{"stray characters and a lone minus", `{"a": ... , - €= 1}`,
			`<span class="j-punc">{</span><span class="j-key">&#34;a&#34;</span><span class="j-punc">:</span> <span class="j-err">...</span> <span class="j-punc">,</span> <span class="j-err">-</span> <span class="j-err">€=</span> <span class="j-num">1</span><span class="j-punc">}</span>`},
		{"markup is escaped", `<script>&`, `<span class="j-err">&lt;</span><span class="j-err">script</span><span class="j-err">&gt;&amp;</span>`},
		{"empty", ``, ``},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := string(HighlightJSON(tt.src))
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("HighlightJSON(%q) (-want +got):\n%s", tt.src, diff)
			}
			if back := stripTags(got); back != tt.src {
				t.Errorf("text changed: got back %q", back)
			}
		})
	}
}

var tagRE = regexp.MustCompile(`</?span[^>]*>`)

func stripTags(s string) string { return html.UnescapeString(tagRE.ReplaceAllString(s, "")) }

// FuzzHighlightJSON: whatever the input, the highlighter keeps every byte
// and only ever adds balanced spans around escaped text.
func FuzzHighlightJSON(f *testing.F) {
	for _, s := range []string{`{"a": [1, true, null]}`, `{'a': tru,}`, "\"x\n", "/* x", `"\`, "-", "\xff\xfe"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		got := string(HighlightJSON(src))
		if strings.Count(got, "<span") != strings.Count(got, "</span>") {
			t.Fatalf("unbalanced spans: %q", got)
		}
		if strings.ContainsAny(tagRE.ReplaceAllString(got, ""), "<>\"'") {
			t.Fatalf("unescaped markup: %q", got)
		}
		// The escaper turns NUL into U+FFFD, which is what a browser would
		// show anyway; every other byte must come back as written.
		if back, want := stripTags(got), strings.ReplaceAll(src, "\x00", "\uFFFD"); back != want {
			t.Fatalf("text changed: %q -> %q", want, back)
		}
	})
}

func TestRawHTMLIsEscaped(t *testing.T) {
	src := "Replace <tool-name> here. <script>alert(1)</script>\n\n<div onclick=\"x()\">\n<p>hi</p>\n</div>\n\n## <img src=x onerror=alert(1)>\n\n[click](javascript:alert(1)) ![i](javascript:alert(2))\n\n<!-- comment -->\n"
	doc := mustRender(t, src, Options{})
	got := string(doc.HTML)
	for _, bad := range []string{"<script", "<div", "<img src=x", "<tool-name>", "javascript:", "<!--", "<p>hi"} {
		if strings.Contains(got, bad) {
			t.Errorf("HTML contains %q:\n%s", bad, got)
		}
	}
	for _, want := range []string{"Replace &lt;tool-name&gt; here. &lt;script&gt;alert(1)&lt;/script&gt;", "&lt;div onclick=&#34;x()&#34;&gt;", "&lt;!-- comment --&gt;"} {
		if !strings.Contains(got, want) {
			t.Errorf("HTML lacks %q:\n%s", want, got)
		}
	}
}

func TestSequenceInMarkdown(t *testing.T) {
	src := "# Handshake\n\n```sequence\nparticipant C as <script>Client</script>\nC->>S: initialize\n```\n"
	doc := mustRender(t, src, Options{Lang: "fr"})
	got := string(doc.HTML)
	if !strings.Contains(got, `<figure class="sequence"><svg xmlns="http://www.w3.org/2000/svg" class="seq-svg" role="img"`) {
		t.Errorf("no diagram:\n%s", got)
	}
	if !strings.Contains(got, "<title>Diagramme de séquence entre &lt;script&gt;Client&lt;/script&gt; et S</title>") {
		t.Errorf("no French, escaped title:\n%s", got)
	}
	if strings.Contains(got, "<script") {
		t.Errorf("unescaped label:\n%s", got)
	}
}

// TestErrorLines checks that errors point at the line of the file to fix,
// counting from Options.FirstLine, and that the page still renders.
func TestErrorLines(t *testing.T) {
	src := "Intro\n\n> [!TIP]\n> Not a callout we know.\n\n```sequence\nparticipant C\n\nC->S: oops\n```\n\n> [!CHECK]\n> A question with no answer.\n\n> [!NOTE]\n\n```sequence\n```\n\n- > ```sequence\n  > A->>B: fine\n  > B=>A: nope\n  > ```\n"
	tests := []struct {
		first int
		want  []string
	}{
		{0, []string{
			"line 3: unknown callout [!TIP]: use [!NOTE], [!MISTAKE], [!SPEC] or [!CHECK]",
			`line 9: unknown arrow "->": use ->> for a request, -->> for a response, -) for a notification or --x for an error response`,
			"line 12: the [!CHECK] callout has a question but no answer: after the question, leave a line with only > and write the answer",
			"line 15: the [!NOTE] callout is empty: write its text on the next lines, each starting with >",
			`line 17: the sequence diagram is empty: add a line such as "C->>S: initialize"`,
			`line 22: unknown arrow "=>": use ->> for a request, -->> for a response, -) for a notification or --x for an error response`,
		}},
		{10, []string{
			"line 12: unknown callout [!TIP]: use [!NOTE], [!MISTAKE], [!SPEC] or [!CHECK]",
			`line 18: unknown arrow "->": use ->> for a request, -->> for a response, -) for a notification or --x for an error response`,
			"line 21: the [!CHECK] callout has a question but no answer: after the question, leave a line with only > and write the answer",
			"line 24: the [!NOTE] callout is empty: write its text on the next lines, each starting with >",
			`line 26: the sequence diagram is empty: add a line such as "C->>S: initialize"`,
			`line 31: unknown arrow "=>": use ->> for a request, -->> for a response, -) for a notification or --x for an error response`,
		}},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprint("first line ", tt.first), func(t *testing.T) {
			doc, err := render(t, src, Options{FirstLine: tt.first})
			if err == nil {
				t.Fatal("no error")
			}
			var got []string
			for _, e := range Errors(err) {
				got = append(got, e.Error())
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("errors (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(strings.Join(tt.want, "\n"), err.Error()); diff != "" {
				t.Errorf("err.Error() (-want +got):\n%s", diff)
			}
			// The broken diagram is shown as its source, so a preview still works.
			if !strings.Contains(string(doc.HTML), `<code class="language-sequence">participant C`) {
				t.Errorf("the broken diagram is not shown as code:\n%s", doc.HTML)
			}
		})
	}
}

func TestLinks(t *testing.T) {
	src := "Intro [spec](https://modelcontextprotocol.io/specification) here.\n\n" +
		"A [relative](../lessons/lifecycle#handshake \"title\") link,\nand [a reference][ref].\n\n" +
		"- see <https://example.com/a> and www.example.org\n- ![diagram](img/x.png)\n\n" +
		"## Heading with [a link](#intro)\n\n" +
		"> [!NOTE]\n> In a callout: [exercises](/en/exercises/ex-1).\n\n" +
		"`[not a link](x)`\n\n[ref]: ../lessons/errors\n"
	doc := mustRender(t, src, Options{FirstLine: 5})
	want := []Link{
		{"https://modelcontextprotocol.io/specification", 5},
		{"../lessons/lifecycle#handshake", 7},
		{"../lessons/errors", 8},
		{"https://example.com/a", 10},
		{"http://www.example.org", 10},
		{"img/x.png", 11},
		{"#intro", 13},
		{"/en/exercises/ex-1", 16},
	}
	if diff := cmp.Diff(want, doc.Links); diff != "" {
		t.Errorf("Links (-want +got):\n%s", diff)
	}
}

func TestGFM(t *testing.T) {
	src := "| a | b |\n|:--|--:|\n| 1 | 2 |\n\n~~old~~ and https://example.com\n\n- [x] done\n- [ ] todo\n"
	got := string(mustRender(t, src, Options{}).HTML)
	for _, want := range []string{`<th align="left">a</th>`, `<td align="right">2</td>`, "<del>old</del>",
		`<a href="https://example.com">https://example.com</a>`, `<input checked="" disabled="" type="checkbox"> done`} {
		if !strings.Contains(got, want) {
			t.Errorf("HTML lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "style=") {
		t.Errorf("inline style, which the CSP forbids:\n%s", got)
	}
}

func TestUnsupportedLanguage(t *testing.T) {
	if _, err := render(t, "hi", Options{Lang: "de"}); err == nil || !strings.Contains(err.Error(), `unsupported language "de"`) {
		t.Errorf("err = %v, want unsupported language", err)
	}
}

// TestConcurrentRender runs one Renderer from many goroutines, in both
// languages, and compares with renders done one at a time (run with -race).
func TestConcurrentRender(t *testing.T) {
	src, err := os.ReadFile("testdata/lesson.md")
	if err != nil {
		t.Fatal(err)
	}
	r := New()
	want := map[i18n.Lang]string{}
	for _, lang := range i18n.All {
		doc, err := r.Render(src, Options{Lang: lang})
		if err != nil {
			t.Fatal(err)
		}
		want[lang] = string(doc.HTML)
	}
	if want["en"] == want["fr"] {
		t.Fatal("the two languages rendered the same page")
	}
	var wg sync.WaitGroup
	errs := make(chan error, 16)
	for i := range 16 {
		lang := i18n.All[i%2]
		wg.Go(func() {
			for range 5 {
				doc, err := r.Render(src, Options{Lang: lang})
				if err != nil {
					errs <- err
					return
				}
				if string(doc.HTML) != want[lang] {
					errs <- fmt.Errorf("a concurrent %s render differs from the sequential one", lang)
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

func TestLessonRendersCleanly(t *testing.T) {
	src, err := os.ReadFile("testdata/lesson.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := mustRender(t, string(src), Options{Lang: "en"})
	var ids []string
	for _, h := range doc.Headings {
		ids = append(ids, h.ID)
	}
	want := []string{"three-kinds-of-message", "a-request", "a-response", "the-handshake", "errors", "check-yourself"}
	if diff := cmp.Diff(want, ids); diff != "" {
		t.Errorf("heading ids (-want +got):\n%s", diff)
	}
	for _, class := range []string{"callout-mistake", "callout-spec", "callout-note", "callout-check", "figure class=\"sequence\"", "j-key"} {
		if !strings.Contains(string(doc.HTML), class) {
			t.Errorf("the lesson lacks %s", class)
		}
	}
}

func BenchmarkRender(b *testing.B) {
	src, err := os.ReadFile("testdata/lesson.md")
	if err != nil {
		b.Fatal(err)
	}
	r := New()
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := r.Render(src, Options{Lang: "fr"}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkSequenceSVG(b *testing.B) {
	src, err := os.ReadFile("testdata/seq/handshake.txt")
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := SequenceSVG(string(src), "en"); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkHighlightJSON(b *testing.B) {
	src := strings.Repeat(`{"jsonrpc": "2.0", "id": 7, "method": "tools/call", "params": {"name": "get_gift", "arguments": {"budget": 30.5, "wrap": true, "note": null}}}`+"\n", 20)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		_ = HighlightJSON(src)
	}
}

// FuzzRender: no input panics, and every error is a located *Error.
func FuzzRender(f *testing.F) {
	src, _ := os.ReadFile("testdata/lesson.md")
	f.Add(string(src))
	f.Add("> [!CHECK]\n> q\n\n> [!X]\n```sequence\nA->B\n```\n<b>")
	r := New()
	f.Fuzz(func(t *testing.T, src string) {
		_, err := r.Render([]byte(src), Options{Lang: "fr", FirstLine: 3})
		if err == nil {
			return
		}
		errs := Errors(err)
		if len(errs) == 0 {
			t.Fatalf("error without a line: %v", err)
		}
		for _, e := range errs {
			if e.Line < 3 || e.Line > 3+strings.Count(src, "\n") {
				t.Fatalf("line %d is outside the source: %v", e.Line, e)
			}
		}
	})
}
