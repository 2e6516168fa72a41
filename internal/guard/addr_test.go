package guard

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestAddrKey(t *testing.T) {
	want := map[string]string{
		"127.0.0.1":            "127.0.0.1",
		"10.1.2.3":             "10.1.2.3",
		"::ffff:10.1.2.3":      "10.1.2.3",
		"2001:db8:1:2::1":      "2001:db8:1:2::/64",
		"2001:db8:1:2:ffff::9": "2001:db8:1:2::/64",
		"2001:db8:1:3::1":      "2001:db8:1:3::/64",
		"fe80::1%eth0":         "fe80::/64",
		"::1":                  "::/64",
		"not an address":       "not an address",
	}
	got := map[string]string{}
	for in := range want {
		got[in] = AddrKey(in)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("AddrKey (-want +got):\n%s", diff)
	}
}
