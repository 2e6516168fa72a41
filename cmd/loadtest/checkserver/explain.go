package main

import (
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
)

// explainLog is a log of about size bytes for POST /api/explain: "dense"
// is JSON Lines of tools/call requests and their results, each line about
// 500 bytes; "newlines" is nothing but line ends.
func explainLog(kind string, size int) string {
	if kind == "newlines" {
		return strings.Repeat("\n", size)
	}
	var b strings.Builder
	text := strings.Repeat("lorem ipsum ", 30)
	for id := 1; b.Len() < size-1024; id++ {
		fmt.Fprintf(&b, `{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":"wrap_box","arguments":{"label":"%s"}}}`+"\n", id, text)
		fmt.Fprintf(&b, `{"jsonrpc":"2.0","id":%d,"result":{"content":[{"type":"text","text":"%s"}],"isError":false}}`+"\n", id, text)
	}
	return b.String()
}

// explains is what the explain clients of a round met: done is a log
// answered 200, empty one answered 400 (no MCP message in it, as for the
// newlines log), reset a post whose connection was closed while its body
// was still being sent (a refusal answered before the body was read,
// which the client could not read).
type explains struct {
	done, empty, refused, reset, failed atomic.Int64
}

// explainAll sends the log from n learners at once; a learner refused
// with 503 or 429 tries again after the Retry-After it was given, at most
// tries times, so every log is explained in the end unless the server
// never makes room.
func explainAll(base, log string, n, tries int, out *explains) {
	var wg sync.WaitGroup
	for range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			l := newLearner(base)
			if err := l.join(); err != nil {
				out.failed.Add(1)
				fmt.Println("explain: join:", err)
				return
			}
			for range tries {
				status, retry, err := l.explain(log)
				switch {
				case err != nil && errors.Is(err, syscall.ECONNRESET):
					out.reset.Add(1)
					time.Sleep(time.Second)
				case err != nil:
					out.failed.Add(1)
					fmt.Println("explain:", err)
					return
				case status == http.StatusOK:
					out.done.Add(1)
					return
				case status == http.StatusBadRequest:
					out.empty.Add(1)
					return
				case status == http.StatusServiceUnavailable || status == http.StatusTooManyRequests:
					out.refused.Add(1)
					time.Sleep(retry)
				default:
					out.failed.Add(1)
					fmt.Println("explain: status", status)
					return
				}
			}
			out.failed.Add(1)
			fmt.Println("explain: still refused after", tries, "tries")
		}()
	}
	wg.Wait()
}

// join makes the learner (a cookie of its own, so each has its own heavy
// slots), as a page's first post does.
func (l *learner) join() error {
	req, _ := http.NewRequest(http.MethodPost, l.base+"/api/lessons/json-rpc/read", nil)
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	resp, err := l.c.Do(req)
	if err != nil {
		return err
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusNoContent {
		return fmt.Errorf("POST /api/lessons/json-rpc/read = %d", resp.StatusCode)
	}
	return nil
}

// explain posts the log to the API and reads the answer (bounded); retry
// is the Retry-After of a refusal.
func (l *learner) explain(log string) (status int, retry time.Duration, err error) {
	req, _ := http.NewRequest(http.MethodPost, l.base+"/api/explain", strings.NewReader(log))
	req.Header.Set("Content-Type", "text/plain")
	resp, err := l.c.Do(req)
	if err != nil {
		return 0, 0, err
	}
	defer resp.Body.Close()
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<20))
	secs, _ := strconv.Atoi(resp.Header.Get("Retry-After"))
	return resp.StatusCode, time.Duration(max(secs, 1)) * time.Second, nil
}

// honest is what a learner reading a lesson met during the load.
type honest struct {
	mu      sync.Mutex
	n, bad  int
	slowest time.Duration
}

// readLessons has an honest learner read a lesson every half second
// until stop is closed.
func readLessons(base string, stop <-chan struct{}, out *honest) {
	c := &http.Client{Timeout: time.Minute}
	for {
		select {
		case <-stop:
			return
		case <-time.After(500 * time.Millisecond):
		}
		began := time.Now()
		resp, err := c.Get(base + "/en/lessons/json-rpc")
		took := time.Since(began)
		ok := err == nil && resp.StatusCode == http.StatusOK
		if err == nil {
			_, _ = io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
		}
		out.mu.Lock()
		out.n++
		if !ok {
			out.bad++
		}
		out.slowest = max(out.slowest, took)
		out.mu.Unlock()
	}
}
