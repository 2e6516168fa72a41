package mockserver

import (
	"context"
	"encoding/json"
	"github.com/mcpplayground/playground/internal/grader"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/mcpplayground/playground/internal/i18n"
)

const (
	initMsg     = `{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"test","version":"1"}}}`
	initMsg0618 = `{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"test","version":"1"}}}`
	initialized = `{"jsonrpc":"2.0","method":"notifications/initialized"}`
	modernMeta  = `"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}`
)

// recorder collects what a session sends on its own.
type recorder struct {
	mu   sync.Mutex
	out  []Outbound
	sent chan struct{} // closed at the next message; nil when nobody waits
}

func (r *recorder) sink(o Outbound) {
	r.mu.Lock()
	r.out = append(r.out, o)
	if r.sent != nil {
		close(r.sent)
		r.sent = nil
	}
	r.mu.Unlock()
}

// next blocks until the server has sent something, and takes it: the
// server sends from its own goroutines. The test's deadline bounds it.
func (r *recorder) next(t *testing.T) []Outbound {
	t.Helper()
	for {
		r.mu.Lock()
		if len(r.out) > 0 {
			out := r.out
			r.out = nil
			r.mu.Unlock()
			return out
		}
		if r.sent == nil {
			r.sent = make(chan struct{})
		}
		sent := r.sent
		r.mu.Unlock()
		select {
		case <-sent:
		case <-t.Context().Done():
			t.Fatal("the server sent nothing")
		}
	}
}

func (r *recorder) take() []Outbound {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := r.out
	r.out = nil
	return out
}

func newTestServer(cfg Config) *Server {
	if cfg.Clock == nil {
		cfg.Clock = instantClock{}
	}
	return New(cfg)
}

// decode turns a reply into plain values, without the checker's
// diagnostics: they belong to the checker's own tests.
func decode(t *testing.T, raw []byte) any {
	t.Helper()
	if raw == nil {
		return nil
	}
	var v map[string]any
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatalf("reply is not JSON: %v\n%s", err, raw)
	}
	if e, ok := v["error"].(map[string]any); ok {
		if d, ok := e["data"].(map[string]any); ok {
			delete(d, "diagnostics")
			if len(d) == 0 {
				delete(e, "data")
			}
		}
	}
	return v
}

func mustJSON(t *testing.T, s string) any {
	t.Helper()
	if s == "" {
		return nil
	}
	var v any
	if err := json.Unmarshal([]byte(s), &v); err != nil {
		t.Fatalf("bad expected JSON: %v\n%s", err, s)
	}
	return v
}

