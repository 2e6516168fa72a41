package web

import (
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/mcpplayground/playground/internal/exercise"
	"github.com/mcpplayground/playground/internal/grader"
	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/mockserver"
	"github.com/mcpplayground/playground/web/view"
)

// consoleTemplate is a message a learner can start from. Its text is built
// from the session: the next free id, the revision to ask for, the request
// still in flight that a cancellation names.
type consoleTemplate struct {
	key   string
	label func(x *i18n.ConsoleUI) string
	text  func(st templateState) string
}

// templateState is what a template needs to know about the session.
type templateState struct {
	nextID   int    // one more than the largest integer id the learner used
	inFlight string // id of the learner's latest request still waiting, as written
	protocol string // the revision initialize asks for
}

var consoleTemplates = []consoleTemplate{
	{"initialize", func(x *i18n.ConsoleUI) string { return x.TplInitialize }, func(st templateState) string {
		return fmt.Sprintf(`{
  "jsonrpc": "2.0",
  "id": %d,
  "method": "initialize",
  "params": {
    "protocolVersion": %q,
    "capabilities": { "elicitation": {}, "sampling": {} },
    "clientInfo": { "name": "playground-console", "version": "1.0.0" }
  }
}`, st.nextID, st.protocol)
	}},
	{"initialized", func(x *i18n.ConsoleUI) string { return x.TplInitialized }, func(templateState) string {
		return `{ "jsonrpc": "2.0", "method": "notifications/initialized" }`
	}},
	{"ping", func(x *i18n.ConsoleUI) string { return x.TplPing }, func(st templateState) string {
		return fmt.Sprintf(`{ "jsonrpc": "2.0", "id": %d, "method": "ping" }`, st.nextID)
	}},
	{"tools-list", func(x *i18n.ConsoleUI) string { return x.TplToolsList }, func(st templateState) string {
		return fmt.Sprintf(`{ "jsonrpc": "2.0", "id": %d, "method": "tools/list" }`, st.nextID)
	}},
	{"tools-list-page", func(x *i18n.ConsoleUI) string { return x.TplToolsListPage }, func(st templateState) string {
		return fmt.Sprintf(`{
  "jsonrpc": "2.0",
  "id": %d,
  "method": "tools/list",
  "params": {
    "_meta": { %q: 2 }
  }
}`, st.nextID, mockserver.MetaPageSize)
	}},
	{"suggest-gifts", func(x *i18n.ConsoleUI) string { return x.TplSuggest }, func(st templateState) string {
		return fmt.Sprintf(`{
  "jsonrpc": "2.0",
  "id": %d,
  "method": "tools/call",
  "params": {
    "name": "suggest_gifts",
    "arguments": {
      "occasion": "birthday",
      "budget": 50,
      "recipient": "a friend who loves board games"
    }
  }
}`, st.nextID)
	}},
	{"prepare-delivery", func(x *i18n.ConsoleUI) string { return x.TplSlow }, func(st templateState) string {
		return fmt.Sprintf(`{
  "jsonrpc": "2.0",
  "id": %d,
  "method": "tools/call",
  "params": {
    "name": "prepare_delivery",
    "arguments": { "steps": 3 },
    "_meta": { "progressToken": "pack-%d" }
  }
}`, st.nextID, st.nextID)
	}},
	{"cancelled", func(x *i18n.ConsoleUI) string { return x.TplCancelled }, func(st templateState) string {
		return fmt.Sprintf(`{
  "jsonrpc": "2.0",
  "method": "notifications/cancelled",
  "params": {
    "requestId": %s,
    "reason": "The learner changed their mind"
  }
}`, st.inFlight)
	}},
	{"set-level", func(x *i18n.ConsoleUI) string { return x.TplSetLevel }, func(st templateState) string {
		return fmt.Sprintf(`{
  "jsonrpc": "2.0",
  "id": %d,
  "method": "logging/setLevel",
  "params": { "level": "info" }
}`, st.nextID)
	}},
	{"resources-list", func(x *i18n.ConsoleUI) string { return x.TplResources }, func(st templateState) string {
		return fmt.Sprintf(`{ "jsonrpc": "2.0", "id": %d, "method": "resources/list" }`, st.nextID)
	}},
	{"resources-read", func(x *i18n.ConsoleUI) string { return x.TplRead }, func(st templateState) string {
		return fmt.Sprintf(`{
  "jsonrpc": "2.0",
  "id": %d,
  "method": "resources/read",
  "params": { "uri": "gift://catalog" }
}`, st.nextID)
	}},
	{"prompts-list", func(x *i18n.ConsoleUI) string { return x.TplPrompts }, func(st templateState) string {
		return fmt.Sprintf(`{ "jsonrpc": "2.0", "id": %d, "method": "prompts/list" }`, st.nextID)
	}},
	{"prompts-get", func(x *i18n.ConsoleUI) string { return x.TplPromptGet }, func(st templateState) string {
		return fmt.Sprintf(`{
  "jsonrpc": "2.0",
  "id": %d,
  "method": "prompts/get",
  "params": {
    "name": "gift_congrats_style",
    "arguments": { "occasion": "birthday", "tone": "warm" }
  }
}`, st.nextID)
	}},
}

