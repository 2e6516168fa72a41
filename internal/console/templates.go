package console

import (
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/mcpplayground/playground/internal/exchange"
	"github.com/mcpplayground/playground/internal/grader"
	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/mockserver"
)

// Template is a message a learner can start from. Its text is built from
// the session: the next free id, the revision to ask for, the request
// still in flight that a cancellation names.
type Template struct {
	Key   string
	Label func(x *i18n.ConsoleUI) string
	text  func(st State) string
}

// State is what a template needs to know about the session.
type State struct {
	nextID   int    // one more than the largest integer id the learner used
	inFlight string // id of the learner's latest request still waiting, as written
	protocol string // the revision initialize asks for
}

// Templates are the console's templates, in the order of its menu.
var Templates = []Template{
	{"initialize", func(x *i18n.ConsoleUI) string { return x.TplInitialize }, func(st State) string {
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
	{"initialized", func(x *i18n.ConsoleUI) string { return x.TplInitialized }, func(State) string {
		return `{ "jsonrpc": "2.0", "method": "notifications/initialized" }`
	}},
	{"ping", func(x *i18n.ConsoleUI) string { return x.TplPing }, func(st State) string {
		return fmt.Sprintf(`{ "jsonrpc": "2.0", "id": %d, "method": "ping" }`, st.nextID)
	}},
	{"tools-list", func(x *i18n.ConsoleUI) string { return x.TplToolsList }, func(st State) string {
		return fmt.Sprintf(`{ "jsonrpc": "2.0", "id": %d, "method": "tools/list" }`, st.nextID)
	}},
	{"tools-list-page", func(x *i18n.ConsoleUI) string { return x.TplToolsListPage }, func(st State) string {
		return fmt.Sprintf(`{
  "jsonrpc": "2.0",
  "id": %d,
  "method": "tools/list",
  "params": {
    "_meta": { %q: 2 }
  }
}`, st.nextID, mockserver.MetaPageSize)
	}},
	{"suggest-gifts", func(x *i18n.ConsoleUI) string { return x.TplSuggest }, func(st State) string {
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
	{"prepare-delivery", func(x *i18n.ConsoleUI) string { return x.TplSlow }, func(st State) string {
		return fmt.Sprintf(`{
  "jsonrpc": "2.0",
  "id": %d,
  "method": "tools/call",
  "params": {
    "name": "prepare_delivery",
    "arguments": { "steps": 10 },
    "_meta": { "progressToken": "pack-%d" }
  }
}`, st.nextID, st.nextID)
	}},
	{"cancelled", func(x *i18n.ConsoleUI) string { return x.TplCancelled }, func(st State) string {
		return fmt.Sprintf(`{
  "jsonrpc": "2.0",
  "method": "notifications/cancelled",
  "params": {
    "requestId": %s,
    "reason": "The learner changed their mind"
  }
}`, st.inFlight)
	}},
	{"set-level", func(x *i18n.ConsoleUI) string { return x.TplSetLevel }, func(st State) string {
		return fmt.Sprintf(`{
  "jsonrpc": "2.0",
  "id": %d,
  "method": "logging/setLevel",
  "params": { "level": "info" }
}`, st.nextID)
	}},
	{"resources-list", func(x *i18n.ConsoleUI) string { return x.TplResources }, func(st State) string {
		return fmt.Sprintf(`{ "jsonrpc": "2.0", "id": %d, "method": "resources/list" }`, st.nextID)
	}},
	{"resources-read", func(x *i18n.ConsoleUI) string { return x.TplRead }, func(st State) string {
		return fmt.Sprintf(`{
  "jsonrpc": "2.0",
  "id": %d,
  "method": "resources/read",
  "params": { "uri": "gift://catalog" }
}`, st.nextID)
	}},
	{"prompts-list", func(x *i18n.ConsoleUI) string { return x.TplPrompts }, func(st State) string {
		return fmt.Sprintf(`{ "jsonrpc": "2.0", "id": %d, "method": "prompts/list" }`, st.nextID)
	}},
	{"prompts-get", func(x *i18n.ConsoleUI) string { return x.TplPromptGet }, func(st State) string {
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

// ReplyKey is the key of the response to the server's oldest waiting
// request; it is offered only while one waits.
const ReplyKey = "reply"

// InitializeRevision is the revision initialize asks for before a session
// has negotiated one: the live exercise's (exercise is its revision, "" when
// there is none), unless it is 2026-07-28 (which has no initialize), else
// the course's default.
func InitializeRevision(exercise string) string {
	if exercise != "" && exercise != grader.Rev20260728 {
		return exercise
	}
	return grader.DefaultRevision
}

// StateOf reads what the templates need from a session's events.
func StateOf(events []exchange.Event, negotiated, fallback string) State {
	st := State{nextID: 1, inFlight: "1", protocol: negotiated}
	if st.protocol == "" || st.protocol == grader.Rev20260728 {
		// initialize negotiates 2025-06-18 or 2025-11-25 only.
		st.protocol = fallback
	}
	answered := map[int]bool{}
	for _, e := range events {
		if e.Answers > 0 {
			answered[e.Answers] = true
		}
	}
	last := ""
	for _, e := range events {
		if e.From != grader.SenderClient || e.Kind != grader.KindRequest {
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

// Text is the text of the template named key, or of the response to the
// waiting server request replySeq (pending are the waiting requests); ok is
// false when there is none.
func Text(key string, pending []exchange.Event, st State, replySeq int) (string, bool) {
	if key == ReplyKey || replySeq > 0 {
		for _, p := range pending {
			if replySeq == 0 || p.Seq == replySeq {
				return replyTemplate(p), true
			}
		}
		return "", false
	}
	for _, t := range Templates {
		if t.Key == key {
			return t.text(st), true
		}
	}
	return "", false
}

// replyTemplate is a response to a server request, with its id: the
// shape each method expects, for the learner to adjust.
func replyTemplate(req exchange.Event) string {
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

// The templates offered after a message that cannot be sent again with
// another id: notifications/initialized after initialize, and tools/list
// after anything else (the handshake, a notification, a response).
const (
	afterInitialize = "initialized"
	afterOther      = "tools-list"
)

// Next is the message the editor offers once raw has been sent, for a
// session now in state st: after initialize, notifications/initialized;
// after another request, raw itself with the next free id, so that sending
// it again is a new request and never a reused id; after anything else,
// tools/list with the next free id.
func Next(raw string, st State) string {
	key := afterOther
	if v, err := grader.Parse([]byte(raw)); err == nil && v.Kind == grader.Object {
		method, id := v.Get("method"), v.Get("id")
		switch {
		case method != nil && method.Kind == grader.String && method.Str == "initialize":
			key = afterInitialize
		case method != nil && id != nil && (id.Kind == grader.Number || id.Kind == grader.String):
			return raw[:id.Pos.Offset] + strconv.Itoa(st.nextID) + raw[id.End:]
		}
	}
	text, _ := Text(key, nil, st, 0)
	return text
}
