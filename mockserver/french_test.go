package mockserver

import (
	"context"
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"net/http"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/mcpplayground/playground/internal/i18n"
)

// Every text the gift server sends a client has a French version in
// french.go: the texts of its tools, resources, templates and prompts, and
// every fixed message the code writes (newError formats, tool errors and
// results, rpcError messages; HTTP transport refusals excepted, the
// console never sees them). A new tool, prompt or error without French
// fails here, naming the text.
func TestFrenchCoversEveryText(t *testing.T) {
	var missing []string
	need := func(where, en string) {
		if en == "" {
			return
		}
		if _, ok := french[en]; !ok {
			missing = append(missing, where+": "+strconv.Quote(en))
		}
	}
	srv := New(Config{})
	need("serverInfo.title", srv.serverInfo.Title)
	need("instructions", srv.instructions)
	for _, tl := range srv.tools {
		need(tl.name+" title", tl.title)
		need(tl.name+" description", tl.description)
		if tl.annotations != nil {
			need(tl.name+" annotations.title", tl.annotations.Title)
		}
		for _, a := range tl.args {
			need(tl.name+"."+a.name+" description", a.description)
			need(tl.name+"."+a.name+" hint", a.hint)
		}
	}
	for _, r := range srv.resources {
		need(r.URI+" title", r.Title)
		need(r.URI+" description", r.Description)
	}
	for _, r := range srv.templates {
		need(r.URITemplate+" title", r.Title)
		need(r.URITemplate+" description", r.Description)
	}
	for _, p := range srv.prompts {
		need(p.Name+" title", p.Title)
		need(p.Name+" description", p.Description)
		for _, a := range p.Arguments {
			need(p.Name+"."+a.Name+" description", a.Description)
		}
		if _, ok := frenchPrompts[p.Name]; !ok {
			missing = append(missing, p.Name+": no French version in frenchPrompts")
		}
	}
	missing = append(missing, literalsWithoutFrench(t)...)
	sort.Strings(missing)
	if len(missing) > 0 {
		t.Errorf("%d texts without French (add them to french.go):\n%s", len(missing), strings.Join(missing, "\n"))
	}
}

// literalsWithoutFrench reads the package's code for the fixed texts it
// sends: the format of newError, the text of toolError and textResult,
// the Message of an rpcError literal, the message of an elicitation. The HTTP transport's refusals
// (http*.go), stdio and the conformance fixtures are left out.
func literalsWithoutFrench(t *testing.T) []string {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	var missing []string
	check := func(e ast.Expr) {
		lit, ok := e.(*ast.BasicLit)
		if !ok || lit.Kind != token.STRING {
			return
		}
		s, err := strconv.Unquote(lit.Value)
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := french[s]; !ok && (&Session{lang: i18n.FR}).say(s) == s {
			missing = append(missing, fset.Position(lit.Pos()).String()+": "+strconv.Quote(s))
		}
	}
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") || strings.HasPrefix(f, "http") || f == "stdio.go" || f == "fixtures.go" {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		file, err := parser.ParseFile(fset, f, src, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(file, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CallExpr:
				id, ok := n.Fun.(*ast.Ident)
				switch {
				case !ok:
				case id.Name == "newError" && len(n.Args) >= 2:
					check(n.Args[1])
				case (id.Name == "toolError" || id.Name == "textResult") && len(n.Args) == 1:
					check(n.Args[0])
				}
				if sel, ok := n.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "elicitParams" && len(n.Args) == 2 {
					check(n.Args[0])
				}
			case *ast.CompositeLit:
				if id, ok := n.Type.(*ast.Ident); ok && id.Name == "rpcError" {
					for _, el := range n.Elts {
						if kv, ok := el.(*ast.KeyValueExpr); ok {
							if k, ok := kv.Key.(*ast.Ident); ok && k.Name == "Message" {
								check(kv.Value)
							}
						}
					}
				}
			}
			return true
		})
	}
	return missing
}

// texts reads the texts a reply carries at the given JSON paths.
func replyTexts(t *testing.T, raw []byte, paths ...string) []string {
	t.Helper()
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatalf("%v: %s", err, raw)
	}
	var out []string
	for _, p := range paths {
		cur := v
		for _, k := range strings.Split(p, ".") {
			switch c := cur.(type) {
			case map[string]any:
				cur = c[k]
			case []any:
				i, _ := strconv.Atoi(k)
				if i < len(c) {
					cur = c[i]
				} else {
					cur = nil
				}
			}
		}
		s, _ := cur.(string)
		out = append(out, s)
	}
	return out
}

