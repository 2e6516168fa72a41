package main

import (
	"bytes"
	"context"
	"log/slog"
	"net/http"
	"net/url"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
)

// served is a "playground serve" running in this process.
type served struct {
	base string      // http://host:port
	logs *syncBuffer // everything it logged
	stop func() error
}

// startServe runs "playground serve" in this process and returns once the
// server says it is ready; it stops when the test ends, or at stop, which
// returns what serve returned.
func startServe(t *testing.T, cfg serveConfig) *served {
	t.Helper()
	if cfg.db == "" {
		cfg.db = filepath.Join(t.TempDir(), "p.db")
	}
	ready := make(chan string, 1)
	cfg.onReady = func(base string) { ready <- base }
	logs := &syncBuffer{}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- serve(ctx, cfg, slog.New(slog.NewTextHandler(logs, nil))) }()
	var once sync.Once
	var err error
	stop := func() error {
		once.Do(func() { cancel(); err = <-done })
		return err
	}
	t.Cleanup(func() {
		if err := stop(); err != nil {
			t.Errorf("serve: %v", err)
		}
	})
	select {
	case base := <-ready:
		return &served{base: strings.Replace(base, "[::]", "127.0.0.1", 1), logs: logs, stop: stop}
	case err := <-done:
		done <- err // for stop, at cleanup
		t.Fatalf("serve returned before it was ready: %v\n%s", err, logs.String())
		return nil
	}
}

// Without -instructor-token the server makes one, logs the sign-in URL
// once, and that URL's token opens the dashboard; the learner address is
// loopback by default and another address is called out in the log.
func TestServeInstructorTokenAndAddress(t *testing.T) {
	t.Parallel()
	p := startServe(t, serveConfig{addr: "127.0.0.1:0"})
	base, logs := p.base, p.logs
	m := regexp.MustCompile(`url="?(http://[^ "]+/instructor/login#token=([A-Za-z0-9_-]+))`).FindStringSubmatch(logs.String())
	if m == nil {
		t.Fatalf("no sign-in URL with a token in the log:\n%s", logs.String())
	}
	if n := strings.Count(logs.String(), m[2]); n != 1 {
		t.Errorf("the token appears %d times in the log, want once", n)
	}
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	req, _ := http.NewRequest("POST", base+"/instructor/login", strings.NewReader(url.Values{"token": {m[2]}}.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	resp, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusSeeOther || resp.Header.Get("Location") != "/instructor" {
		t.Errorf("signing in with the logged token = %d to %q", resp.StatusCode, resp.Header.Get("Location"))
	}
	if strings.Contains(logs.String(), "listening beyond this machine") {
		t.Error("a loopback address is reported as open to the network")
	}

	// A configured token is never printed; another address is called out.
	logs = startServe(t, serveConfig{addr: "0.0.0.0:0", instructorToken: "my-secret-token", joinCode: "ROOM"}).logs
	if strings.Contains(logs.String(), "my-secret-token") {
		t.Error("a configured token is printed in the log")
	}
	for _, want := range []string{"listening beyond this machine", "/instructor", "join_code=ROOM"} {
		if !strings.Contains(logs.String(), want) {
			t.Errorf("the log lacks %q:\n%s", want, logs.String())
		}
	}

	var help bytes.Buffer
	run([]string{"serve", "-h"}, nil, &help, &help)
	if !strings.Contains(help.String(), `default "127.0.0.1:8080"`) {
		t.Errorf("serve -h does not show the loopback default:\n%s", help.String())
	}
}
