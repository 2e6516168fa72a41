package web

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"runtime"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mcpplayground/playground/internal/i18n"
)

// Event streams are bounded per learner (429) and overall (503), each
// refusal said in the learner's language; a closed stream frees its place.
func TestConsoleEventStreamBounds(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t, Config{ConsoleStreamsPerLearner: 1, ConsoleStreams: 2, ConsoleStreamsPerAddr: 2})
	base := e.serve(t)
	ann, bob, cat := newBrowser(t, base), newBrowser(t, base), newBrowser(t, base)
	for _, b := range []*browser{ann, bob, cat} {
		b.send(msgInitialize)
	}
	annStream := streamOn(t, ann, "fr")
	want := []refusal{
		{http.StatusTooManyRequests, i18n.ConsoleFor(i18n.FR).ErrStreamsLearner},
		{http.StatusOK, ""},
		{http.StatusServiceUnavailable, i18n.ConsoleFor(i18n.EN).ErrStreamsServer},
	}
	var got []refusal
	second := streamOn(t, ann, "fr")
	got = append(got, second.refusal(t))
	bobStream := streamOn(t, bob, "en")
	got = append(got, bobStream.refusal(t))
	got = append(got, streamOn(t, cat, "en").refusal(t))
	if diff := cmp.Diff(want, got, cmp.AllowUnexported(refusal{})); diff != "" {
		t.Errorf("stream answers (-want +got):\n%s", diff)
	}

	annStream.close(t, e)
	if r := streamOn(t, cat, "en").refusal(t); r.status != http.StatusOK {
		t.Errorf("a place freed by a closed stream was refused: %+v", r)
	}
}

// One client network holds at most its share of the event streams: past
// it, another learner of the same network is refused while a learner of
// another network is served.
func TestConsoleEventStreamsPerNetwork(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t, Config{ConsoleStreams: 8, ConsoleStreamsPerAddr: 2, TrustedProxies: []string{"127.0.0.1"}})
	base := e.serve(t)
	var got []int
	for i, from := range []string{"2001:db8::1", "2001:db8::2", "2001:db8::3", "2001:db8:0:1::1"} {
		b := newBrowser(t, base)
		b.send(msgInitialize)
		ctx, cancel := context.WithCancel(context.Background())
		t.Cleanup(cancel)
		req, _ := http.NewRequestWithContext(ctx, "GET", base+"/api/console/events?lang=en", nil)
		req.Header.Set("X-Forwarded-For", from)
		resp, err := b.c.Do(req)
		if err != nil {
			t.Fatalf("stream %d: %v", i, err)
		}
		t.Cleanup(func() { resp.Body.Close() })
		got = append(got, resp.StatusCode)
	}
	if diff := cmp.Diff([]int{200, 200, 503, 200}, got); diff != "" {
		t.Errorf("streams of one /64, then another (-want +got):\n%s", diff)
	}
}

type refusal struct {
	status int
	msg    string
}

// heldStream is an event stream opened by a test.
type heldStream struct {
	resp   *http.Response
	cancel context.CancelFunc
}

func streamOn(t *testing.T, b *browser, lang string) *heldStream {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	req, _ := http.NewRequestWithContext(ctx, "GET", b.base+"/api/console/events?lang="+lang, nil)
	resp, err := b.c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { resp.Body.Close() })
	return &heldStream{resp: resp, cancel: cancel}
}

// refusal reads the refusal's message; an open stream is {200, ""}.
func (h *heldStream) refusal(t *testing.T) refusal {
	t.Helper()
	if h.resp.StatusCode == http.StatusOK {
		return refusal{status: http.StatusOK}
	}
	if h.resp.Header.Get("Retry-After") == "" {
		t.Errorf("%d without Retry-After", h.resp.StatusCode)
	}
	var body struct {
		Error string `json:"error"`
	}
	b, _ := io.ReadAll(h.resp.Body)
	if err := json.Unmarshal(b, &body); err != nil {
		t.Fatalf("refusal %d is not JSON: %s", h.resp.StatusCode, b)
	}
	return refusal{h.resp.StatusCode, body.Error}
}

// close ends the stream and waits until the server has recorded its end.
func (h *heldStream) close(t *testing.T, e *testEnv) {
	t.Helper()
	n := e.srv.consoles.Streams()
	h.cancel()
	h.resp.Body.Close()
	ctx, cancel := context.WithDeadline(context.Background(), testDeadline(t))
	defer cancel()
	for e.srv.consoles.Streams() >= n {
		if ctx.Err() != nil {
			t.Fatal("the server never recorded the stream's end")
		}
		// The handler's end is not observable otherwise: yield to it.
		runtime.Gosched()
	}
}
