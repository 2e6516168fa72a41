package mockserver

import (
	"context"
	"encoding/json"
	"github.com/mcpplayground/playground/internal/grader"
	"strconv"
	"sync"
	"time"
)

// Tasks (revision 2025-11-25): a tools/call whose params carry "task" is
// answered at once with a task; the tool runs on, and the client follows it
// with tasks/get, fetches its result with tasks/result (which waits for the
// end), lists them with tasks/list and stops one with tasks/cancel. The
// server sends notifications/tasks/status when a task ends. Only tools
// whose definition says execution.taskSupport accept a task (the slow
// prepare_delivery), and only in 2025-11-25: tasks are an extension in
// 2026-07-28 and do not exist in 2025-06-18.

// Bounds: a session keeps at most maxTasks tasks (the oldest finished one
// is forgotten first; when all are running a new one is refused), and a
// task's ttl is capped.
const (
	maxTasks        = 8
	maxTaskTTL      = int64(time.Hour / time.Millisecond)
	taskPollMillis  = 1000
	metaRelatedTask = "io.modelcontextprotocol/related-task"
)

// task is one task of a session.
type task struct {
	id               string
	created, updated time.Time
	ttl              int64
	status           string // working, completed, failed, cancelled
	result           any
	err              *rpcError
	done             chan struct{}
	cancel           context.CancelFunc
}

// taskStore is a session's tasks.
type taskStore struct {
	mu    sync.Mutex
	next  int
	order []*task
}

// taskJSON is a Task as the schema defines it.
type taskJSON struct {
	TaskID        string `json:"taskId"`
	Status        string `json:"status"`
	CreatedAt     string `json:"createdAt"`
	LastUpdatedAt string `json:"lastUpdatedAt"`
	TTL           int64  `json:"ttl"`
	PollInterval  int    `json:"pollInterval,omitempty"`
}

func (t *task) view() taskJSON {
	return taskJSON{t.id, t.status, t.created.UTC().Format(time.RFC3339), t.updated.UTC().Format(time.RFC3339), t.ttl, taskPollMillis}
}

// add keeps a new task, forgetting the oldest finished one when full; false
// when every kept task is still running.
func (ts *taskStore) add(t *task) bool {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	if len(ts.order) >= maxTasks {
		i := -1
		for k, old := range ts.order {
			if old.status != "working" {
				i = k
				break
			}
		}
		if i < 0 {
			return false
		}
		ts.order = append(ts.order[:i], ts.order[i+1:]...)
	}
	ts.next++
	t.id = "task-" + strconv.Itoa(ts.next)
	ts.order = append(ts.order, t)
	return true
}

func (ts *taskStore) find(id string) *task {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	for _, t := range ts.order {
		if t.id == id {
			return t
		}
	}
	return nil
}

// startTask runs c's tool as a task and answers with a CreateTaskResult.
// The tool runs in the session's lifetime, not the request's: the request
// is over as soon as the task exists.
func (s *Session) startTask(ctx context.Context, c *call, ttl int64) (any, *rpcError) {
	if ttl <= 0 || ttl > maxTaskTTL {
		ttl = maxTaskTTL
	}
	now := s.srv.cfg.Clock.Now()
	tctx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	t := &task{created: now, updated: now, ttl: ttl, status: "working", done: make(chan struct{}), cancel: cancel}
	if !s.tasks.add(t) {
		cancel()
		return nil, newError(CodeInternalError, "Internal error: %d tasks are already running in this session; wait for one to end", maxTasks)
	}
	c.ctx, c.progress = tctx, nil
	view := t.view() // before the tool runs: the task is "working"
	go s.runTask(t, c)
	return map[string]any{"task": view}, nil
}

