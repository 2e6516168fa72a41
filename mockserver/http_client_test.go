package mockserver

import (
	"net/http/httptest"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// The bounds per client are kept per address: an IPv6 host counts as its
// /64, and a router's address (behind a trusted proxy) wins.
func TestClientAddr(t *testing.T) {
	tests := []struct {
		remote, routed, want string
	}{
		{"192.0.2.7:51000", "", "192.0.2.7"},
		{"[2001:db8:1:2:aaaa::1]:51000", "", "2001:db8:1:2::/64"},
		{"[2001:db8:1:2:bbbb::9]:443", "", "2001:db8:1:2::/64"},
		{"[::ffff:192.0.2.8]:51000", "", "192.0.2.8"},
		{"127.0.0.1:51000", "203.0.113.5", "203.0.113.5"},
		{"127.0.0.1:51000", "2001:db8::5", "2001:db8::/64"},
		{"pipe", "", "pipe"},
	}
	var got, want []string
	for _, tt := range tests {
		r := httptest.NewRequest("POST", "/mcp", nil)
		r.RemoteAddr = tt.remote
		if tt.routed != "" {
			r = r.WithContext(WithClientAddr(r.Context(), tt.routed))
		}
		got = append(got, ClientAddr(r))
		want = append(want, tt.want)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("client addresses (-want +got):\n%s", diff)
	}
}
