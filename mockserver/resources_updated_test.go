package mockserver

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
)

// A client subscribed to gift://catalog hears notifications/resources/updated
// when unlocking gift wrapping changes the catalogue, and reads the new
// content; a client that did not subscribe hears nothing about it.
func TestCatalogueUpdatedAfterUnlock(t *testing.T) {
	srv := newTestServer(Config{})
	for _, subscribe := range []bool{true, false} {
		rec := &recorder{}
		s := srv.NewSession(SessionOptions{Sink: rec.sink})
		ctx := context.Background()
		s.Handle(ctx, []byte(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`))
		s.Handle(ctx, []byte(initialized))
		if subscribe {
			if got := string(s.Handle(ctx, []byte(`{"jsonrpc":"2.0","id":2,"method":"resources/subscribe","params":{"uri":"gift://catalog"}}`))); got != `{"jsonrpc":"2.0","id":2,"result":{}}` {
				t.Fatalf("subscribe = %s", got)
			}
		}
		rec.take()
		s.Handle(ctx, []byte(`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"unlock_gift_wrapping","arguments":{}}}`))
		var updated []string
		for _, o := range rec.take() {
			if o.Method == "notifications/resources/updated" {
				updated = append(updated, string(o.Raw))
			}
		}
		want := 0
		if subscribe {
			want = 1
		}
		if len(updated) != want {
			t.Fatalf("subscribed=%v: %d notifications/resources/updated, want %d: %v", subscribe, len(updated), want, updated)
		}
		if subscribe && updated[0] != `{"jsonrpc":"2.0","method":"notifications/resources/updated","params":{"uri":"gift://catalog"}}` {
			t.Errorf("notification = %s", updated[0])
		}
		var read struct {
			Result struct {
				Contents []struct{ Text string } `json:"contents"`
			} `json:"result"`
		}
		if err := json.Unmarshal(s.Handle(ctx, []byte(`{"jsonrpc":"2.0","id":4,"method":"resources/read","params":{"uri":"gift://catalog"}}`)), &read); err != nil || len(read.Result.Contents) != 1 {
			t.Fatalf("read: %v %+v", err, read)
		}
		if !strings.Contains(read.Result.Contents[0].Text, `"wrapping":["classic","kraft","festive"]`) {
			t.Errorf("the catalogue after unlocking lacks the wrapping styles: %s", read.Result.Contents[0].Text)
		}
	}
}
