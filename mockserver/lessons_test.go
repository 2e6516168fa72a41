package mockserver

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/mcpplayground/playground/lessons"
)

// The lessons teach with the gift server's data: a learner who sends a
// lesson's request in the console should get the lesson's reply. This test
// replays every request the English lessons show (```json blocks, and the
// C→S lines of ```text logs) against a fresh session and checks that each
// reply the same lesson shows for that id is contained in the server's reply:
// every value the lesson shows must be there and equal, while the server may
// say more (capabilities a lesson leaves out, diagnostics in error.data). A
// tools/call with a progressToken must also send the lesson's
// notifications/progress for that token.

// comparedMethods are the requests replayed against the server.
var comparedMethods = []string{
	"initialize", "ping",
	"tools/call",
	"resources/list", "resources/read", "resources/templates/list",
	"prompts/list", "prompts/get",
	"resources/subscribe", "completion/complete",
}

// notCompared are the methods of request/response pairs the lessons show
// that are not replayed, and why. A new pair with another method fails the
// test until it is added to one list or the other.
var notCompared = map[string]string{
	"tools/list":             "the lessons shorten the list and imagine one tool per page",
	"elicitation/create":     "a request from the server to the client",
	"roots/list":             "a request from the server to the client",
	"sampling/createMessage": "a request from the server to the client",
	"tasks/result":           "needs a task that an earlier call of the same session created (tasks_test.go follows one)",
}

// skippedReply is a reply a lesson shows on purpose for something the gift
// server does not answer that way.
type skippedReply struct {
	lesson string // file name under lessons/en
	id     string // the reply's id, as JSON
	marker string // text found in the reply's block
	why    string
}

var skippedReplies = []skippedReply{
	{"09-errors.md", "12", `"code": -32603`, "a deliberately wrong response with both result and error"},
	{"12-stateless-2026.md", "1", `-32022`, "answers a request for an unsupported version that the lesson does not show"},
	{"07-slow-work.md", "31", `"taskId"`, "a task-augmented call: the server's task id and times are its own (tasks_test.go checks the task)"},
	{"11-debugging.md", "31", `-32601`, "a server that declared no prompts capability, unlike the gift server"},
}

// mustCompare are pairs the replay must find, so that a parsing slip cannot
// turn the test into a no-op: "lesson id" keys.
var mustCompare = []string{
	"05-lifecycle.md 1", "06-tools.md 7", "07-slow-work.md 2", "07-slow-work.md 4", "07-slow-work.md 8", "08-resources-prompts.md 6",
	"08-resources-prompts.md 9", "08-resources-prompts.md 20", "08-resources-prompts.md 21", "09-errors.md 12", "10-reading-logs.md 3", "11-debugging.md 21", "12-stateless-2026.md 1",
	"12-stateless-2026.md 2", "12-stateless-2026.md 3",
}

// lessonMessage is one JSON-RPC message shown in a lesson.
type lessonMessage struct {
	raw   string // the message as the lesson writes it
	block string // the text of its code block (for skippedReply.marker)
	v     map[string]any
}

func (m lessonMessage) method() string { s, _ := m.v["method"].(string); return s }

// idKey is the id as JSON ("7" and "\"7\"" differ), "" without one.
func (m lessonMessage) idKey() string {
	id, ok := m.v["id"]
	if !ok || id == nil {
		return ""
	}
	b, _ := json.Marshal(id)
	return string(b)
}

func (m lessonMessage) isRequest() bool  { return m.method() != "" && m.idKey() != "" }
func (m lessonMessage) isResponse() bool { return m.method() == "" && m.idKey() != "" }

// progressToken is params._meta.progressToken of a request, or
// params.progressToken of a progress notification, as JSON ("" without).
func (m lessonMessage) progressToken() string {
	p, _ := m.v["params"].(map[string]any)
	var tok any
	if m.isRequest() {
		meta, _ := p["_meta"].(map[string]any)
		tok = meta["progressToken"]
	} else {
		tok = p["progressToken"]
	}
	if tok == nil {
		return ""
	}
	b, _ := json.Marshal(tok)
	return string(b)
}

