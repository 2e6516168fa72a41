package capture

import (
	"bytes"
	"encoding/json"
	"os"
	"path"
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
		if d.Reason == "" || d.Code == "" || d.Sessions == "" || (d.From != SenderClient && d.From != SenderServer) {
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
// defect, or the entry is wrong.
func (ds defects) unused() []*defect {
	var out []*defect
	for _, d := range ds {
		if d.used == 0 {
			out = append(out, d)
		}
	}
	return out
}
