package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpplayground/playground/internal/explain"
)

func TestRunExplain(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	const (
		initReq = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`
		initRes = `{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-11-25","capabilities":{},"serverInfo":{"name":"s","version":"1"}}}`
		done    = `{"jsonrpc":"2.0","method":"notifications/initialized"}`
	)
	clean := write("clean.txt", initReq+"\n"+initRes+"\n"+done+"\n")
	wrong := write("wrong.txt", initReq+"\n"+initRes+"\n"+done+"\n"+`{"jsonrpc":"2.0","id":2,"method":"tools/list"}`+"\n"+`{"jsonrpc":"2.0","id":2,"result":{}}`+"\n")
	client := write("client.txt", initReq+"\n"+done+"\n")
	server := write("server.txt", "Gift server listening on stdio\n"+initRes+"\n")
	binary := write("binary.bin", "\x00\x01\x02PK\x03\x04")
	fixture := filepath.Join("..", "..", "internal", "logimport", "testdata", "gift-session.har")

	tests := []struct {
		name  string
		args  []string
		stdin string
		code  int
		inOut []string // substrings of stdout
		inErr string   // substring of stderr
		json  bool
	}{
		{name: "a clean log", args: []string{clean}, code: 0, inOut: []string{"3 messages: 1 request, 1 response, 1 notification", "Nothing wrong"}},
		{name: "a wrong log", args: []string{wrong}, code: 1, inOut: []string{"answered by #5", "mcp.field.missing", "Something is wrong"}},
		{name: "from stdin, in French", args: []string{"-lang", "fr", "-"}, stdin: initReq + "\n", code: 1, inOut: []string{"1 message\u00a0: 1 requête", "jamais de réponse", "Quelque chose ne va pas"}},
		{name: "JSON", args: []string{wrong, "-json"}, code: 1, json: true},
		{name: "a HAR", args: []string{"-format", "har", fixture}, code: 1, inOut: []string{"log.http.accept"}},
		{name: "two files", args: []string{"-server-out", server, client}, code: 1, inOut: []string{"log.stdout-noise", "answers #1"}},
		{name: "no file", args: nil, code: 2, inErr: "usage"},
		{name: "two files as arguments", args: []string{clean, wrong}, code: 2, inErr: "usage"},
		{name: "a missing file", args: []string{filepath.Join(dir, "nope")}, code: 2, inErr: "no such file"},
		{name: "a binary file", args: []string{binary}, code: 2, inErr: "not text"},
		{name: "unknown format", args: []string{"-format", "pcap", clean}, code: 2, inErr: "unknown log format"},
		{name: "unknown revision", args: []string{"-protocol", "2024-01-01", clean}, code: 2, inErr: "unknown protocol revision"},
		{name: "unknown language", args: []string{"-lang", "de", clean}, code: 2, inErr: "unknown language"},
		{name: "too large", args: []string{"-max-bytes", "10", clean}, code: 2, inErr: "larger than the limit"},
		{name: "both sides from stdin", args: []string{"-server-out", "-", "-"}, code: 2, inErr: "standard input"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := run(append([]string{"explain"}, tt.args...), strings.NewReader(tt.stdin), &stdout, &stderr)
			if code != tt.code {
				t.Fatalf("exit %d, want %d\nstdout: %s\nstderr: %s", code, tt.code, stdout.String(), stderr.String())
			}
			for _, s := range tt.inOut {
				if !strings.Contains(stdout.String(), s) {
					t.Errorf("stdout lacks %q:\n%s", s, stdout.String())
				}
			}
			if !strings.Contains(stderr.String(), tt.inErr) {
				t.Errorf("stderr lacks %q:\n%s", tt.inErr, stderr.String())
			}
			if tt.json {
				var rep explain.Report
				if err := json.Unmarshal(stdout.Bytes(), &rep); err != nil || rep.Summary.Messages != 5 || rep.Format != "stdio" {
					t.Errorf("JSON report: %v, %+v", err, rep.Summary)
				}
			}
		})
	}
}
