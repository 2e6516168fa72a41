package clientcheck

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"
)

// rawClient is the reference client: written by hand, as a learner would
// without an SDK (JSON-RPC over Streamable HTTP), it plays a plan's steps
// and can plant one of the usual mistakes (Mistakes). check-content runs
// it as the solution of every client exercise, and each mistake an
// exercise names must fail it at that step.
type rawClient struct {
	ctx      context.Context
	url      string
	sid      string
	version  string // the negotiated revision, sent in MCP-Protocol-Version
	id       int
	mistake  string
	hc       *http.Client
	elicited int
	log      []string
}

func newRawClient(ctx context.Context, url, rev, mistake string) *rawClient {
	return &rawClient{ctx: ctx, url: url, mistake: mistake, version: rev, hc: &http.Client{Timeout: time.Minute}}
}

// Mistakes are the reference client's planted mistakes, by name, with
// what each does.
var Mistakes = map[string]string{
	"before-initialize":  "sends tools/list before initialize",
	"no-initialized":     "never sends notifications/initialized",
	"no-session":         "sends no Mcp-Session-Id header",
	"no-version":         "sends no MCP-Protocol-Version header",
	"tool-for-name":      "names the tool in `tool` instead of `name`",
	"schema":             "sends the budget as a string, against the input schema",
	"reply-notification": "answers a notification of the server",
	"unanswered":         "leaves the server's roots/list unanswered",
	"id-reused":          "pings with the id of the call in flight",
	"wrong-cancel":       "cancels an id that is not the call's",
	"cursor":             "stops at the first page of tools/list",
	"no-meta":            "sends 2026-07-28 requests without their _meta",
	"changed-state":      "retries with another requestState",
	"same-id":            "retries with the id of the first call",
}

// PlayReference plays plan as the reference client against the checking
// server at url, in revision rev, planting mistake ("" for none).
func PlayReference(ctx context.Context, url string, plan *Plan, rev, mistake string) {
	newRawClient(ctx, url, rev, mistake).play(plan)
}

type msg = map[string]any

func (c *rawClient) nextID() int { c.id++; return c.id }

// post sends one message; for a request it reads the reply, answering
// what the server sends on the way with on (nil: as a client must);
// on returning true stops reading.
func (c *rawClient) post(m msg, on func(msg) bool) msg {
	body, _ := json.Marshal(m)
	req, _ := http.NewRequestWithContext(c.ctx, http.MethodPost, c.url, bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	if c.sid != "" && c.mistake != "no-session" {
		req.Header.Set(headerSession, c.sid)
	}
	method, _ := m["method"].(string)
	if c.version != "" && c.mistake != "no-version" && (c.sid != "" || c.version == "2026-07-28") {
		req.Header.Set(headerVersion, c.version)
	}
	if c.version == "2026-07-28" {
		req.Header.Set(headerMethod, method)
		if p, ok := m["params"].(msg); ok && method == "tools/call" {
			req.Header.Set(headerName, fmt.Sprint(p["name"]))
		}
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		c.log = append(c.log, err.Error())
		return nil
	}
	defer resp.Body.Close()
	if s := resp.Header.Get(headerSession); s != "" {
		c.sid = s
	}
	if !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/event-stream") {
		var out msg
		_ = json.NewDecoder(io.LimitReader(resp.Body, 1<<20)).Decode(&out)
		return out
	}
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		data, ok := strings.CutPrefix(sc.Text(), "data: ")
		if !ok {
			continue
		}
		var ev msg
		if json.Unmarshal([]byte(data), &ev) != nil {
			continue
		}
		if _, isReply := ev["method"]; !isReply && fmt.Sprint(ev["id"]) == fmt.Sprint(m["id"]) {
			return ev
		}
		if on == nil {
			c.serverMessage(ev)
		} else if on(ev) {
			return nil // stop reading
		}
	}
	return nil
}

// serverMessage answers a request of the server, as a client must.
func (c *rawClient) serverMessage(ev msg) {
	method, _ := ev["method"].(string)
	id, isRequest := ev["id"]
	if !isRequest {
		if c.mistake == "reply-notification" {
			c.post(msg{"jsonrpc": "2.0", "id": nil, "result": msg{}}, nil)
		}
		return
	}
	var result any
	switch method {
	case "ping":
		result = msg{}
	case "roots/list":
		if c.mistake == "unanswered" {
			return
		}
		result = msg{"roots": []msg{{"uri": "file:///home/ada/gifts", "name": "gifts"}}}
	case "elicitation/create":
		c.elicited++
		switch c.elicited {
		case 1:
			result = msg{"action": "accept", "content": msg{"category": "games"}}
		case 2:
			result = msg{"action": "decline"}
		default:
			result = msg{"action": "cancel"}
		}
	case "sampling/createMessage":
		result = msg{"role": "assistant", "content": msg{"type": "text", "text": "Happy birthday!"}, "model": "hand-written"}
	default:
		c.post(msg{"jsonrpc": "2.0", "id": id, "error": msg{"code": -32601, "message": "Method not found"}}, nil)
		return
	}
	c.post(msg{"jsonrpc": "2.0", "id": id, "result": result}, nil)
}