// TestExchanges is a table: each row is a message sent to a fresh session
// (after its setup) and the reply it must get.
func TestExchanges(t *testing.T) {
	tests := []struct {
		name  string
		setup []string // sent first, replies ignored
		send  string
		want  string // "" means no reply
	}{
		{"ping before initialize", nil,
			`{"jsonrpc":"2.0","id":1,"method":"ping"}`,
			`{"jsonrpc":"2.0","id":1,"result":{}}`},
		{"request before initialize", nil,
			`{"jsonrpc":"2.0","id":1,"method":"tools/list"}`,
			`{"jsonrpc":"2.0","id":1,"error":{"code":-32600,"message":"Invalid Request: the session is not initialized; send initialize first (only ping may come before it)"}}`},
		{"initialize keeps a supported revision", nil, initMsg0618,
			`{"jsonrpc":"2.0","id":0,"result":{"protocolVersion":"2025-06-18","capabilities":{"tools":{"listChanged":true},"resources":{"subscribe":true},"prompts":{},"logging":{},"completions":{}},"serverInfo":{"name":"gift-server","title":"Gift ideas server","version":"1.0.0"},"instructions":"Call suggest_gifts with an occasion, a budget and a recipient."}}`},
		{"initialize without clientInfo", nil,
			`{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{}}}`,
			`{"jsonrpc":"2.0","id":0,"error":{"code":-32602,"message":"Invalid params: \"clientInfo\" is required"}}`},
		{"second initialize", []string{initMsg, initialized}, strings.Replace(initMsg, `"id":0`, `"id":9`, 1),
			`{"jsonrpc":"2.0","id":9,"error":{"code":-32600,"message":"Invalid Request: this session is already initialized; initialize is sent once per session"}}`},
		{"unknown method", []string{initMsg, initialized},
			`{"jsonrpc":"2.0","id":"a-1","method":"resources/get","params":{"uri":"gift://catalog"}}`,
			`{"jsonrpc":"2.0","id":"a-1","error":{"code":-32601,"message":"Method not found: resources/get"}}`},
		{"a malformed response is not answered", []string{initMsg, initialized},
			`{"jsonrpc":"2.0","id":5,"result":{},"error":{"code":1,"message":"x"}}`, ``},
		{"an error response with a null id is not answered", []string{initMsg, initialized},
			`{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error"}}`, ``},
		{"unknown notification is ignored", []string{initMsg, initialized},
			`{"jsonrpc":"2.0","method":"notifications/tools/list_changed","params":{"reason":"x"}}`, ``},
		{"batch", nil, `[{"jsonrpc":"2.0","id":1,"method":"ping"}]`,
			`{"jsonrpc":"2.0","error":{"code":-32600,"message":"Invalid Request: JSON-RPC batches are not supported since MCP 2025-06-18; send one message at a time"}}`},
		{"not JSON", nil, `{"jsonrpc":"2.0","id":1,"method":"ping"`,
			`{"jsonrpc":"2.0","error":{"code":-32700,"message":"Parse error: the message is not valid JSON"}}`},
		{"not JSON in a 2025-06-18 session: id null", []string{initMsg0618}, `{"jsonrpc":"2.0","id":1,"method":"ping"`,
			`{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error: the message is not valid JSON"}}`},
		{"an error response without id is not answered", []string{initMsg, initialized},
			`{"jsonrpc":"2.0","error":{"code":-32700,"message":"Parse error"}}`, ``},
		{"null id", nil, `{"jsonrpc":"2.0","id":null,"method":"ping"}`,
			`{"jsonrpc":"2.0","error":{"code":-32600,"message":"Invalid Request: \"id\" must not be null in MCP; use a string or an integer"}}`},
		{"wrong jsonrpc keeps the id", nil, `{"jsonrpc":"1.0","id":4,"method":"ping"}`,
			`{"jsonrpc":"2.0","id":4,"error":{"code":-32600,"message":"Invalid Request: \"jsonrpc\" must be the string \"2.0\""}}`},
		{"params array", []string{initMsg, initialized}, `{"jsonrpc":"2.0","id":2,"method":"tools/list","params":[]}`,
			`{"jsonrpc":"2.0","id":2,"error":{"code":-32602,"message":"Invalid params: \"params\" must be an object"}}`},
		{"null cursor", []string{initMsg, initialized}, `{"jsonrpc":"2.0","id":2,"method":"tools/list","params":{"cursor":null}}`,
			`{"jsonrpc":"2.0","id":2,"error":{"code":-32602,"message":"Invalid params: \"cursor\" must be a string (leave it out for the first page)"}}`},
		{"unknown cursor", []string{initMsg, initialized}, `{"jsonrpc":"2.0","id":2,"method":"tools/list","params":{"cursor":"page2"}}`,
			`{"jsonrpc":"2.0","id":2,"error":{"code":-32602,"message":"Invalid params: unknown cursor; use a nextCursor this server returned"}}`},
		{"unknown tool", []string{initMsg, initialized}, `{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"suggest_gift"}}`,
			`{"jsonrpc":"2.0","id":3,"error":{"code":-32602,"message":"Unknown tool: suggest_gift","data":{"name":"suggest_gift","available":["suggest_gifts","ask_gift_preferences","prepare_delivery","unlock_gift_wrapping","write_card_message"]}}}`},
		{"tool name missing", []string{initMsg, initialized}, `{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"tool":"suggest_gifts"}}`,
			`{"jsonrpc":"2.0","id":3,"error":{"code":-32602,"message":"Invalid params: \"name\" is required"}}`},
		{"suggest_gifts", []string{initMsg, initialized},
			`{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"suggest_gifts","arguments":{"occasion":"birthday","budget":100,"recipient":"friend who loves board games"}}}`,
			`{"jsonrpc":"2.0","id":7,"result":{"content":[{"type":"text","text":"{\"gifts\":[{\"name\":\"Cooperative board game\",\"price\":39,\"category\":\"games\"},{\"name\":\"Wooden dice tower\",\"price\":24,\"category\":\"games\"}]}"}],"structuredContent":{"gifts":[{"name":"Cooperative board game","price":39,"category":"games"},{"name":"Wooden dice tower","price":24,"category":"games"}]},"isError":false}}`},
		{"the recipient's interests come first", []string{initMsg, initialized},
			`{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"suggest_gifts","arguments":{"occasion":"Housewarming ","budget":200,"recipient":"a coworker who loves coffee"}}}`,
			`{"jsonrpc":"2.0","id":7,"result":{"content":[{"type":"text","text":"{\"gifts\":[{\"name\":\"Espresso cups, set of two\",\"price\":34,\"category\":\"kitchen\"},{\"name\":\"Cast-iron Dutch oven\",\"price\":110,\"category\":\"kitchen\"}]}"}],"structuredContent":{"gifts":[{"name":"Espresso cups, set of two","price":34,"category":"kitchen"},{"name":"Cast-iron Dutch oven","price":110,"category":"kitchen"}]},"isError":false}}`},
		{"suggest_gifts ignores unknown arguments", []string{initMsg, initialized},
			`{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"suggest_gifts","arguments":{"occasion":"wedding","budget":80,"colour":"blue"}}}`,
			`{"jsonrpc":"2.0","id":7,"result":{"content":[{"type":"text","text":"{\"gifts\":[{\"name\":\"Cooperative board game\",\"price\":39,\"category\":\"games\"}]}"}],"structuredContent":{"gifts":[{"name":"Cooperative board game","price":39,"category":"games"}]},"isError":false}}`},
		{"nothing fits the budget: the cheapest gift of the catalogue", []string{initMsg, initialized},
			`{"jsonrpc":"2.0","id":8,"method":"tools/call","params":{"name":"suggest_gifts","arguments":{"occasion":"birthday","budget":5}}}`,
			`{"jsonrpc":"2.0","id":8,"result":{"content":[{"type":"text","text":"No gift found for a birthday under $5. The cheapest gift in the catalogue costs $12: try a budget of at least 12."}],"isError":true}}`},
		{"nothing fits the budget: the cheapest gift for the occasion", []string{initMsg, initialized},
			`{"jsonrpc":"2.0","id":8,"method":"tools/call","params":{"name":"suggest_gifts","arguments":{"occasion":"wedding","budget":10.5}}}`,
			`{"jsonrpc":"2.0","id":8,"result":{"content":[{"type":"text","text":"No gift found for a wedding under $10.50. The cheapest wedding gift costs $39: try a budget of at least 39."}],"isError":true}}`},
		{"an occasion the catalogue does not know", []string{initMsg, initialized},
			`{"jsonrpc":"2.0","id":8,"method":"tools/call","params":{"name":"suggest_gifts","arguments":{"occasion":"eclipse","budget":100}}}`,
			`{"jsonrpc":"2.0","id":8,"result":{"content":[{"type":"text","text":"No gift found for an eclipse under $100. The catalogue has gifts for these occasions: anniversary, birthday, graduation, holiday, housewarming, retirement, thank-you, wedding."}],"isError":true}}`},
		{"a negative budget", []string{initMsg, initialized},
			`{"jsonrpc":"2.0","id":8,"method":"tools/call","params":{"name":"suggest_gifts","arguments":{"occasion":"birthday","budget":-3}}}`,
			`{"jsonrpc":"2.0","id":8,"result":{"content":[{"type":"text","text":"Invalid arguments: \"budget\" cannot be negative. Give the maximum price in US dollars, for example 50."}],"isError":true}}`},
		{"argument error is a tool error since 2025-11-25", []string{initMsg, initialized},
			`{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"suggest_gifts","arguments":{"budget":"a hundred"}}}`,
			`{"jsonrpc":"2.0","id":9,"result":{"content":[{"type":"text","text":"Invalid arguments: \"occasion\" is required; \"budget\" must be a number, not a string. Say what the gift is for, for example \"birthday\". Give the maximum price in US dollars, for example 50."}],"isError":true}}`},
		{"unknown arguments of a strict tool", []string{initMsg, initialized},
			`{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"prepare_delivery","arguments":{"steps":2.5,"speed":"fast"}}}`,
			`{"jsonrpc":"2.0","id":9,"result":{"content":[{"type":"text","text":"Invalid arguments: \"steps\" must be an integer; \"speed\" is not an argument of prepare_delivery (expected: steps). Give a whole number of steps from 1 to 10, or leave it out for 5."}],"isError":true}}`},
		{"argument error is a protocol error in 2025-06-18", []string{initMsg0618, initialized},
			`{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"suggest_gifts","arguments":{"budget":50}}}`,
			`{"jsonrpc":"2.0","id":9,"error":{"code":-32602,"message":"Invalid params: occasion is required","data":{"missing":["occasion"]}}}`},
		{"argument errors in 2025-06-18 name every argument", []string{initMsg0618, initialized},
			`{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"write_card_message","arguments":{"recipient":7,"font":"serif"}}}`,
			`{"jsonrpc":"2.0","id":9,"error":{"code":-32602,"message":"Invalid params: occasion is required; recipient must be a string, not a number; font is not an argument of write_card_message (expected: occasion, recipient)","data":{"missing":["occasion"],"invalid":["recipient"],"unknown":["font"]}}}`},
		{"locked tool", []string{initMsg, initialized},
			`{"jsonrpc":"2.0","id":10,"method":"tools/call","params":{"name":"wrap_gift"}}`,
			`{"jsonrpc":"2.0","id":10,"error":{"code":-32602,"message":"Unknown tool: wrap_gift","data":{"name":"wrap_gift","available":["suggest_gifts","ask_gift_preferences","prepare_delivery","unlock_gift_wrapping","write_card_message"]}}}`},
		{"unlocked tool", []string{initMsg, initialized, `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"unlock_gift_wrapping"}}`},
			`{"jsonrpc":"2.0","id":10,"method":"tools/call","params":{"name":"wrap_gift"}}`,
			`{"jsonrpc":"2.0","id":10,"result":{"content":[{"type":"text","text":"Three gift-wrapping styles are available: classic (red paper and a gold ribbon), kraft (brown paper and twine) and festive (starry paper and a big bow)."}],"isError":false}}`},
		{"unknown tool names the unlocked tool once unlocked", []string{initMsg, initialized, `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"unlock_gift_wrapping"}}`},
			`{"jsonrpc":"2.0","id":10,"method":"tools/call","params":{"name":"wrap_gifts"}}`,
			`{"jsonrpc":"2.0","id":10,"error":{"code":-32602,"message":"Unknown tool: wrap_gifts","data":{"name":"wrap_gifts","available":["suggest_gifts","ask_gift_preferences","prepare_delivery","unlock_gift_wrapping","write_card_message","wrap_gift"]}}}`},
		{"unknown resource", []string{initMsg, initialized},
			`{"jsonrpc":"2.0","id":11,"method":"resources/read","params":{"uri":"gift://catalog/cars"}}`,
			`{"jsonrpc":"2.0","id":11,"error":{"code":-32002,"message":"Resource not found","data":{"uri":"gift://catalog/cars"}}}`},
		{"resource template", []string{initMsg, initialized},
			`{"jsonrpc":"2.0","id":12,"method":"resources/templates/list"}`,
			`{"jsonrpc":"2.0","id":12,"result":{"resourceTemplates":[{"uriTemplate":"gift://catalog/{category}","name":"catalog-by-category","title":"Gifts in one category","description":"The gifts of one category: books, kitchen, games.","mimeType":"application/json"}]}}`},
		{"prompt", []string{initMsg, initialized},
			`{"jsonrpc":"2.0","id":13,"method":"prompts/get","params":{"name":"gift_congrats_style","arguments":{"occasion":"wedding","tone":"formal"}}}`,
			`{"jsonrpc":"2.0","id":13,"result":{"description":"A formal wedding card","messages":[{"role":"user","content":{"type":"text","text":"Write a card to go with a wedding gift. Tone: formal. Two sentences at most. Example gift: a cast-iron Dutch oven."}},{"role":"assistant","content":{"type":"text","text":"Congratulations on your marriage. With my very best wishes for a long and happy life together."}}]}}`},
		{"prompt without a tone", []string{initMsg, initialized},
			`{"jsonrpc":"2.0","id":13,"method":"prompts/get","params":{"name":"gift_congrats_style","arguments":{"occasion":"anniversary"}}}`,
			`{"jsonrpc":"2.0","id":13,"result":{"messages":[{"role":"user","content":{"type":"text","text":"Write a card to go with an anniversary gift. Two sentences at most."}}]}}`},
		{"prompt with a tone it has no example for", []string{initMsg, initialized},
			`{"jsonrpc":"2.0","id":13,"method":"prompts/get","params":{"name":"gift_congrats_style","arguments":{"occasion":"birthday","tone":"enthusiastic"}}}`,
			`{"jsonrpc":"2.0","id":13,"result":{"description":"An enthusiastic birthday card","messages":[{"role":"user","content":{"type":"text","text":"Write a card to go with a birthday gift. Tone: enthusiastic. Two sentences at most."}}]}}`},

		{"prompt without its required argument", []string{initMsg, initialized},
			`{"jsonrpc":"2.0","id":14,"method":"prompts/get","params":{"name":"gift_congrats_style"}}`,
			`{"jsonrpc":"2.0","id":14,"error":{"code":-32602,"message":"Invalid params: prompt gift_congrats_style needs the argument \"occasion\""}}`},
		{"bad log level", []string{initMsg, initialized},
			`{"jsonrpc":"2.0","id":15,"method":"logging/setLevel","params":{"level":"verbose"}}`,
			`{"jsonrpc":"2.0","id":15,"error":{"code":-32602,"message":"Invalid params: unknown log level \"verbose\"; use one of debug, info, notice, warning, error, critical, alert, emergency"}}`},
		{"completion", []string{initMsg, initialized},
			`{"jsonrpc":"2.0","id":16,"method":"completion/complete","params":{"ref":{"type":"ref/resource","uri":"gift://catalog/{category}"},"argument":{"name":"category","value":"g"}}}`,
			`{"jsonrpc":"2.0","id":16,"result":{"completion":{"values":["games"],"total":1,"hasMore":false}}}`},
		{"stateless request", nil,
			`{"jsonrpc":"2.0","id":20,"method":"tools/call","params":{"name":"wrap_gift",` + modernMeta + `}}`,
			`{"jsonrpc":"2.0","id":20,"error":{"code":-32602,"message":"Unknown tool: wrap_gift","data":{"name":"wrap_gift","available":["suggest_gifts","ask_gift_preferences","prepare_delivery","unlock_gift_wrapping","write_card_message"]}}}`},
		{"stateless result carries resultType", nil,
			`{"jsonrpc":"2.0","id":21,"method":"resources/read","params":{"uri":"gift://catalog/kitchen",` + modernMeta + `}}`,
			`{"jsonrpc":"2.0","id":21,"result":{"resultType":"complete","_meta":{"io.modelcontextprotocol/serverInfo":{"name":"gift-server","title":"Gift ideas server","version":"1.0.0"}},"cacheScope":"public","ttlMs":60000,"contents":[{"uri":"gift://catalog/kitchen","mimeType":"application/json","text":` + jsonString(categoryJSON("kitchen")) + `}]}}`},
		{"stateless unknown resource (SEP-2164)", nil,
			`{"jsonrpc":"2.0","id":22,"method":"resources/read","params":{"uri":"gift://nothing",` + modernMeta + `}}`,
			`{"jsonrpc":"2.0","id":22,"error":{"code":-32602,"message":"Resource not found","data":{"uri":"gift://nothing"}}}`},
		{"stateless unsupported version", nil,
			`{"jsonrpc":"2.0","id":23,"method":"server/discover","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2099-01-01","io.modelcontextprotocol/clientCapabilities":{}}}}`,
			`{"jsonrpc":"2.0","id":23,"error":{"code":-32022,"message":"Unsupported protocol version","data":{"requested":"2099-01-01","supported":["2026-07-28","2025-11-25","2025-06-18"]}}}`},
		{"stateless without capabilities", nil,
			`{"jsonrpc":"2.0","id":24,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"}}}`,
			`{"jsonrpc":"2.0","id":24,"error":{"code":-32602,"message":"Invalid params: _meta[\"io.modelcontextprotocol/clientCapabilities\"] is required and must be an object"}}`},
		{"ping is gone in 2026-07-28", nil,
			`{"jsonrpc":"2.0","id":25,"method":"ping","params":{` + modernMeta + `}}`,
			`{"jsonrpc":"2.0","id":25,"error":{"code":-32601,"message":"Method not found: \"ping\" is not a 2026-07-28 method"}}`},
		{"elicitation needs the capability", []string{initMsg, initialized},
			`{"jsonrpc":"2.0","id":26,"method":"tools/call","params":{"name":"ask_gift_preferences"}}`,
			`{"jsonrpc":"2.0","id":26,"result":{"content":[{"type":"text","text":"ask_gift_preferences asks you a question with elicitation/create, but your client did not declare the elicitation capability in initialize."}],"isError":true}}`},
	}
	srv := newTestServer(Config{})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := srv.NewSession(SessionOptions{})
			for _, m := range tt.setup {
				s.Handle(context.Background(), []byte(m))
			}
			got := s.Handle(context.Background(), []byte(tt.send))
			if diff := cmp.Diff(mustJSON(t, tt.want), decode(t, got)); diff != "" {
				t.Errorf("reply mismatch (-want +got):\n%s\ngot: %s", diff, got)
			}
		})
	}
}