// lessonMessages reads the JSON-RPC messages of a lesson, in order: whole
// ```json blocks that are one message, and the lines of ```text logs written
// "NN time C→S {…}". Blocks that are not a message (a tool definition, a
// capabilities fragment) are left out.
func lessonMessages(t *testing.T, text string) []lessonMessage {
	t.Helper()
	var out []lessonMessage
	add := func(raw, block string) {
		var v map[string]any
		if json.Unmarshal([]byte(raw), &v) != nil || v["jsonrpc"] != "2.0" {
			return
		}
		out = append(out, lessonMessage{raw: raw, block: block, v: v})
	}
	sc := bufio.NewScanner(strings.NewReader(text))
	sc.Buffer(make([]byte, 0, 64*1024), 1<<20)
	lang := ""
	var block []string
	for sc.Scan() {
		line := sc.Text()
		trimmed := strings.TrimSpace(line)
		switch {
		case lang == "" && strings.HasPrefix(trimmed, "```"):
			lang = strings.TrimPrefix(trimmed, "```")
			if lang == "" {
				lang = "plain"
			}
			block = block[:0]
		case lang != "" && trimmed == "```":
			body := strings.Join(block, "\n")
			switch lang {
			case "json":
				add(body, body)
			case "text":
				for _, l := range block {
					if strings.Contains(l, "→S {") || strings.Contains(l, "→C {") {
						add(l[strings.Index(l, "{"):], l)
					}
				}
			}
			lang = ""
		case lang != "":
			block = append(block, line)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatalf("reading a lesson: %v", err)
	}
	return out
}

// lessonProtocol is the protocol of the lesson's front matter.
func lessonProtocol(text string) string {
	for _, line := range strings.Split(text, "\n")[1:] {
		if line == "---" {
			break
		}
		if v, ok := strings.CutPrefix(line, "protocol:"); ok {
			return strings.Trim(strings.TrimSpace(v), `"'`)
		}
	}
	return Rev20251125
}

// contains reports where got lacks a value that want has: objects may have
// more members in got, arrays must have the same length, scalars must be
// equal.
func contains(want, got any, path string) []string {
	switch w := want.(type) {
	case map[string]any:
		g, ok := got.(map[string]any)
		if !ok {
			return []string{fmt.Sprintf("%s: want an object, got %s", path, show(got))}
		}
		var out []string
		keys := make([]string, 0, len(w))
		for k := range w {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			gv, ok := g[k]
			if !ok {
				out = append(out, fmt.Sprintf("%s/%s: missing, want %s", path, k, show(w[k])))
				continue
			}
			out = append(out, contains(w[k], gv, path+"/"+k)...)
		}
		return out
	case []any:
		g, ok := got.([]any)
		if !ok || len(g) != len(w) {
			return []string{fmt.Sprintf("%s: want %s, got %s", path, show(want), show(got))}
		}
		var out []string
		for i := range w {
			out = append(out, contains(w[i], g[i], fmt.Sprintf("%s/%d", path, i))...)
		}
		return out
	}
	if !reflect.DeepEqual(want, got) {
		return []string{fmt.Sprintf("%s: want %s, got %s", path, show(want), show(got))}
	}
	return nil
}

func show(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// replay sends one lesson request to a fresh session (after the handshake,
// unless it is initialize or a 2026-07-28 request) and returns the reply and
// the notifications sent while it ran.
func replay(t *testing.T, srv *Server, protocol string, req lessonMessage) (map[string]any, []map[string]any) {
	t.Helper()
	rec := &recorder{}
	s := srv.NewSession(SessionOptions{Sink: rec.sink})
	p, _ := req.v["params"].(map[string]any)
	meta, _ := p["_meta"].(map[string]any)
	_, modern := meta[MetaProtocolVersion]
	if req.method() != "initialize" && !modern {
		init := fmt.Sprintf(`{"jsonrpc":"2.0","id":"lesson-init","method":"initialize","params":{"protocolVersion":%q,"capabilities":{},"clientInfo":{"name":"lesson","version":"1"}}}`, protocol)
		s.Handle(context.Background(), []byte(init))
		s.Handle(context.Background(), []byte(initialized))
	}
	raw := s.Handle(context.Background(), []byte(req.raw))
	var reply map[string]any
	if err := json.Unmarshal(raw, &reply); err != nil {
		t.Fatalf("reply to %s is not JSON: %v\n%s", req.raw, err, raw)
	}
	var sent []map[string]any
	for _, o := range rec.take() {
		var v map[string]any
		if err := json.Unmarshal(o.Raw, &v); err != nil {
			t.Fatalf("notification is not JSON: %v\n%s", err, o.Raw)
		}
		sent = append(sent, v)
	}
	return reply, sent
}

func TestLessonExamplesMatchTheServer(t *testing.T) {
	files, err := fs.Glob(lessons.FS, "en/*.md")
	if err != nil || len(files) == 0 {
		t.Fatalf("no English lessons found: %v", err)
	}
	srv := newTestServer(Config{})
	compared := map[string]bool{}
	usedSkips := map[int]bool{}
	made := map[string]string{} // a requestState a lesson shows → the server's
	for _, file := range files {
		src, err := fs.ReadFile(lessons.FS, file)
		if err != nil {
			t.Fatal(err)
		}
		lesson := strings.TrimPrefix(file, "en/")
		text := string(src)
		msgs := lessonMessages(t, text)
		protocol := lessonProtocol(text)
		for _, req := range msgs {
			if !req.isRequest() {
				continue
			}
			replies := lessonReplies(lesson, req, msgs, usedSkips)
			progress := lessonProgress(req, msgs)
			if len(replies) == 0 && len(progress) == 0 {
				continue
			}
			if !slices.Contains(comparedMethods, req.method()) {
				if _, ok := notCompared[req.method()]; !ok {
					t.Errorf("%s: request %s (%s) has a reply in the lesson but its method is neither compared nor in notCompared", lesson, req.idKey(), req.method())
				}
				continue
			}
			key := lesson + " " + req.idKey()
			compared[key] = true
			t.Run(key, func(t *testing.T) { compareReplay(t, srv, protocol, echoStates(req, made), replies, progress, made) })
		}
	}
	for _, k := range mustCompare {
		if !compared[k] {
			t.Errorf("the replay did not compare %s: did the lesson or its parsing change?", k)
		}
	}
	for i, s := range skippedReplies {
		if !usedSkips[i] {
			t.Errorf("skippedReplies[%d] (%s id %s) matches no reply any more: remove it", i, s.lesson, s.id)
		}
	}
}

// lessonReplies are the lesson's responses to req, but those
// skippedReplies names (marked used in usedSkips).
func lessonReplies(lesson string, req lessonMessage, msgs []lessonMessage, usedSkips map[int]bool) []lessonMessage {
	var replies []lessonMessage
	for _, m := range msgs {
		if !m.isResponse() || m.idKey() != req.idKey() {
			continue
		}
		skip := slices.IndexFunc(skippedReplies, func(s skippedReply) bool {
			return s.lesson == lesson && s.id == m.idKey() && strings.Contains(m.block, s.marker)
		})
		if skip >= 0 {
			usedSkips[skip] = true
			continue
		}
		replies = append(replies, m)
	}
	return replies
}

// lessonProgress are the lesson's progress notifications for req.
func lessonProgress(req lessonMessage, msgs []lessonMessage) []lessonMessage {
	var progress []lessonMessage
	if tok := req.progressToken(); tok != "" {
		for _, m := range msgs {
			if m.method() == "notifications/progress" && m.progressToken() == tok {
				progress = append(progress, m)
			}
		}
	}
	return progress
}

// compareReplay sends req to the server and finds the lesson's replies
// and progress notifications in what it answers and sends. A requestState
// the lesson shows is the server's own, sealed with its key: it is
// compared by its shape, and kept in made for the retry that echoes it.
func compareReplay(t *testing.T, srv *Server, protocol string, req lessonMessage, replies, progress []lessonMessage, made map[string]string) {
	t.Helper()
	got, sent := replay(t, srv, protocol, req)
	for _, want := range replies {
		if diffs := contains(sealedState(t, want.v, got, made), got, ""); len(diffs) > 0 {
			t.Errorf("the server's reply differs from the lesson's:\n  %s\nlesson: %s\nserver: %s", strings.Join(diffs, "\n  "), want.raw, show(got))
		}
	}
	for _, want := range progress {
		found := slices.ContainsFunc(sent, func(n map[string]any) bool {
			return len(contains(want.v, n, "")) == 0
		})
		if !found {
			t.Errorf("the server did not send the lesson's progress notification:\nlesson: %s\nserver sent: %s", want.raw, show(sent))
		}
	}
}

// sealedState is want with the server's requestState in place of the one
// the lesson shows, which must look like it (the same question, a seal of
// the same length), recorded in made.
func sealedState(t *testing.T, want, got map[string]any, made map[string]string) map[string]any {
	t.Helper()
	wres, _ := want["result"].(map[string]any)
	gres, _ := got["result"].(map[string]any)
	shown, ok := wres["requestState"].(string)
	real, ok2 := gres["requestState"].(string)
	if !ok || !ok2 {
		return want
	}
	q1, _, _ := strings.Cut(shown, ".")
	q2, _, _ := strings.Cut(real, ".")
	if !stateShape.MatchString(shown) || q1 != q2 {
		t.Errorf("the lesson's requestState %q is not one the gift server makes, like %q", shown, real)
	}
	made[shown] = real
	res := make(map[string]any, len(wres))
	for k, v := range wres {
		res[k] = v
	}
	res["requestState"] = real
	out := make(map[string]any, len(want))
	for k, v := range want {
		out[k] = v
	}
	out["result"] = res
	return out
}

// echoStates is req with the server's requestState in place of the one
// the lesson showed: the retry echoes what the server really sent.
func echoStates(req lessonMessage, made map[string]string) lessonMessage {
	p, _ := req.v["params"].(map[string]any)
	shown, ok := p["requestState"].(string)
	real, known := made[shown]
	if !ok || !known {
		return req
	}
	out := req
	out.v = nil
	out.raw = strings.ReplaceAll(req.raw, strconv.Quote(shown), strconv.Quote(real))
	if json.Unmarshal([]byte(out.raw), &out.v) != nil {
		return req
	}
	return out
}

// TestContains checks the comparison itself, so that a lax contains cannot
// let drift through.
func TestContains(t *testing.T) {
	tests := []struct {
		name      string
		want, got string
		ok        bool
	}{
		{"equal", `{"a":1,"b":[1,2]}`, `{"a":1,"b":[1,2]}`, true},
		{"more members in got", `{"a":{"x":1}}`, `{"a":{"x":1,"y":2},"c":3}`, true},
		{"missing member", `{"a":1,"b":2}`, `{"a":1}`, false},
		{"different scalar", `{"a":"x"}`, `{"a":"y"}`, false},
		{"array length", `{"a":[1]}`, `{"a":[1,2]}`, false},
		{"number and string", `{"id":7}`, `{"id":"7"}`, false},
		{"false is a value", `{"isError":false}`, `{}`, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var want, got any
			if err := json.Unmarshal([]byte(tt.want), &want); err != nil {
				t.Fatal(err)
			}
			if err := json.Unmarshal([]byte(tt.got), &got); err != nil {
				t.Fatal(err)
			}
			if diffs := contains(want, got, ""); (len(diffs) == 0) != tt.ok {
				t.Errorf("contains(%s, %s) = %v, want ok=%v", tt.want, tt.got, diffs, tt.ok)
			}
		})
	}
}

// TestFrenchLessonsShowTheSameMessages: the replay reads the English
// lessons only, so the French ones must show the very same messages.
func TestFrenchLessonsShowTheSameMessages(t *testing.T) {
	files, err := fs.Glob(lessons.FS, "en/*.md")
	if err != nil || len(files) == 0 {
		t.Fatalf("no English lessons found: %v", err)
	}
	raws := func(file string) []string {
		src, err := fs.ReadFile(lessons.FS, file)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, m := range lessonMessages(t, string(src)) {
			out = append(out, m.raw)
		}
		return out
	}
	for _, en := range files {
		fr := "fr/" + strings.TrimPrefix(en, "en/")
		if diff := cmp.Diff(raws(en), raws(fr)); diff != "" {
			t.Errorf("%s and %s show different messages (-en +fr):\n%s", en, fr, diff)
		}
	}
}
