package capture

import (
	"bytes"
	"encoding/json"
	"github.com/mcpplayground/playground/internal/grader"
	"os"
	"path"
	"strings"
	"testing"
)

// defect is one reviewed real peer defect: a message a real peer sends that
// the official schema accepts but the specification forbids, so that the
// checker is right to reject it. An entry excuses one error diagnostic.
type defect struct {
	Sessions string `json:"sessions"` // a path.Match pattern over session names
	From     string `json:"from"`
	Method   string `json:"method"` // the method sent, or answered
	Code     string `json:"code"`
	Pointer  string `json:"pointer"`
	Reason   string `json:"reason"` // why it is a defect of the peer, with the specification's words
	used     int
}

type defects []*defect

// loadDefects reads the reviewed file; every entry must say why.
func loadDefects(t *testing.T, file string) defects {
	t.Helper()
	raw, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		About   string  `json:"about"`
		Defects defects `json:"defects"`
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&doc); err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	ds := doc.Defects
	for i, d := range ds {
		if d.Reason == "" || d.Code == "" || d.Sessions == "" || (d.From != grader.SenderClient && d.From != grader.SenderServer) {
			t.Errorf("%s: entry %d needs sessions, from (client|server), code and a reason: %+v", file, i+1, *d)
		}
		if _, err := path.Match(d.Sessions, ""); err != nil {
			t.Errorf("%s: entry %d: sessions %q: %v", file, i+1, d.Sessions, err)
		}
	}
	return ds
}

// excuses reports whether a reviewed defect explains this diagnostic, and counts its use.
func (ds defects) excuses(s session, m message, v verdict, code, pointer string) bool {
	for _, d := range ds {
		ok, _ := path.Match(d.Sessions, s.Name)
		if ok && d.From == m.Rec.From && d.Method == v.method && d.Code == code && d.Pointer == pointer {
			d.used++
			return true
		}
	}
	return false
}

// unused lists the entries that excused nothing: a peer release fixed the
// defect, or the entry is wrong. conversation chooses the entries of the
// conversation checker (session.* codes) or those of the single-message one.
func (ds defects) unused(conversation bool) []*defect {
	var out []*defect
	for _, d := range ds {
		if d.used == 0 && strings.HasPrefix(d.Code, "session.") == conversation {
			out = append(out, d)
		}
	}
	return out
}

// TestDefectsMatchByEveryField checks that an entry excuses only the
// diagnostic it names, in the sessions it names, from the sender it names.
func TestDefectsMatchByEveryField(t *testing.T) {
	ping := &defect{Sessions: "inspector-gift/*-2026-07-28-*", From: grader.SenderClient, Method: "ping", Code: "mcp.method.unknown", Pointer: "/method", Reason: "2026-07-28 removed ping"}
	ds := defects{ping}
	s := session{Name: "inspector-gift/stdio-2026-07-28-tools-list"}
	client := message{Rec: Record{From: grader.SenderClient}}
	tests := []struct {
		name         string
		s            session
		m            message
		method, code string
		pointer      string
		want         bool
	}{
		{"the defect", s, client, "ping", "mcp.method.unknown", "/method", true},
		{"another session", session{Name: "inspector-gift/stdio-2025-11-25-tools-list"}, client, "ping", "mcp.method.unknown", "/method", false},
		{"another sender", s, message{Rec: Record{From: grader.SenderServer}}, "ping", "mcp.method.unknown", "/method", false},
		{"another method", s, client, "tools/list", "mcp.method.unknown", "/method", false},
		{"another code", s, client, "ping", "mcp.field.unknown", "/method", false},
		{"another pointer", s, client, "ping", "mcp.method.unknown", "/params", false},
	}
	for _, tt := range tests {
		got := ds.excuses(tt.s, tt.m, verdict{method: tt.method}, tt.code, tt.pointer)
		if got != tt.want {
			t.Errorf("%s: excused %v, want %v", tt.name, got, tt.want)
		}
	}
	if ping.used != 1 || len(ds.unused(false)) != 0 {
		t.Errorf("used %d times, unused %v", ping.used, ds.unused(false))
	}
	idle := defects{{Sessions: "x", Code: "mcp.method.unknown"}, {Sessions: "x", Code: "session.id.reused"}}
	if len(idle.unused(false)) != 1 || len(idle.unused(true)) != 1 || idle.unused(true)[0].Code != "session.id.reused" {
		t.Errorf("entries that excused nothing, by checker: %v, %v", idle.unused(false), idle.unused(true))
	}
}
