package grader

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mcpplayground/playground/internal/i18n"
)

// TestCleanSessionIsValid: a well-behaved session gets no diagnostic at all,
// and every response is checked against the method of its request.
func TestCleanSessionIsValid(t *testing.T) {
	c := sessionCases[0]
	s := NewSession(SessionOptions{})
	var methods []string
	for i, st := range c.steps {
		rep := s.Add([]byte(st.raw), st.from)
		if !rep.Valid || len(rep.Diagnostics) > 0 {
			t.Errorf("message %d: %+v", i, rep)
		}
		if rep.Kind == KindResponse {
			methods = append(methods, rep.Method)
		}
	}
	want := []string{"initialize", "tools/list", "tools/call", "ping"}
	if diff := cmp.Diff(want, methods); diff != "" {
		t.Errorf("methods answered (-want +got):\n%s", diff)
	}
	if s.Len() != len(c.steps) {
		t.Errorf("Len = %d, want %d", s.Len(), len(c.steps))
	}
}

// TestSessionChecksResponsesAgainstTheirRequest: a tools/call result without
// content is reported, although the message alone could be any result; a
// session.* error blocks a message that is otherwise valid.
func TestSessionChecksResponsesAgainstTheirRequest(t *testing.T) {
	s := NewSession(SessionOptions{})
	for _, st := range handshake(`{}`, allServerCaps) {
		s.Add([]byte(st.raw), st.from)
	}
	s.Add([]byte(sreq(4, "tools/call", `{"name":"x"}`)), SenderClient)
	rep := s.Add([]byte(sres(4, `{"structured":1}`)), SenderServer)
	if rep.Method != "tools/call" || !slices.ContainsFunc(rep.Diagnostics, func(d Diagnostic) bool { return d.Code == codeFieldMissing }) {
		t.Errorf("the result was not checked against tools/call: %+v", rep)
	}
	rep = s.Add([]byte(sres(4, callResult)), SenderServer)
	var blocking []string
	for _, d := range rep.Diagnostics {
		if d.Blocking {
			blocking = append(blocking, d.Code)
		}
	}
	if rep.Valid || !cmp.Equal(blocking, []string{codeSessRespTwice}) {
		t.Errorf("a second answer should be invalid, blocked by %s: %+v", codeSessRespTwice, rep)
	}
}

// TestSessionNegotiatedRevision: the revision of the initialize result is in
// force from its response on; before it, the one assumed.
func TestSessionNegotiatedRevision(t *testing.T) {
	s := NewSession(SessionOptions{Protocol: Rev20251125})
	init := sreq(0, "initialize", `{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}`)
	var got []string
	for _, st := range []step{
		cl(init),
		sv(sres(0, `{"protocolVersion":"2025-06-18","capabilities":{"tools":{}},"serverInfo":{"name":"s","version":"1"}}`)),
		cl(snotif("notifications/initialized", "")),
		cl(sreq(1, "tools/list", "")),
	} {
		rep := s.Add([]byte(st.raw), st.from)
		got = append(got, rep.Protocol)
		if !rep.Valid {
			t.Errorf("%s: %+v", st.raw, rep.Diagnostics)
		}
	}
	want := []string{Rev20250618, Rev20250618, Rev20250618, Rev20250618}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("revisions (-want +got):\n%s", diff)
	}
	if s.Protocol() != Rev20250618 {
		t.Errorf("Protocol() = %s", s.Protocol())
	}
	// A 2026-07-28 request names its revision in _meta: the session adopts it.
	s = NewSession(SessionOptions{})
	s.Add([]byte(sreq(1, "tools/list", `{`+meta2026+`}`)), SenderClient)
	if s.Protocol() != Rev20260728 {
		t.Errorf("Protocol() = %s after a 2026-07-28 request", s.Protocol())
	}
	rep := s.Add([]byte(sreq(2, "tools/list", `{}`)), SenderClient)
	if !slices.ContainsFunc(rep.Diagnostics, func(d Diagnostic) bool { return d.Code == codeMetaMissing }) {
		t.Errorf("a 2026-07-28 request without its protocol version in _meta: %+v", rep.Diagnostics)
	}
}

