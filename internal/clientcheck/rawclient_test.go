package clientcheck

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"
)

// rawClient is a client written by hand, as a learner would without an
// SDK: JSON-RPC over Streamable HTTP, with one planted mistake at a time.
type rawClient struct {
	url      string
	sid      string
	version  string // the negotiated revision, sent in MCP-Protocol-Version
	id       int
	mistake  string
	hc       *http.Client
	elicited int
	log      []string
}

func newRawClient(url, rev, mistake string) *rawClient {
	return &rawClient{url: url, mistake: mistake, version: rev, hc: &http.Client{Timeout: 30 * time.Second}}
}

type msg = map[string]any

func (c *rawClient) nextID() int { c.id++; return c.id }

// post sends one message; for a request it reads the reply, answering
// what the server sends on the way with on (nil: as a client must);
// on returning true stops reading.
func (c *rawClient) post(m msg, on func(msg) bool) msg {
	body, _ := json.Marshal(m)
	req, _ := http.NewRequest(http.MethodPost, c.url, bytes.NewReader(body))
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

// play is the client of one exercise, by its steps' scenario.
func (c *rawClient) play(exercise string) {
	switch exercise {
	case "first-call":
		c.handshake()
		c.request("tools/list", nil)
		args := msg{"occasion": "birthday", "budget": 50}
		if c.mistake == "schema" {
			args["budget"] = "50"
		}
		key := "name"
		if c.mistake == "tool-for-name" {
			key = "tool"
		}
		c.request("tools/call", msg{key: "suggest_gifts", "arguments": args})
	case "server-requests":
		c.handshake()
		c.request("tools/call", msg{"name": "ask_gift_preferences", "arguments": msg{}})
		c.request("tools/call", msg{"name": "write_card_message", "arguments": msg{"occasion": "birthday"}})
	case "progress-cancel":
		c.handshake()
		c.slowCall()
	case "pages":
		c.handshake()
		c.listAll()
		c.request("tools/call", msg{"name": "unlock_gift_wrapping", "arguments": msg{}})
		c.listAll()
		c.request("tools/call", msg{"name": "wrap_gift", "arguments": msg{}})
	case "stateless":
		c.stateless()
	}
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

func (c *rawClient) meta(p msg) msg {
	p["_meta"] = msg{"io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": msg{"elicitation": msg{}}}
	return p
}

func (c *rawClient) stateless() {
	c.request("server/discover", c.meta(msg{}))
	c.request("tools/call", c.meta(msg{"name": "suggest_gifts", "arguments": msg{"occasion": "birthday", "budget": 50}}))
	first := c.request("tools/call", c.meta(msg{"name": "ask_gift_preferences", "arguments": msg{}}))
	res, _ := first["result"].(msg)
	params := c.meta(msg{"name": "ask_gift_preferences", "arguments": msg{},
		"inputResponses": msg{"preferences": msg{"action": "accept", "content": msg{"category": "books"}}}, "requestState": res["requestState"]})
	if c.mistake == "changed-state" {
		params["requestState"] = "forged"
	}
	c.request("tools/call", params)
}
