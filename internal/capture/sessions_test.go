package capture

import (
	"encoding/json"
	"fmt"
	"github.com/mcpplayground/playground/internal/grader"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// maxSessionRecords bounds the records read from one captured session.
const maxSessionRecords = 5000

// session is one captured session: a file DIR/PAIR/TRANSPORT-REVISION[-STEP].jsonl.
type session struct {
	Name      string // PAIR/TRANSPORT-REVISION[-STEP]
	Pair      string // which peers: ts-everything, gosdk-gosdk, inspector-gift
	Transport string
	Revision  string // from the name; checked against the handshake
	Records   []Record
}

var sessionName = regexp.MustCompile(`^(stdio|http)-(\d{4}-\d{2}-\d{2})(-[a-z-]+)?\.jsonl$`)

// loadSessions reads every captured session under dir, in name order.
func loadSessions(t *testing.T, dir string) []session {
	t.Helper()
	var out []session
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".jsonl") {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		pair, file := filepath.Split(filepath.ToSlash(rel))
		m := sessionName.FindStringSubmatch(file)
		if m == nil || pair == "" {
			return fmt.Errorf("%s: want PAIR/TRANSPORT-REVISION[-STEP].jsonl", rel)
		}
		f, err := os.Open(path)
		if err != nil {
			return err
		}
		defer f.Close()
		recs, err := ReadRecords(f, maxSessionRecords)
		if err != nil {
			return fmt.Errorf("%s: %w", rel, err)
		}
		out = append(out, session{Name: strings.TrimSuffix(filepath.ToSlash(rel), ".jsonl"), Pair: strings.TrimSuffix(pair, "/"),
			Transport: m[1], Revision: m[2], Records: recs})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// envelope is what the test reads of a message to pair it and find its revision.
type envelope struct {
	ID     json.RawMessage `json:"id"`
	Method string          `json:"method"`
	Params struct {
		ProtocolVersion string                     `json:"protocolVersion"`
		Meta            map[string]json.RawMessage `json:"_meta"`
	} `json:"params"`
	Result *struct {
		ProtocolVersion string `json:"protocolVersion"`
	} `json:"result"`
	Error json.RawMessage `json:"error"`
}

func readEnvelope(raw []byte) envelope {
	var e envelope
	_ = json.Unmarshal(raw, &e) // what does not parse has no envelope
	return e
}

// negotiated is the revision the session speaks: the one the server answered
// initialize with, else the one a request's _meta names.
func (s session) negotiated() string {
	var initID string
	for _, r := range s.Records {
		e := readEnvelope(r.Raw())
		switch {
		case r.From == grader.SenderClient && e.Method == "initialize":
			initID = string(e.ID)
		case r.From == grader.SenderServer && e.Result != nil && initID != "" && string(e.ID) == initID:
			return e.Result.ProtocolVersion
		}
	}
	for _, r := range s.Records {
		e := readEnvelope(r.Raw())
		var v string
		if r.From == grader.SenderClient && json.Unmarshal(e.Params.Meta["io.modelcontextprotocol/protocolVersion"], &v) == nil && v != "" {
			return v
		}
	}
	return ""
}

// message is one captured message with the request it answers, if any.
type message struct {
	Index   int // 0-based position in the session
	Rec     Record
	Request []byte // the request this response answers, sent by the other side
	Method  string // the method it is, or answers
}

// pair gives each response the request it answers: the last request with
// that id sent by the other side before it.
func (s session) pair() []message {
	requests := map[string][]byte{} // sender + id -> request
	methods := map[string]string{}
	out := make([]message, 0, len(s.Records))
	for i, r := range s.Records {
		e := readEnvelope(r.Raw())
		m := message{Index: i, Rec: r, Method: e.Method}
		switch {
		case e.Method != "" && len(e.ID) > 0:
			requests[r.From+string(e.ID)] = r.Raw()
			methods[r.From+string(e.ID)] = e.Method
		case e.Method == "" && len(e.ID) > 0:
			other := grader.SenderServer
			if r.From == grader.SenderServer {
				other = grader.SenderClient
			}
			m.Request = requests[other+string(e.ID)]
			m.Method = methods[other+string(e.ID)]
		}
		out = append(out, m)
	}
	return out
}