// TestSessionPeekChangesNothing: Peek gives the report Add gives, and leaves
// the session as it was, for every message of every case.
func TestSessionPeekChangesNothing(t *testing.T) {
	for _, c := range sessionCases {
		s := NewSession(SessionOptions{Protocol: c.protocol})
		if c.maxIDs > 0 {
			s.maxIDs = c.maxIDs
		}
		for i, st := range c.steps {
			endBefore := s.End()
			p1 := s.Peek([]byte(st.raw), st.from)
			p2 := s.Peek([]byte(st.raw), st.from)
			if s.Len() != i {
				t.Fatalf("%s: Len %d after Peek, want %d", c.name, s.Len(), i)
			}
			if diff := cmp.Diff(endBefore, s.End(), withTexts); diff != "" {
				t.Errorf("%s #%d: Peek changed End:\n%s", c.name, i, diff)
			}
			added := s.Add([]byte(st.raw), st.from)
			if diff := cmp.Diff(p1, added, withTexts); diff != "" {
				t.Errorf("%s #%d: Peek and Add differ (-peek +add):\n%s", c.name, i, diff)
			}
			if diff := cmp.Diff(p1, p2, withTexts); diff != "" {
				t.Errorf("%s #%d: two Peeks differ:\n%s", c.name, i, diff)
			}
		}
	}
}

// TestSessionDoesNotKeepTheText: the session copies what it keeps, so the
// caller may reuse its buffer.
func TestSessionDoesNotKeepTheText(t *testing.T) {
	s := NewSession(SessionOptions{})
	for _, st := range handshake(`{}`, allServerCaps) {
		s.Add([]byte(st.raw), st.from)
	}
	buf := []byte(sreq(`"abc"`, "tools/list", `{"_meta":{"progressToken":"tok"}}`))
	s.Add(buf, SenderClient)
	for i := range buf {
		buf[i] = 'x'
	}
	rep := s.Add([]byte(sreq(`"abc"`, "tools/list", "")), SenderClient)
	if !slices.ContainsFunc(rep.Diagnostics, func(d Diagnostic) bool { return d.Code == codeSessIDReused }) {
		t.Errorf("the id was lost with the caller's buffer: %+v", rep.Diagnostics)
	}
}

// TestSessionFrench: conversation diagnostics speak the learner's language,
// name the message they refer to and follow French typography.
func TestSessionFrench(t *testing.T) {
	seen := map[string]bool{}
	for _, c := range sessionCases {
		name := c.name
		s := NewSession(SessionOptions{Protocol: c.protocol, Lang: i18n.FR})
		if c.maxIDs > 0 {
			s.maxIDs = c.maxIDs
		}
		var msgs []string
		for _, st := range c.steps {
			for _, d := range s.Add([]byte(st.raw), st.from).Diagnostics {
				if strings.HasPrefix(d.Code, "session.") {
					msgs = append(msgs, d.Message)
				}
			}
		}
		for _, f := range s.End() {
			msgs = append(msgs, f.Message)
		}
		for _, m := range msgs {
			seen[m] = true
			checkFrench(t, name, codeSpan.ReplaceAllString(m, "``"))
			if !strings.Contains(m, "(Leçon\u00a0: «\u00a0") {
				t.Errorf("%s: %q does not name its lesson", name, m)
			}
		}
	}
	if len(seen) < 20 {
		t.Errorf("only %d French messages rendered", len(seen))
	}
	s := NewSession(SessionOptions{Lang: i18n.FR})
	for _, st := range handshake(`{}`, allServerCaps) {
		s.Add([]byte(st.raw), st.from)
	}
	s.Add([]byte(sreq(5, "tools/list", "")), SenderClient)
	s.Add([]byte(sres(5, toolsResult)), SenderServer)
	rep := s.Add([]byte(sreq(5, "tools/list", "")), SenderClient)
	want := "L’id 5 a déjà servi au message #4, une requête envoyée par le même côté."
	if len(rep.Diagnostics) != 1 || !strings.HasPrefix(rep.Diagnostics[0].Message, want) {
		t.Errorf("got %+v, want a message starting with %q", rep.Diagnostics, want)
	}
}

// TestSessionCodes: every session.* code is in Codes() with English and French
// text, and some test session raises it.
func TestSessionCodes(t *testing.T) {
	raised := map[string]bool{}
	for _, c := range sessionCases {
		got, end, _ := runSession(t, c, i18n.EN)
		for _, ds := range got {
			for _, d := range ds {
				raised[strings.Fields(d)[0]] = true
			}
		}
		for _, d := range end {
			raised[strings.Fields(d)[0]] = true
		}
	}
	for _, g := range loadSessionGoldens(t) {
		for _, code := range g.codes() {
			raised[code] = true
		}
	}
	listed := 0
	for _, c := range Codes() {
		if !strings.HasPrefix(c.Code, "session.") {
			continue
		}
		listed++
		if c.Title[i18n.EN] == "" || c.Title[i18n.FR] == "" || c.Why[i18n.EN] == "" || c.Why[i18n.FR] == "" {
			t.Errorf("%s: text missing: %+v", c.Code, c)
		}
		if !raised[c.Code] {
			t.Errorf("%s is raised by no test session", c.Code)
		}
		delete(raised, c.Code)
	}
	for code := range raised {
		if strings.HasPrefix(code, "session.") {
			t.Errorf("%s is raised but not in Codes()", code)
		}
	}
	if listed < 20 {
		t.Errorf("only %d session.* codes", listed)
	}
}

