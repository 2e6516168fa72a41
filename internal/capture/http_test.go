//lint:file-ignore SA1019 logging is deprecated only from 2026-07-28: the sessions recorded in the revisions before it exercise it, as real peers do
package capture

import (
	"bytes"
	"context"
	"github.com/mcpplayground/playground/internal/grader"
	"github.com/mcpplayground/playground/internal/testing/gifttest"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcpplayground/playground/mockserver"
)

// TestRecorderBetweenGoSDKAndGiftServer runs the go-sdk client through the
// recorder to the real gift server over Streamable HTTP: the client's POST
// bodies, the server's JSON replies and SSE events are all recorded, each
// reply after its request, with the transport headers.
func TestRecorderBetweenGoSDKAndGiftServer(t *testing.T) {
	// The test binary's deadline, with a margin for the message, bounds
	// the session: a busy machine is slow, not wrong.
	ctx := t.Context()
	if d, ok := t.Deadline(); ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithDeadline(ctx, d.Add(-30*time.Second))
		defer cancel()
	}
	up, err := url.Parse(gifttest.URL(t, mockserver.Config{}))
	if err != nil {
		t.Fatal(err)
	}
	var out lockedBuffer
	proxy := httptest.NewServer(&Recorder{Log: NewLog(&out, LogConfig{Now: fixedClock}), Upstream: up})
	defer proxy.Close()

	client := mcp.NewClient(&mcp.Implementation{Name: "capture-test", Version: "1"}, nil)
	cs, err := client.Connect(ctx, &mcp.StreamableClientTransport{Endpoint: proxy.URL + "/mcp", MaxRetries: -1},
		&mcp.ClientSessionOptions{ProtocolVersion: "2025-11-25"})
	if err != nil {
		t.Fatal(err)
	}
	if err := cs.SetLoggingLevel(ctx, &mcp.SetLoggingLevelParams{Level: "debug"}); err != nil {
		t.Fatal(err)
	}
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "suggest_gifts", Arguments: map[string]any{"occasion": "birthday", "budget": 50}})
	if err != nil || res.IsError {
		t.Fatalf("suggest_gifts through the recorder: %v %+v", err, res)
	}
	cs.Close()

	recs, err := ReadRecords(bytes.NewReader(out.Bytes()), 100)
	if err != nil {
		t.Fatal(err)
	}
	s := session{Name: "test", Revision: "2025-11-25", Records: recs}
	var got []string
	var events int
	for _, m := range s.pair() {
		r := m.Rec
		if r.Transport != TransportHTTP || r.HTTP == nil || r.HTTP.Method != http.MethodPost {
			t.Errorf("record %d: %+v", r.Seq, r)
			continue
		}
		if r.From == grader.SenderServer && r.HTTP.Status != http.StatusOK {
			t.Errorf("record %d: status %d", r.Seq, r.HTTP.Status)
		}
		if r.HTTP.ContentType == "text/event-stream" {
			events++
		}
		switch {
		case m.Method != "" && m.Request == nil:
			got = append(got, r.From+" "+m.Method)
		case m.Request != nil:
			got = append(got, r.From+" answers "+m.Method)
		}
	}
	want := []string{"client initialize", "server answers initialize", "client notifications/initialized",
		"client logging/setLevel", "server answers logging/setLevel", "client tools/call",
		"server notifications/message", "server notifications/message", "server answers tools/call"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("recorded exchange (-want +got):\n%s", diff)
	}
	if events == 0 {
		t.Error("no SSE event recorded: the gift server streams tools/call")
	}
	if recs[1].HTTP.SessionID == "" || recs[2].HTTP.SessionID != recs[1].HTTP.SessionID || recs[2].HTTP.ProtocolVersion != "2025-11-25" {
		t.Errorf("transport headers: %+v then %+v", recs[1].HTTP, recs[2].HTTP)
	}
}

// TestRelayEvents reads SSE as the format says: data lines joined by
// newlines, comments and priming events skipped, the id kept, and every byte
// passed on.
func TestRelayEvents(t *testing.T) {
	stream := ": comment\r\nid: p0\ndata:\n\nid: 7\ndata: {\"jsonrpc\":\"2.0\",\ndata: \"method\":\"x\"}\n\ndata: {\"jsonrpc\":\"2.0\",\"method\":\"y\"}"
	var out bytes.Buffer
	rec := &Recorder{Log: NewLog(&out, LogConfig{Now: fixedClock})}
	w := httptest.NewRecorder()
	if err := rec.relayEvents(w, strings.NewReader(stream), HTTP{Exchange: 3, Method: http.MethodGet}); err != nil {
		t.Fatal(err)
	}
	if w.Body.String() != stream {
		t.Errorf("passed on %q, want %q", w.Body.String(), stream)
	}
	recs, err := ReadRecords(&out, 10)
	if err != nil {
		t.Fatal(err)
	}
	type row struct{ Raw, ID string }
	var got []row
	for _, r := range recs {
		got = append(got, row{string(r.Raw()), r.HTTP.EventID})
	}
	want := []row{{`{"jsonrpc":"2.0","method":"x"}`, "7"}, {`{"jsonrpc":"2.0","method":"y"}`, ""}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("events (-want +got):\n%s", diff)
	}
}
