package main

import (
	"bytes"
	"net"
	"net/url"
	"strings"
	"testing"
)

func TestHealthzURL(t *testing.T) {
	t.Parallel()
	for addr, want := range map[string]string{
		"0.0.0.0:8080":   "http://127.0.0.1:8080/healthz",
		":8080":          "http://127.0.0.1:8080/healthz",
		"[::]:9000":      "http://[::1]:9000/healthz",
		"10.0.0.5:80":    "http://10.0.0.5:80/healthz",
		"127.0.0.1:8080": "http://127.0.0.1:8080/healthz",
	} {
		if got, err := healthzURL(addr); err != nil || got != want {
			t.Errorf("healthzURL(%q) = %q, %v; want %q", addr, got, err, want)
		}
	}
	if _, err := healthzURL("8080"); err == nil {
		t.Error("healthzURL(\"8080\") took an address with no port")
	}
}

// The health check says 0 for a server that answers, 1 where nothing does.
func TestHealthcheckCommand(t *testing.T) {
	t.Parallel()
	p := startServe(t, serveConfig{addr: "127.0.0.1:0"})
	u, err := url.Parse(p.base)
	if err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if code := run([]string{"healthcheck", "-addr", u.Host}, nil, &stdout, &stderr); code != 0 || !strings.Contains(stdout.String(), "version "+currentBuild().Version) {
		t.Errorf("healthcheck of a running server: exit %d, %q %q", code, stdout.String(), stderr.String())
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := ln.Addr().String()
	ln.Close()
	stdout.Reset()
	if code := run([]string{"healthcheck", "-addr", closed}, nil, &stdout, &stderr); code != 1 {
		t.Errorf("healthcheck where nothing listens: exit %d, want 1", code)
	}
}
