package main

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

// The console's traffic: a learner's session with the gift server through
// the console page's API (/api/console/messages), and, for some learners,
// a real MCP client's session over Streamable HTTP at /mcp.

const mcpProtocol = "2025-11-25"

var mcpSession = []string{
	`{"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocolVersion": "` + mcpProtocol + `", "capabilities": {}, "clientInfo": {"name": "workshop-load", "version": "1.0.0"}}}`,
	`{"jsonrpc": "2.0", "method": "notifications/initialized"}`,
	`{"jsonrpc": "2.0", "id": 2, "method": "tools/list"}`,
	`{"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": {"name": "suggest_gifts", "arguments": {"occasion": "birthday", "budget": 30}}}`,
	`{"jsonrpc": "2.0", "id": 4, "method": "ping"}`,
}

// probeConsole reports whether the server has the console page: without a
// learner it answers 200, or 303 to the join page in a workshop.
func (r *room) probeConsole() bool {
	c := &http.Client{Transport: r.client, Timeout: 10 * time.Second,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := c.Get(r.cfg.url + "/en/console")
	if err != nil {
		return false
	}
	resp.Body.Close()
	return resp.StatusCode == http.StatusOK || resp.StatusCode == http.StatusSeeOther
}

// consolePage is a learner on the console page: the page, the handshake,
// a tool listed and called, then a fresh session for the next exercise.
func (l *learner) consolePage(ctx context.Context) {
	if _, _, ok := l.request(ctx, "page", "GET", "/en/console", nil, nil); !ok {
		return
	}
	for _, msg := range mcpSession {
		_, body, ok := l.request(ctx, "console", "POST", "/api/console/messages", []byte(msg), map[string]string{"Content-Type": "application/json"})
		if !ok {
			return
		}
		var out struct {
			Events []json.RawMessage `json:"events"`
		}
		if err := json.Unmarshal(body, &out); err != nil || len(out.Events) == 0 {
			l.r.rec.fail("console", "the console API answered without events: "+firstLine(body))
			return
		}
		l.pause(ctx, l.r.cfg.think/2)
	}
	l.request(ctx, "console", "POST", "/api/console/reset", nil, nil)
}

// probeMCP reports whether the server answers an MCP initialize at /mcp.
func (r *room) probeMCP() bool {
	c := &http.Client{Transport: r.client, Timeout: 10 * time.Second}
	req, _ := http.NewRequest("POST", r.cfg.url+"/mcp", strings.NewReader(mcpSession[0]))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	resp, err := c.Do(req)
	if err != nil {
		return false
	}
	defer resp.Body.Close()
	_, _ = io.Copy(io.Discard, resp.Body)
	if sid := resp.Header.Get("Mcp-Session-Id"); sid != "" {
		del, _ := http.NewRequest("DELETE", r.cfg.url+"/mcp", nil)
		del.Header.Set("Mcp-Session-Id", sid)
		if resp, err := c.Do(del); err == nil {
			resp.Body.Close()
		}
	}
	return resp.StatusCode == http.StatusOK
}

// mcpClient is a real MCP client's session: it opens a session, lists and
// calls a tool, pings, and closes it.
func (l *learner) mcpClient(ctx context.Context) {
	sid := ""
	for i, msg := range mcpSession {
		hdr := map[string]string{"Content-Type": "application/json", "Accept": "application/json, text/event-stream"}
		if sid != "" {
			hdr["Mcp-Session-Id"] = sid
			hdr["MCP-Protocol-Version"] = mcpProtocol
		}
		status, body, h, ok := l.mcp(ctx, "POST", hdr, []byte(msg))
		if !ok {
			return
		}
		if i == 0 {
			if sid = h.Get("Mcp-Session-Id"); sid == "" {
				l.r.rec.fail("mcp", "initialize answered without Mcp-Session-Id")
				return
			}
		}
		isRequest := strings.Contains(msg, `"id"`)
		if !isRequest {
			if status != http.StatusAccepted {
				l.r.rec.fail("mcp", fmt.Sprintf("notification answered %d", status))
			}
			continue
		}
		if err := rpcOK(h.Get("Content-Type"), body); err != nil {
			l.r.rec.fail("mcp", err.Error())
			return
		}
		l.pause(ctx, l.r.cfg.think/4)
	}
	l.mcp(ctx, "DELETE", map[string]string{"Mcp-Session-Id": sid, "MCP-Protocol-Version": mcpProtocol}, nil)
}

// mcp sends one message; it records latency like any request.
func (l *learner) mcp(ctx context.Context, method string, hdr map[string]string, body []byte) (int, []byte, http.Header, bool) {
	r := l.r
	if ctx.Err() != nil {
		return 0, nil, nil, false
	}
	// A request in flight when the room closes is finished, not cut: the
	// server would log a cancelled request, and its answer still counts.
	req, err := http.NewRequestWithContext(context.WithoutCancel(ctx), method, r.cfg.url+"/mcp", bytes.NewReader(body))
	if err != nil {
		return 0, nil, nil, false
	}
	for k, v := range hdr {
		req.Header.Set(k, v)
	}
	wasDown := r.down.Load()
	start := time.Now()
	resp, err := l.c.Do(req)
	if err == nil {
		var data []byte
		data, err = io.ReadAll(resp.Body)
		resp.Body.Close()
		if err == nil {
			if resp.StatusCode >= 400 {
				// A session lost in a restart is answered 404: the console
				// starts a new one, as a client must.
				if resp.StatusCode == http.StatusNotFound && hdr["Mcp-Session-Id"] != "" {
					r.rec.outage("mcp")
				} else {
					r.rec.fail("mcp", fmt.Sprintf("%s /mcp: %d %s", method, resp.StatusCode, firstLine(data)))
				}
				return resp.StatusCode, nil, nil, false
			}
			r.rec.observe("mcp", time.Since(start))
			return resp.StatusCode, data, resp.Header, true
		}
	}
	switch {
	case ctx.Err() != nil:
	case wasDown || r.down.Load():
		r.rec.outage("mcp")
	default:
		r.rec.fail("mcp", err.Error())
	}
	return 0, nil, nil, false
}

// rpcOK checks that an answer (JSON, or an SSE stream of JSON) holds a
// response without an error.
func rpcOK(contentType string, body []byte) error {
	if strings.HasPrefix(contentType, "text/event-stream") {
		sc := bufio.NewScanner(bytes.NewReader(body))
		sc.Buffer(make([]byte, 64<<10), 4<<20)
		for sc.Scan() {
			if data, ok := strings.CutPrefix(sc.Text(), "data:"); ok && strings.Contains(data, `"id"`) {
				body = []byte(strings.TrimSpace(data))
			}
		}
	}
	var msg struct {
		Result json.RawMessage `json:"result"`
		Error  *struct {
			Code    int    `json:"code"`
			Message string `json:"message"`
		} `json:"error"`
	}
	if err := json.Unmarshal(body, &msg); err != nil {
		return fmt.Errorf("an MCP answer is not JSON: %s", firstLine(body))
	}
	if msg.Error != nil {
		return fmt.Errorf("MCP error %d: %s", msg.Error.Code, msg.Error.Message)
	}
	if msg.Result == nil {
		return fmt.Errorf("an MCP answer has no result: %s", firstLine(body))
	}
	return nil
}