func jsonString(s string) string { return string(marshal(s)) }

// TestRejectionsExplain checks that rejected messages carry the checker's
// diagnostics in error.data.
func TestRejectionsExplain(t *testing.T) {
	srv := newTestServer(Config{})
	s := srv.NewSession(SessionOptions{Lang: i18n.FR})
	for _, msg := range []string{`{"jsonrpc":"2.0","id":null,"method":"ping"}`, `[1]`, `{"jsonrpc":"2.0","id":1,"method":"ping"`} {
		var reply struct {
			Error struct {
				Data struct {
					Diagnostics []struct {
						Code, Message string
					} `json:"diagnostics"`
				} `json:"data"`
			} `json:"error"`
		}
		if err := json.Unmarshal(s.Handle(context.Background(), []byte(msg)), &reply); err != nil {
			t.Fatal(err)
		}
		if len(reply.Error.Data.Diagnostics) == 0 || reply.Error.Data.Diagnostics[0].Code == "" {
			t.Errorf("%s: no diagnostics in error.data: %+v", msg, reply)
		}
	}
}

func TestPagination(t *testing.T) {
	srv := newTestServer(Config{})
	s := srv.NewSession(SessionOptions{})
	s.Handle(context.Background(), []byte(initMsg))
	var names []string
	cursor := ""
	for page := 0; page < 10; page++ {
		params := `{"_meta":{"mcpplayground/pageSize":2}}`
		if cursor != "" {
			params = `{"cursor":` + jsonString(cursor) + `,"_meta":{"mcpplayground/pageSize":2}}`
		}
		var reply struct {
			Result struct {
				Tools []struct {
					Name string `json:"name"`
				} `json:"tools"`
				NextCursor *string `json:"nextCursor"`
			} `json:"result"`
		}
		raw := s.Handle(context.Background(), []byte(`{"jsonrpc":"2.0","id":1,"method":"tools/list","params":`+params+`}`))
		if err := json.Unmarshal(raw, &reply); err != nil {
			t.Fatal(err)
		}
		if len(reply.Result.Tools) == 0 || len(reply.Result.Tools) > 2 {
			t.Fatalf("page %d has %d tools: %s", page, len(reply.Result.Tools), raw)
		}
		for _, tl := range reply.Result.Tools {
			names = append(names, tl.Name)
		}
		if reply.Result.NextCursor == nil {
			break
		}
		cursor = *reply.Result.NextCursor
	}
	want := []string{"suggest_gifts", "ask_gift_preferences", "prepare_delivery", "unlock_gift_wrapping", "write_card_message"}
	if diff := cmp.Diff(want, names); diff != "" {
		t.Errorf("tools over all pages (-want +got):\n%s", diff)
	}
}

