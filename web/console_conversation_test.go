package web

import (
	"encoding/json"
	"net/url"
	"strings"
	"testing"
)

// peekReply is the answer of POST /api/console/peek.
type peekReply struct {
	Report struct {
		Valid       bool `json:"valid"`
		Diagnostics []struct {
			Code    string `json:"code"`
			Message string `json:"message"`
			Related []int  `json:"related"`
		} `json:"diagnostics"`
	} `json:"report"`
	Answers       int    `json:"answers"`
	AnswersMethod string `json:"answers_method"`
}

func (b *browser) peek(msg string) peekReply {
	b.t.Helper()
	r := b.do("POST", "/api/console/peek?lang=en", "text/plain; charset=utf-8", msg)
	if r.status != 200 {
		b.t.Fatalf("peek = %d %s", r.status, r.body)
	}
	var out peekReply
	if err := json.Unmarshal([]byte(r.body), &out); err != nil {
		b.t.Fatal(err)
	}
	return out
}

func (p peekReply) codes() []string {
	var out []string
	for _, d := range p.Report.Diagnostics {
		out = append(out, d.Code)
	}
	return out
}

// The report before sending judges the message as the next one of the
// session; the timeline marks a conversation problem on the message and on
// the one it refers to; the gift server still answers as a real server.
func TestConsoleJudgesTheConversation(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t, Config{}, withMock(quickSlowTool))
	b := newBrowser(t, e.serve(t))

	// Before any session, the first message is judged as the first one.
	if p := b.peek(`{"jsonrpc":"2.0","id":1,"method":"tools/list"}`); !strings.Contains(strings.Join(p.codes(), " "), "session.lifecycle.before-initialize") {
		t.Errorf("tools/list first: %v, want a request before initialize", p.codes())
	}
	b.send(msgInitialize)
	b.send(msgInitialized)
	ping := b.send(`{"jsonrpc":"2.0","id":5,"method":"ping"}`)
	pingSeq := ping.Events[0].Seq

	p := b.peek(`{"jsonrpc":"2.0","id":5,"method":"ping"}`)
	if p.Report.Valid || !strings.Contains(strings.Join(p.codes(), " "), "session.id.reused") {
		t.Fatalf("peek of a reused id: valid %v, %v", p.Report.Valid, p.codes())
	}
	if page := b.postForm("/en/console", url.Values{"action": {"check"}, "message": {`{"jsonrpc":"2.0","id":5,"method":"ping"}`}}); !strings.Contains(page.body, "session.id.reused") {
		t.Error("the form's Check does not judge the message as the next one of the session")
	}
	if len(b.get("/api/console/export.jsonl").body) == 0 || strings.Count(b.get("/api/console/export.jsonl").body, "\n") != 5 {
		t.Error("peeking recorded something")
	}

	again := b.send(`{"jsonrpc":"2.0","id":5,"method":"ping"}`)
	if len(again.Events) != 2 || again.Events[1].Kind != "response" || again.Events[1].Answers != again.Events[0].Seq {
		t.Fatalf("the gift server did not answer the reused id as a server would: %+v", again.Events)
	}
	mustContain(t, "the reusing request", again.Events[0].HTML, "tl-conv", "conversation problem", "session.id.reused")
	var mention string
	for _, u := range again.Events[0].Updates {
		if u.Seq == pingSeq {
			mention = u.HTML
		}
	}
	mustContain(t, "the first ping, mentioned", mention, "tl-conv", `data-mention="`+itoa(again.Events[0].Seq)+`"`, "Noted on #"+itoa(again.Events[0].Seq))

	fr := b.get("/fr/console")
	mustContain(t, "French page", fr.body, "problème dans la conversation", "Relevé sur #"+itoa(again.Events[0].Seq)+"\u00a0:")
}

// The diagram draws an invalid message and a request still unanswered
// apart from good ones.
func TestConsoleDiagramMarksProblems(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t, Config{}, withMock(quickSlowTool))
	b := newBrowser(t, e.serve(t))
	b.send(msgInitialize)
	b.send(msgInitialized)
	b.send(`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"ask_gift_preferences"}}`) // the server asks, and waits
	b.send(`{"jsonrpc":"2.0","id":3,"method":"ping"`)                                                 // broken JSON
	r := b.get("/api/console/diagram?lang=en")
	mustContain(t, "diagram", r.body, `class="seq-msg seq-msg-request seq-open"`, `seq-bad`, "(not answered)", "(invalid)")
	if strings.Count(r.body, "seq-bad") != 1 {
		t.Errorf("%d arrows drawn as invalid, want 1 (the broken message)", strings.Count(r.body, "seq-bad"))
	}
}