// templateReply is the key of the response to the server's oldest waiting
// request; it is offered only while one waits.
const templateReply = "reply"

// initializeRevision is the revision initialize asks for before a session
// has negotiated one: the live exercise's, unless it is 2026-07-28 (which
// has no initialize), else the course's default.
func initializeRevision(ex *exercise.Exercise) string {
	if ex != nil && ex.Protocol != grader.Rev20260728 {
		return ex.Protocol
	}
	return grader.DefaultRevision
}

// sessionState reads what the templates need from a session's events.
func sessionState(events []mockserver.Event, negotiated, fallback string) templateState {
	st := templateState{nextID: 1, inFlight: "1", protocol: negotiated}
	if st.protocol == "" || st.protocol == grader.Rev20260728 {
		// initialize negotiates 2025-06-18 or 2025-11-25 only.
		st.protocol = fallback
	}
	answered := map[int]bool{}
	for _, e := range events {
		if e.ReplyTo > 0 {
			answered[e.ReplyTo] = true
		}
	}
	last := ""
	for _, e := range events {
		if e.Direction != mockserver.DirectionIn || e.Kind != "request" {
			continue
		}
		if n, err := strconv.Atoi(string(e.ID)); err == nil && n >= st.nextID {
			st.nextID = n + 1
		}
		last = string(e.ID)
		if !answered[e.Seq] {
			st.inFlight = string(e.ID)
		}
	}
	if st.inFlight == "1" && last != "" {
		st.inFlight = last
	}
	return st
}

// templateText is the text of the template named key, or of the response
// to the waiting server request replySeq; ok is false when there is none.
func templateText(key string, events, pending []mockserver.Event, st templateState, replySeq int) (string, bool) {
	if key == templateReply || replySeq > 0 {
		for _, p := range pending {
			if replySeq == 0 || p.Seq == replySeq {
				return replyTemplate(p), true
			}
		}
		return "", false
	}
	for _, t := range consoleTemplates {
		if t.key == key {
			return t.text(st), true
		}
	}
	return "", false
}

// replyTemplate is a response to a server request, with its id: the
// shape each method expects, for the learner to adjust.
func replyTemplate(req mockserver.Event) string {
	var result string
	switch req.Method {
	case "elicitation/create":
		result = `{
    "action": "accept",
    "content": { "category": "books", "maxBudget": 40 }
  }`
	case "sampling/createMessage":
		result = `{
    "role": "assistant",
    "content": { "type": "text", "text": "Happy birthday! May this year bring you many good reads." },
    "model": "learner-typed"
  }`
	case "roots/list":
		result = `{ "roots": [] }`
	default:
		result = `{}`
	}
	id := string(req.ID)
	if !json.Valid(req.ID) {
		id = "null"
	}
	return fmt.Sprintf("{\n  \"jsonrpc\": \"2.0\",\n  \"id\": %s,\n  \"result\": %s\n}", id, result)
}

// templateOptions lists the templates for the page's menu. The response to
// a server request is always listed: a request may arrive after the page.
func templateOptions(x *i18n.ConsoleUI, selected string) []view.ConsoleTemplate {
	out := make([]view.ConsoleTemplate, 0, len(consoleTemplates)+1)
	for _, t := range consoleTemplates {
		out = append(out, view.ConsoleTemplate{Key: t.key, Label: t.label(x), Selected: t.key == selected})
	}
	return append(out, view.ConsoleTemplate{Key: templateReply, Label: x.TplReply, Selected: selected == templateReply})
}