// TestSlowToolProgressAndCancel drives prepare_delivery in a synctest
// bubble, on the server's own clock: one progress notification per step,
// and no reply once cancelled.
func TestSlowToolProgressAndCancel(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		srv := New(Config{ProgressInterval: time.Second})
		rec := &recorder{}
		s := srv.NewSession(SessionOptions{Sink: rec.sink})
		s.Handle(context.Background(), []byte(initMsg))
		s.Handle(context.Background(), []byte(initialized))

		done := make(chan []byte, 1)
		go func() {
			done <- s.Handle(context.Background(), []byte(`{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"prepare_delivery","arguments":{"steps":3},"_meta":{"progressToken":"p1"}}}`))
		}()
		// Steps 1 and 2 end at 1 s and 2 s; the test looks at 2.5 s,
		// while step 3 still runs.
		time.Sleep(2500 * time.Millisecond)
		s.Handle(context.Background(), []byte(`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":5,"reason":"changed my mind"}}`))
		if reply := <-done; reply != nil {
			t.Errorf("cancelled request answered: %s", reply)
		}
		var got []string
		for _, o := range rec.take() {
			got = append(got, string(o.Raw))
			if o.Related != "5" {
				t.Errorf("progress not related to request 5: %q", o.Related)
			}
		}
		want := []string{
			`{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"p1","progress":1,"total":3,"message":"Step 1 of 3: choosing the box"}}`,
			`{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"p1","progress":2,"total":3,"message":"Step 2 of 3: adding tissue paper"}}`,
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("notifications (-want +got):\n%s", diff)
		}

		// Run to the end without a token: no progress, a reply, one
		// step's time later.
		start := time.Now()
		go func() {
			done <- s.Handle(context.Background(), []byte(`{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"name":"prepare_delivery","arguments":{"steps":1}}}`))
		}()
		if diff := cmp.Diff(mustJSON(t, `{"jsonrpc":"2.0","id":6,"result":{"content":[{"type":"text","text":"The gifts are packed and ready to ship (1 step)."}],"isError":false}}`), decode(t, <-done)); diff != "" {
			t.Errorf("reply (-want +got):\n%s", diff)
		}
		if took := time.Since(start); took != time.Second {
			t.Errorf("one step took %v, want the progress interval (1s)", took)
		}
		if o := rec.take(); len(o) != 0 {
			t.Errorf("progress without a progressToken: %v", o)
		}
	})
}

