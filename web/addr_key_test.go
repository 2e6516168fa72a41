package web

import "testing"

func TestAddrKey(t *testing.T) {
	for in, want := range map[string]string{
		"127.0.0.1":            "127.0.0.1",
		"10.1.2.3":             "10.1.2.3",
		"::ffff:10.1.2.3":      "10.1.2.3",
		"2001:db8:1:2::1":      "2001:db8:1:2::/64",
		"2001:db8:1:2:ffff::9": "2001:db8:1:2::/64",
		"2001:db8:1:3::1":      "2001:db8:1:3::/64",
		"fe80::1%eth0":         "fe80::/64",
		"::1":                  "::/64",
		"not an address":       "not an address",
	} {
		if got := addrKey(in); got != want {
			t.Errorf("addrKey(%q) = %q, want %q", in, got, want)
		}
	}
}