// A French session says its tools, resources, prompts and errors in
// French; an English one (the default) as the lessons show them.
func TestSessionSpeaksItsLanguage(t *testing.T) {
	msgs := []struct {
		msg   string
		paths []string
	}{
		{`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`, []string{"result.serverInfo.title", "result.instructions"}},
		{`{"jsonrpc":"2.0","id":2,"method":"tools/list"}`, []string{"result.tools.0.title", "result.tools.0.description"}},
		{`{"jsonrpc":"2.0","id":3,"method":"resources/list"}`, []string{"result.resources.0.description"}},
		{`{"jsonrpc":"2.0","id":4,"method":"prompts/get","params":{"name":"gift_congrats_style","arguments":{"occasion":"birthday","tone":"warm"}}}`, []string{"result.messages.0.content.text"}},
		{`{"jsonrpc":"2.0","id":5,"method":"prompts/get","params":{"name":"nope"}}`, []string{"error.message"}},
		{`{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"name":"suggest_gifts","arguments":{"occasion":"","budget":5}}}`, []string{"result.content.0.text"}},
		{`{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"nope"}}`, []string{"error.message"}},
	}
	run := func(lang i18n.Lang) []string {
		s := New(Config{}).NewSession(SessionOptions{Lang: lang})
		var got []string
		for i, m := range msgs {
			got = append(got, replyTexts(t, s.Handle(context.Background(), []byte(m.msg)), m.paths...)...)
			if i == 0 {
				s.Handle(context.Background(), []byte(`{"jsonrpc":"2.0","method":"notifications/initialized"}`))
			}
		}
		return got
	}
	wantEN := []string{
		"Gift ideas server", "Call suggest_gifts with an occasion, a budget and a recipient.",
		"Gift ideas", "Suggests gift ideas for an occasion, within a budget in US dollars.",
		"Every gift the server knows, with its category and price in US dollars.",
		"Write a card to go with a birthday gift. Tone: warm. Two sentences at most. Example gift: a board game.",
		`Invalid params: unknown prompt "nope"; prompts/list shows the prompts`,
		`Invalid arguments: "occasion" is empty. Say what the gift is for, for example "birthday".`,
		"Unknown tool: nope",
	}
	if diff := cmp.Diff(wantEN, run(i18n.EN)); diff != "" {
		t.Errorf("English session (-want +got):\n%s", diff)
	}
	wantFR := []string{
		french["Gift ideas server"], french["Call suggest_gifts with an occasion, a budget and a recipient."],
		"Idées cadeaux", french["Suggests gift ideas for an occasion, within a budget in US dollars."],
		french["Every gift the server knows, with its category and price in US dollars."],
		"Écris une carte pour accompagner un cadeau pour un anniversaire. Ton\u00a0: chaleureux. Deux phrases au plus.",
		"Paramètres invalides\u00a0: prompt \"nope\" inconnu\u00a0; prompts/list montre les prompts",
		french[`Invalid arguments: "occasion" is empty. Say what the gift is for, for example "birthday".`],
		"Outil inconnu\u00a0: nope",
	}
	if diff := cmp.Diff(wantFR, run(i18n.FR)); diff != "" {
		t.Errorf("French session (-want +got):\n%s", diff)
	}
}

// On HTTP a session speaks French only when its initialize asks with
// Accept-Language; a client that does not ask keeps English.
func TestHTTPLanguageFromAcceptLanguage(t *testing.T) {
	tests := []struct {
		accept, want string
	}{
		{"", "Gift ideas"},
		{"fr-FR,fr;q=0.9,en;q=0.8", "Idées cadeaux"},
		{"en-GB,fr;q=0.5", "Gift ideas"},
		{"de", "Gift ideas"},
		{"de, fr;q=0.8", "Idées cadeaux"}, // as the pages read it (i18n.Match)
	}
	for _, tc := range tests {
		e := newHTTPEnv(t, Config{}, HTTPConfig{})
		var hdr []string
		if tc.accept != "" {
			hdr = []string{"Accept-Language", tc.accept}
		}
		resp := e.post(`{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`, hdr...)
		readAll(t, resp)
		sid := resp.Header.Get(HeaderSessionID)
		readAll(t, e.post(initialized, HeaderSessionID, sid))
		resp = e.post(`{"jsonrpc":"2.0","id":1,"method":"tools/list"}`, HeaderSessionID, sid, "MCP-Protocol-Version", "2025-11-25")
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("tools/list: %d", resp.StatusCode)
		}
		if got := replyTexts(t, []byte(readAll(t, resp)), "result.tools.0.title")[0]; got != tc.want {
			t.Errorf("Accept-Language %q: title %q, want %q", tc.accept, got, tc.want)
		}
	}
}

// A French session writes its results in French too, the ones built from
// values included, and understands the French occasion words: an
// "anniversaire" finds the birthday gifts, a "mariage" the wedding ones.
func TestFrenchSessionResults(t *testing.T) {
	s := New(Config{ProgressInterval: time.Millisecond}).NewSession(SessionOptions{Lang: i18n.FR})
	s.Handle(context.Background(), []byte(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`))
	s.Handle(context.Background(), []byte(`{"jsonrpc":"2.0","method":"notifications/initialized"}`))
	call := func(id int, args string) []string {
		t.Helper()
		raw := s.Handle(context.Background(), []byte(`{"jsonrpc":"2.0","id":`+strconv.Itoa(id)+`,"method":"tools/call","params":`+args+`}`))
		var v struct {
			Result struct {
				IsError bool `json:"isError"`
				Content []struct {
					Text string `json:"text"`
				} `json:"content"`
			} `json:"result"`
		}
		if err := json.Unmarshal(raw, &v); err != nil || len(v.Result.Content) == 0 {
			t.Fatalf("tools/call %s: %v %s", args, err, raw)
		}
		return []string{strconv.FormatBool(v.Result.IsError), v.Result.Content[0].Text}
	}
	got := [][]string{
		call(2, `{"name":"suggest_gifts","arguments":{"occasion":"anniversaire","budget":5}}`),
		call(3, `{"name":"prepare_delivery","arguments":{"steps":1}}`),
	}
	want := [][]string{
		{"true", "Aucun cadeau trouvé pour un anniversaire à 5\u00a0$ au plus. Le cadeau le moins cher du catalogue coûte 12\u00a0$\u00a0: essayez un budget d’au moins 12."},
		{"false", "Les cadeaux sont emballés et prêts à partir (1 étape)."},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("French results (-want +got):\n%s", diff)
	}
	if r := call(4, `{"name":"suggest_gifts","arguments":{"occasion":"Mariage","budget":200}}`); r[0] != "false" || !strings.Contains(r[1], "Dutch oven") {
		t.Errorf("a mariage finds no wedding gift: %v", r)
	}
}
