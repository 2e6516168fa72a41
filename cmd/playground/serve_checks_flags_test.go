package main

import (
	"bytes"
	"strings"
	"testing"
)

// -allow-server-checks (or PLAYGROUND_ALLOW_SERVER_CHECKS) that is not a
// list of CIDRs, or that would open link-local or cloud-metadata
// addresses, is a usage error before anything starts.
func TestAllowServerChecksFlag(t *testing.T) {
	tests := []struct {
		name string
		args []string
		env  string
		want string
	}{
		{"not a CIDR", []string{"-allow-server-checks", "lan"}, "", `"lan" is not a CIDR or an address`},
		{"metadata", []string{"-allow-server-checks", "10.0.0.0/8,169.254.169.254"}, "", "never allowed"},
		{"everything", []string{"-allow-server-checks", "0.0.0.0/0"}, "", "never allowed"},
		{"from the environment", nil, "fe80::/10", "never allowed"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.env != "" {
				t.Setenv("PLAYGROUND_ALLOW_SERVER_CHECKS", tt.env)
			}
			var stderr bytes.Buffer
			code := runServe(tt.args, &stderr)
			if code != 2 || !strings.Contains(stderr.String(), tt.want) {
				t.Errorf("exit %d, stderr %q; want 2 and %q", code, stderr.String(), tt.want)
			}
		})
	}
}