// TestServerRequestRoundTrip: a tool asks the client (elicitation/create);
// the client answers with the same id; the tool finishes with it.
func TestServerRequestRoundTrip(t *testing.T) {
	srv := New(Config{Clock: newFakeClock()}) // the answer never times out
	rec := &recorder{}
	s := srv.NewSession(SessionOptions{Sink: rec.sink})
	s.Handle(context.Background(), []byte(`{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{"elicitation":{}},"clientInfo":{"name":"test","version":"1"}}}`))
	before := s.Handle(context.Background(), []byte(`{"jsonrpc":"2.0","id":"early","method":"tools/call","params":{"name":"ask_gift_preferences"}}`))
	if !strings.Contains(string(before), "no request before notifications/initialized") {
		t.Errorf("a server request before notifications/initialized: %s", before)
	}
	s.Handle(context.Background(), []byte(initialized))
	done := make(chan []byte, 1)
	go func() {
		done <- s.Handle(context.Background(), []byte(`{"jsonrpc":"2.0","id":"call-1","method":"tools/call","params":{"name":"ask_gift_preferences"}}`))
	}()
	req := rec.next(t)[0]
	want := `{"jsonrpc":"2.0","id":1,"method":"elicitation/create","params":{"message":"Which kind of gift do you prefer, and what is your budget?","mode":"form","requestedSchema":{"properties":{"category":{"description":"The kind of gift you prefer.","enum":["books","kitchen","games"],"title":"Category","type":"string"},"maxBudget":{"description":"The most you want to spend, in US dollars.","minimum":0,"title":"Budget","type":"number"}},"required":["category"],"type":"object"}}}`
	if diff := cmp.Diff(mustJSON(t, want), decode(t, req.Raw)); diff != "" {
		t.Errorf("server request (-want +got):\n%s", diff)
	}
	if req.Kind != grader.KindRequest || req.Related != `"call-1"` {
		t.Errorf("outbound kind %v related %q", req.Kind, req.Related)
	}
	// A reply with the wrong id is dropped; the right one finishes the call.
	if r := s.Handle(context.Background(), []byte(`{"jsonrpc":"2.0","id":2,"result":{"action":"cancel"}}`)); r != nil {
		t.Errorf("a response got a reply: %s", r)
	}
	s.Handle(context.Background(), []byte(`{"jsonrpc":"2.0","id":1,"result":{"action":"accept","content":{"category":"books","maxBudget":40}}}`))
	got := <-done
	wantReply := `{"jsonrpc":"2.0","id":"call-1","result":{"content":[{"type":"text","text":"Gifts in books:\n- The Art of Game Design ($38)"}],"structuredContent":{"gifts":[{"name":"The Art of Game Design","price":38,"category":"books"}]},"isError":false}}`
	if diff := cmp.Diff(mustJSON(t, wantReply), decode(t, got)); diff != "" {
		t.Errorf("reply (-want +got):\n%s", diff)
	}
}