// TestSessionJSON: Related and Finding serialise as the explain JSON shows them.
func TestSessionJSON(t *testing.T) {
	c := sessionCases[1]
	s := NewSession(SessionOptions{})
	var last Report
	for _, st := range c.steps[:6] {
		last = s.Add([]byte(st.raw), st.from)
	}
	b, err := json.Marshal(last.Diagnostics[0])
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), `"related":[3]`) {
		t.Errorf("%s", b)
	}
	b, _ = json.Marshal(s.End())
	if !strings.Contains(string(b), `"messages":[5]`) || !strings.Contains(string(b), `"code":"session.request.unanswered"`) {
		t.Errorf("%s", b)
	}
	b, _ = json.Marshal(Diagnostic{Code: "x"})
	if strings.Contains(string(b), "related") {
		t.Errorf("an empty Related is shown: %s", b)
	}
}

func TestGroupDigits(t *testing.T) {
	got := []string{groupDigits(100000, ","), groupDigits(1234567, "\u202f"), groupDigits(999, ","), groupDigits(1000, ",")}
	want := []string{"100,000", "1\u202f234\u202f567", "999", "1,000"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Error(diff)
	}
}

// TestSessionMessagesAreRendered: no placeholder is left in a conversation
// message, in either language, and each one names its lesson.
func TestSessionMessagesAreRendered(t *testing.T) {
	for _, lang := range i18n.All {
		for _, c := range sessionCases {
			s := NewSession(SessionOptions{Protocol: c.protocol, Lang: lang})
			if c.maxIDs > 0 {
				s.maxIDs = c.maxIDs
			}
			var msgs []string
			for _, st := range c.steps {
				for _, d := range s.Add([]byte(st.raw), st.from).Diagnostics {
					msgs = append(msgs, d.Message)
				}
			}
			for _, f := range s.End() {
				msgs = append(msgs, f.Message)
			}
			for _, m := range msgs {
				if p := placeholder.FindString(m); p != "" {
					t.Errorf("%s (%s): placeholder %s left in %q", c.name, lang, p, m)
				}
				if !strings.Contains(m, "(Lesson: “") && !strings.Contains(m, "(Leçon\u00a0: «\u00a0") {
					t.Errorf("%s (%s): no lesson named in %q", c.name, lang, m)
				}
			}
		}
	}
}

// TestSessionMemoryIsBounded: however long the conversation, the session
// remembers at most maxIDs requests, and its list of answered ones stays
// within twice that, ids reused (2026-07-28) or not.
func TestSessionMemoryIsBounded(t *testing.T) {
	for _, rev := range []string{Rev20251125, Rev20260728} {
		s := NewSession(SessionOptions{Protocol: rev})
		s.maxIDs = 50
		if rev == Rev20251125 {
			for _, st := range handshake(`{}`, allServerCaps) {
				s.Add([]byte(st.raw), st.from)
			}
		}
		params := `{"name":"x","_meta":{"progressToken":%d}}`
		result := callResult
		if rev == Rev20260728 {
			params = `{"name":"x","_meta":{"progressToken":%d,"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}`
			result = `{"content":[],"resultType":"complete"}`
		}
		for i := 1; i <= 5000; i++ {
			id := i
			if rev == Rev20260728 {
				id = i % 7 // ids come back once answered
			}
			s.Add([]byte(sreq(id, "tools/call", fmt.Sprintf(params, i))), SenderClient)
			s.Add([]byte(sres(id, result)), SenderServer)
			n := len(s.ids[0]) + len(s.ids[1])
			if n != s.count || n > s.maxIDs || len(s.answered) > 2*s.maxIDs+1 || len(s.tokens[0]) > s.maxIDs {
				t.Fatalf("%s after %d requests: %d ids (count %d), %d answered, %d tokens", rev, i, n, s.count, len(s.answered), len(s.tokens[0]))
			}
		}
	}
}
