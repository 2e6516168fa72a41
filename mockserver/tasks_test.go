package mockserver

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"testing/synctest"

	"github.com/google/go-cmp/cmp"
)

func handshake(t *testing.T, s *Session, rev string) json.RawMessage {
	t.Helper()
	ctx := context.Background()
	init := `{"jsonrpc":"2.0","id":"i","method":"initialize","params":{"protocolVersion":"` + rev + `","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`
	reply := s.Handle(ctx, []byte(init))
	s.Handle(ctx, []byte(initialized))
	return reply
}

// In 2025-11-25 the slow tool runs as a task: created at once, followed with
// tasks/get, its result fetched with tasks/result, listed, and announced
// with notifications/tasks/status; the capability and the tool's execution
// say so.
func TestTaskAugmentedPrepareDelivery(t *testing.T) {
	srv := newTestServer(Config{})
	rec := &recorder{}
	s := srv.NewSession(SessionOptions{Sink: rec.sink})
	ctx := context.Background()
	if init := string(handshake(t, s, Rev20251125)); !strings.Contains(init, `"tasks":{"list":{},"cancel":{},"requests":{"tools":{"call":{}}}}`) {
		t.Errorf("initialize does not declare tasks: %s", init)
	}
	if list := string(s.Handle(ctx, []byte(`{"jsonrpc":"2.0","id":1,"method":"tools/list"}`))); !strings.Contains(list, `"additionalProperties":false},"annotations":{"readOnlyHint":false,"destructiveHint":false,"idempotentHint":false,"openWorldHint":false},"execution":{"taskSupport":"optional"}}`) {
		t.Errorf("prepare_delivery has no execution.taskSupport: %s", list)
	}
	var created struct {
		Result struct{ Task taskJSON } `json:"result"`
	}
	raw := s.Handle(ctx, []byte(`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"prepare_delivery","arguments":{"steps":3},"task":{"ttl":60000}}}`))
	if err := json.Unmarshal(raw, &created); err != nil || created.Result.Task.TaskID != "task-1" || created.Result.Task.Status != "working" || created.Result.Task.TTL != 60000 {
		t.Fatalf("create = %s", raw)
	}
	res := string(s.Handle(ctx, []byte(`{"jsonrpc":"2.0","id":3,"method":"tasks/result","params":{"taskId":"task-1"}}`)))
	want := `{"jsonrpc":"2.0","id":3,"result":{"_meta":{"io.modelcontextprotocol/related-task":{"taskId":"task-1"}},"content":[{"text":"The gifts are packed and ready to ship (3 steps).","type":"text"}],"isError":false}}`
	if diff := cmp.Diff(want, res); diff != "" {
		t.Errorf("tasks/result (-want +got):\n%s", diff)
	}
	if got := string(s.Handle(ctx, []byte(`{"jsonrpc":"2.0","id":4,"method":"tasks/get","params":{"taskId":"task-1"}}`))); !strings.Contains(got, `"status":"completed"`) {
		t.Errorf("tasks/get = %s", got)
	}
	if got := string(s.Handle(ctx, []byte(`{"jsonrpc":"2.0","id":5,"method":"tasks/list"}`))); !strings.Contains(got, `"tasks":[{"taskId":"task-1","status":"completed"`) {
		t.Errorf("tasks/list = %s", got)
	}
	statuses := 0
	for _, o := range rec.take() {
		if o.Method == "notifications/tasks/status" && strings.Contains(string(o.Raw), `"status":"completed"`) {
			statuses++
		}
		if o.Method == "notifications/progress" {
			t.Errorf("a task sent progress on a request that is over: %s", o.Raw)
		}
	}
	if statuses != 1 {
		t.Errorf("%d notifications/tasks/status completed, want 1", statuses)
	}
	if got := string(s.Handle(ctx, []byte(`{"jsonrpc":"2.0","id":6,"method":"tasks/get","params":{"taskId":"task-9"}}`))); !strings.Contains(got, `"code":-32602`) {
		t.Errorf("unknown task = %s", got)
	}
}

// A task can be cancelled while it runs; its result is then an error. In a
// synctest bubble the server's clock stands still while the test sends its
// requests, so the task is still running when it is cancelled, and once
// cancelled it ends: the bubble waits for every goroutine it started.
func TestTaskCancel(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		srv := New(Config{})
		s := srv.NewSession(SessionOptions{Sink: (&recorder{}).sink})
		ctx := context.Background()
		handshake(t, s, Rev20251125)
		s.Handle(ctx, []byte(`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"prepare_delivery","arguments":{"steps":10},"task":{"ttl":1000}}}`))
		if got := string(s.Handle(ctx, []byte(`{"jsonrpc":"2.0","id":3,"method":"tasks/cancel","params":{"taskId":"task-1"}}`))); !strings.Contains(got, `"status":"cancelled"`) {
			t.Fatalf("tasks/cancel = %s", got)
		}
		if got := string(s.Handle(ctx, []byte(`{"jsonrpc":"2.0","id":4,"method":"tasks/result","params":{"taskId":"task-1"}}`))); !strings.Contains(got, `was cancelled`) {
			t.Errorf("tasks/result after cancel = %s", got)
		}
	})
}

// Tasks exist in 2025-11-25 only: 2025-06-18 has no capability, no
// execution and no tasks/* methods, and a task in tools/call is ignored.
func TestNoTasksIn20250618(t *testing.T) {
	srv := newTestServer(Config{})
	s := srv.NewSession(SessionOptions{Sink: (&recorder{}).sink})
	ctx := context.Background()
	if init := string(handshake(t, s, Rev20250618)); strings.Contains(init, `"tasks"`) {
		t.Errorf("2025-06-18 initialize declares tasks: %s", init)
	}
	if list := string(s.Handle(ctx, []byte(`{"jsonrpc":"2.0","id":1,"method":"tools/list"}`))); strings.Contains(list, "execution") {
		t.Errorf("2025-06-18 tools/list shows execution: %s", list)
	}
	if got := string(s.Handle(ctx, []byte(`{"jsonrpc":"2.0","id":2,"method":"tasks/list"}`))); !strings.Contains(got, `"code":-32601`) {
		t.Errorf("2025-06-18 tasks/list = %s", got)
	}
	if got := string(s.Handle(ctx, []byte(`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"prepare_delivery","arguments":{"steps":1},"task":{"ttl":1000}}}`))); !strings.Contains(got, "ready to ship (1 step)") {
		t.Errorf("2025-06-18 tools/call with task = %s", got)
	}
}