func (c *rawClient) request(method string, params msg) msg {
	m := msg{"jsonrpc": "2.0", "id": c.nextID(), "method": method}
	if params != nil {
		m["params"] = params
	}
	return c.post(m, nil)
}

func (c *rawClient) handshake() {
	if c.mistake == "before-initialize" {
		c.request("tools/list", nil)
	}
	rev := c.version
	c.version = ""
	c.request("initialize", msg{"protocolVersion": rev, "capabilities": msg{"roots": msg{}, "elicitation": msg{}, "sampling": msg{}},
		"clientInfo": msg{"name": "raw-client", "version": "1.0.0"}})
	c.version = rev
	if c.mistake != "no-initialized" {
		c.post(msg{"jsonrpc": "2.0", "method": "notifications/initialized"}, nil)
	}
}

// play does what each step of the plan asks of a client, in order.
func (c *rawClient) play(plan *Plan) {
	for _, st := range plan.Steps {
		switch st.Name {
		case "initialize", "handshake":
			c.handshake()
		case "tools-list":
			c.request("tools/list", nil)
		case "first-call", "call-meta":
			c.firstCall()
		case "call-preferences":
			c.request("tools/call", c.meta(msg{"name": "ask_gift_preferences", "arguments": msg{}}))
		case "sampling":
			c.request("tools/call", msg{"name": "write_card_message", "arguments": msg{"occasion": "birthday"}})
		case "slow-call":
			c.slowCall()
		case "pages", "relist":
			c.listAll()
		case "unlock":
			c.request("tools/call", msg{"name": "unlock_gift_wrapping", "arguments": msg{}})
		case "call-new-tool":
			c.request("tools/call", msg{"name": "wrap_gift", "arguments": msg{}})
		case "discover":
			c.request("server/discover", c.meta(msg{}))
		case "input-required":
			c.askAndRetry()
		}
	}
}

func (c *rawClient) firstCall() {
	args := msg{"occasion": "birthday", "budget": 50}
	if c.mistake == "schema" {
		args["budget"] = "50"
	}
	key := "name"
	if c.mistake == "tool-for-name" {
		key = "tool"
	}
	c.request("tools/call", c.meta(msg{key: "suggest_gifts", "arguments": args}))
}

func (c *rawClient) slowCall() {
	id := c.nextID()
	progress := 0
	c.post(msg{"jsonrpc": "2.0", "id": id, "method": "tools/call", "params": msg{"name": "prepare_delivery", "arguments": msg{"steps": 5},
		"_meta": msg{"progressToken": "delivery-1"}}}, func(ev msg) bool {
		if ev["method"] != "notifications/progress" {
			return false
		}
		progress++
		if progress == 1 {
			pid := c.nextID()
			if c.mistake == "id-reused" {
				pid = id
			}
			c.post(msg{"jsonrpc": "2.0", "id": pid, "method": "ping"}, nil)
			return false
		}
		rid := any(id)
		if c.mistake == "wrong-cancel" {
			rid = id + 100
		}
		c.post(msg{"jsonrpc": "2.0", "method": "notifications/cancelled", "params": msg{"requestId": rid, "reason": "The user stopped it."}}, nil)
		return true
	})
}

func (c *rawClient) listAll() {
	var cursor any
	for {
		params := msg{}
		if cursor != nil {
			params["cursor"] = cursor
		}
		res := c.request("tools/list", params)
		r, _ := res["result"].(msg)
		next, ok := r["nextCursor"]
		if !ok || c.mistake == "cursor" {
			return
		}
		cursor = next
	}
}

// meta adds the per-request _meta of 2026-07-28.
func (c *rawClient) meta(p msg) msg {
	if c.version != "2026-07-28" || c.mistake == "no-meta" {
		return p
	}
	p["_meta"] = msg{"io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": msg{"elicitation": msg{}}}
	return p
}

func (c *rawClient) askAndRetry() {
	first := c.request("tools/call", c.meta(msg{"name": "ask_gift_preferences", "arguments": msg{}}))
	res, _ := first["result"].(msg)
	params := c.meta(msg{"name": "ask_gift_preferences", "arguments": msg{},
		"inputResponses": msg{"preferences": msg{"action": "accept", "content": msg{"category": "books"}}}, "requestState": res["requestState"]})
	if c.mistake == "changed-state" {
		params["requestState"] = "forged"
	}
	if c.mistake == "same-id" {
		c.id--
	}
	c.request("tools/call", params)
}