func TestDuplicateIDInFlight(t *testing.T) {
	clock := newFakeClock()
	srv := New(Config{Clock: clock})
	s := srv.NewSession(SessionOptions{})
	s.Handle(context.Background(), []byte(initMsg))
	done := make(chan []byte, 1)
	go func() {
		done <- s.Handle(context.Background(), []byte(`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"prepare_delivery","arguments":{"steps":1}}}`))
	}()
	clock.waitForTimers(t, 1)
	got := s.Handle(context.Background(), []byte(`{"jsonrpc":"2.0","id":3,"method":"ping"}`))
	want := `{"jsonrpc":"2.0","id":3,"error":{"code":-32600,"message":"Invalid Request: id 3 is already used by a request still in flight; ids must be unique among requests in flight"}}`
	if diff := cmp.Diff(mustJSON(t, want), decode(t, got)); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	clock.Advance(time.Hour)
	<-done
}

func TestLoggingFollowsSetLevel(t *testing.T) {
	srv := newTestServer(Config{})
	rec := &recorder{}
	s := srv.NewSession(SessionOptions{Sink: rec.sink})
	s.Handle(context.Background(), []byte(initMsg))
	call := []byte(`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"suggest_gifts","arguments":{"occasion":"birthday","budget":30}}}`)
	s.Handle(context.Background(), call)
	if out := rec.take(); len(out) != 0 {
		t.Errorf("log messages before logging/setLevel: %d", len(out))
	}
	s.Handle(context.Background(), []byte(`{"jsonrpc":"2.0","id":3,"method":"logging/setLevel","params":{"level":"info"}}`))
	s.Handle(context.Background(), call)
	out := rec.take()
	if len(out) != 1 || !strings.Contains(string(out[0].Raw), `"level":"info"`) {
		t.Errorf("at info: %v", out)
	}
}

