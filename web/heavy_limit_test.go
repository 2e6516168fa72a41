package web

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/mcpplayground/playground/internal/i18n"
)

// TestHeavyLimit: explains held at once are bounded per learner (here an
// address without a learner) and overall; past a bound the request is
// refused before its body is read, with 503, a message in the learner's
// language that says which bound it met, and a Retry-After that says when
// the soonest request in the way is expected to end: here an explain is
// expected to take the 8 s the first one took (on the test's clock).
func TestHeavyLimit(t *testing.T) {
	clock := &manualClock{t: time.Date(2026, 1, 1, 10, 0, 0, 0, time.UTC)}
	e := newTestEnv(t, Config{TrustedProxies: []string{"127.0.0.1"}, Clock: clock, HeavyLimit: HeavyLimit{PerLearner: 2, Overall: 3, RetryAfter: 7 * time.Second}})
	base := strings.TrimPrefix(e.serve(t), "http://")
	const ping = `{"jsonrpc":"2.0","id":1,"method":"ping"}`
	// held starts an explain whose body has not come: the server's 100
	// Continue says the request is past the limit and reading its body.
	held := func(from string) net.Conn {
		c, err := net.Dial("tcp", base)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { c.Close() })
		_ = c.SetDeadline(time.Now().Add(30 * time.Second))
		fmt.Fprintf(c, "POST /api/explain HTTP/1.1\r\nHost: x\r\nX-Forwarded-For: %s\r\nContent-Length: %d\r\nExpect: 100-continue\r\n\r\n", from, len(ping))
		line, err := bufio.NewReader(c).ReadString('\n')
		if err != nil || !strings.HasPrefix(line, "HTTP/1.1 100") {
			t.Fatalf("held explain from %s: %q, %v; want 100 Continue", from, line, err)
		}
		return c
	}
	type answer struct {
		Status     int
		RetryAfter string
		Error      string
	}
	try := func(from, lang string) answer {
		req, _ := http.NewRequest("POST", "http://"+base+"/api/explain?lang="+lang, strings.NewReader(ping))
		req.Header.Set("X-Forwarded-For", from)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var body struct{ Error string }
		if resp.StatusCode != http.StatusOK {
			_ = json.NewDecoder(resp.Body).Decode(&body)
		}
		return answer{resp.StatusCode, resp.Header.Get("Retry-After"), body.Error}
	}
	// An explain with every slot free, whose body takes 8 s to come.
	first := held("192.0.2.9")
	clock.advance(8 * time.Second)
	fmt.Fprint(first, ping)
	if resp, err := http.ReadResponse(bufio.NewReader(first), nil); err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("an explain with every slot free = %v, %v; want 200", resp, err)
	}
	held("192.0.2.1")
	held("192.0.2.1")
	clock.advance(3 * time.Second)
	got := []answer{try("192.0.2.1", "fr")} // its two end in 8 - 3 s
	held("192.0.2.2")
	clock.advance(1 * time.Second)
	got = append(got, try("192.0.2.3", "en")) // the soonest of three ends in 8 - 4 s
	want := []answer{
		{503, "5", fmt.Sprintf(i18n.WorkshopFor(i18n.FR).BusyMine, 5)},
		{503, "4", fmt.Sprintf(i18n.WorkshopFor(i18n.EN).BusyHeavy, 4)},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("refusals (-want +got):\n%s", diff)
	}
}

// TestHeavyLimitRefusalReadable: a refused request still sending a log of
// megabytes, at a slow network's pace, gets its 503 and can finish
// sending: the connection is closed after the body, not reset under it
// (net/http alone waits half a second, then resets).
func TestHeavyLimitRefusalReadable(t *testing.T) {
	e := newTestEnv(t, Config{TrustedProxies: []string{"127.0.0.1"}, HeavyLimit: HeavyLimit{PerLearner: 1, Overall: 1}})
	base := strings.TrimPrefix(e.serve(t), "http://")
	holder, err := net.Dial("tcp", base)
	if err != nil {
		t.Fatal(err)
	}
	defer holder.Close()
	_ = holder.SetDeadline(time.Now().Add(30 * time.Second))
	fmt.Fprintf(holder, "POST /api/explain HTTP/1.1\r\nHost: x\r\nX-Forwarded-For: 192.0.2.1\r\nContent-Length: 100\r\nExpect: 100-continue\r\n\r\n")
	if line, err := bufio.NewReader(holder).ReadString('\n'); err != nil || !strings.HasPrefix(line, "HTTP/1.1 100") {
		t.Fatalf("the explain holding the slot: %q, %v", line, err)
	}
	c, err := net.Dial("tcp", base)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	_ = c.SetDeadline(time.Now().Add(30 * time.Second))
	const size = 4 << 20
	wrote := make(chan error, 1)
	go func() {
		_, err := fmt.Fprintf(c, "POST /api/explain HTTP/1.1\r\nHost: x\r\nX-Forwarded-For: 192.0.2.2\r\nContent-Length: %d\r\n\r\n", size)
		chunk := []byte(strings.Repeat("\n", 64<<10))
		for sent := 0; err == nil && sent < size; sent += len(chunk) {
			_, err = c.Write(chunk)
			time.Sleep(15 * time.Millisecond) // a slow network: the body takes about a second
		}
		wrote <- err
	}()
	r := bufio.NewReader(c)
	resp, err := http.ReadResponse(r, nil)
	if err != nil || resp.StatusCode != http.StatusServiceUnavailable {
		t.Fatalf("the refused explain = %v, %v; want 503", resp, err)
	}
	_, _ = io.Copy(io.Discard, resp.Body)
	if err := <-wrote; err != nil {
		t.Fatalf("sending the rest of the refused log: %v (the connection was reset)", err)
	}
	if _, err := r.ReadByte(); err != io.EOF {
		t.Errorf("after the body: %v, want the connection closed cleanly (EOF)", err)
	}
}