func (s *Session) runTask(t *task, c *call) {
	res, rerr := c.t.call(c)
	s.tasks.mu.Lock()
	switch {
	case t.status == "cancelled":
	case rerr != nil:
		t.status, t.err = "failed", rerr
	default:
		t.status, t.result = "completed", res
	}
	t.updated = s.srv.cfg.Clock.Now()
	view := t.view()
	s.tasks.mu.Unlock()
	t.cancel()
	// The status goes out before done is closed, so that a client waiting in
	// tasks/result has been told of the end before its result arrives.
	s.emit(Outbound{Raw: notification("notifications/tasks/status", view), Kind: grader.KindNotification, Method: "notifications/tasks/status"})
	close(t.done)
}

// taskParam reads params.taskId and finds the task.
func (s *Session) taskParam(r *req) (*task, *rpcError) {
	if r.rev != Rev20251125 {
		return nil, newError(CodeMethodNotFound, "Method not found: tasks exist in revision 2025-11-25 only")
	}
	id, _, err := r.p.str("taskId", true)
	if err != nil {
		return nil, err
	}
	t := s.tasks.find(id)
	if t == nil {
		return nil, newError(CodeInvalidParams, "Invalid params: unknown task %q", id)
	}
	return t, nil
}

func (s *Session) tasksGet(_ context.Context, r *req) (any, *rpcError) {
	t, err := s.taskParam(r)
	if err != nil {
		return nil, err
	}
	s.tasks.mu.Lock()
	defer s.tasks.mu.Unlock()
	return t.view(), nil
}

// tasksResult waits for the task to end and answers with what the tool
// answered, tied to the task in _meta.
func (s *Session) tasksResult(ctx context.Context, r *req) (any, *rpcError) {
	t, err := s.taskParam(r)
	if err != nil {
		return nil, err
	}
	select {
	case <-t.done:
	case <-ctx.Done():
		return nil, nil
	}
	s.tasks.mu.Lock()
	defer s.tasks.mu.Unlock()
	switch t.status {
	case "failed":
		return nil, t.err
	case "cancelled":
		return nil, newError(CodeInvalidParams, "Invalid params: task %q was cancelled", t.id)
	}
	raw, merr := json.Marshal(t.result)
	if merr != nil {
		return nil, newError(CodeInternalError, "Internal error: %v", merr)
	}
	var out map[string]any
	_ = json.Unmarshal(raw, &out)
	out["_meta"] = map[string]any{metaRelatedTask: map[string]any{"taskId": t.id}}
	return out, nil
}

func (s *Session) tasksList(_ context.Context, r *req) (any, *rpcError) {
	if r.rev != Rev20251125 {
		return nil, newError(CodeMethodNotFound, "Method not found: tasks exist in revision 2025-11-25 only")
	}
	s.tasks.mu.Lock()
	defer s.tasks.mu.Unlock()
	views := make([]taskJSON, len(s.tasks.order))
	for i, t := range s.tasks.order {
		views[i] = t.view()
	}
	return map[string]any{"tasks": views}, nil
}

func (s *Session) tasksCancel(_ context.Context, r *req) (any, *rpcError) {
	t, err := s.taskParam(r)
	if err != nil {
		return nil, err
	}
	s.tasks.mu.Lock()
	if t.status != "working" {
		s.tasks.mu.Unlock()
		return nil, newError(CodeInvalidParams, "Invalid params: task %q has already ended (%s)", t.id, t.status)
	}
	t.status, t.updated = "cancelled", s.srv.cfg.Clock.Now()
	view := t.view()
	s.tasks.mu.Unlock()
	t.cancel()
	return view, nil
}

// capabilitiesFor is the server's capabilities in revision rev: tasks are
// declared in 2025-11-25 only.
func (s *Server) capabilitiesFor(rev string) json.RawMessage {
	if rev != Rev20251125 {
		return s.capabilitiesRaw
	}
	raw := append([]byte(nil), s.capabilitiesRaw[:len(s.capabilitiesRaw)-1]...)
	return append(raw, `,"tasks":{"list":{},"cancel":{},"requests":{"tools":{"call":{}}}}}`...)
}
