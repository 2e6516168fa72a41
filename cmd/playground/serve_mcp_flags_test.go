package main

import (
	"bytes"
	"strings"
	"testing"
)

// -mcp-request-timeout (or PLAYGROUND_MCP_REQUEST_TIMEOUT) outside (0, 24h]
// is a usage error of serve and mockserver, before anything starts.
func TestMCPRequestTimeoutFlag(t *testing.T) {
	tests := []struct {
		name string
		args []string
		env  string
		want string
	}{
		{"zero", []string{"-mcp-request-timeout", "0s"}, "", "-mcp-request-timeout 0s is out of range"},
		{"negative", []string{"-mcp-request-timeout", "-5s"}, "", "-mcp-request-timeout -5s is out of range"},
		{"too long", []string{"-mcp-request-timeout", "25h"}, "", "-mcp-request-timeout 25h0m0s is out of range"},
		{"not a duration", []string{"-mcp-request-timeout", "soon"}, "", `invalid value "soon"`},
		{"from the environment", nil, "0s", "-mcp-request-timeout 0s is out of range"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.env != "" {
				t.Setenv("PLAYGROUND_MCP_REQUEST_TIMEOUT", tt.env)
			}
			for cmd, run := range map[string]func(*bytes.Buffer) int{
				"serve": func(b *bytes.Buffer) int { return runServe(tt.args, b) },
				"mockserver": func(b *bytes.Buffer) int {
					return runMockserver(append([]string{"-http", "127.0.0.1:0"}, tt.args...), nil, nil, b)
				},
			} {
				var stderr bytes.Buffer
				code := run(&stderr)
				if code != 2 || !strings.Contains(stderr.String(), tt.want) {
					t.Errorf("%s: exit %d, stderr %q; want 2 and %q", cmd, code, stderr.String(), tt.want)
				}
			}
		})
	}
}