func TestStatelessListenGetsListChanged(t *testing.T) {
	srv := newTestServer(Config{})
	rec := &recorder{}
	s := srv.NewSession(SessionOptions{Sink: rec.sink})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan []byte, 1)
	go func() {
		done <- s.Handle(ctx, []byte(`{"jsonrpc":"2.0","id":"listen","method":"subscriptions/listen","params":{"notifications":{"toolsListChanged":true,"promptsListChanged":true},`+modernMeta+`}}`))
	}()
	ack := rec.next(t)
	s.Handle(context.Background(), []byte(`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"unlock_gift_wrapping",`+modernMeta+`}}`))
	changed := rec.take()
	cancel()
	if r := <-done; r != nil {
		t.Errorf("listen answered after the client closed it: %s", r)
	}
	var got []string
	for _, o := range append(ack, changed...) {
		got = append(got, string(o.Raw))
	}
	want := []string{
		`{"jsonrpc":"2.0","method":"notifications/subscriptions/acknowledged","params":{"_meta":{"io.modelcontextprotocol/subscriptionId":"listen"},"notifications":{"toolsListChanged":true}}}`,
		`{"jsonrpc":"2.0","method":"notifications/tools/list_changed","params":{"_meta":{"io.modelcontextprotocol/subscriptionId":"listen"}}}`,
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}
