package netguard

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strconv"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestAllow(t *testing.T) {
	lan := NewPolicy([]netip.Prefix{netip.MustParsePrefix("10.0.0.0/8")})
	cases := []struct {
		addr string
		def  Reason // "" allowed
		lan  Reason
	}{
		{"127.0.0.1", "", ""},
		{"::1", "", ""},
		{"::ffff:127.0.0.1", "", ""},
		{"10.1.2.3", ReasonNotAllowed, ""},
		{"192.168.1.10", ReasonNotAllowed, ReasonNotAllowed},
		{"8.8.8.8", ReasonNotAllowed, ReasonNotAllowed},
		{"169.254.169.254", ReasonNever, ReasonNever},
		{"::ffff:169.254.169.254", ReasonNever, ReasonNever},
		{"fe80::1", ReasonNever, ReasonNever},
		{"fd00:ec2::254", ReasonNever, ReasonNever},
		{"100.100.100.200", ReasonNever, ReasonNever},
		{"0.0.0.0", ReasonNotAllowed, ReasonNotAllowed},
	}
	for _, c := range cases {
		a := netip.MustParseAddr(c.addr)
		got := [2]Reason{reason(NewPolicy(nil).Allow(a)), reason(lan.Allow(a))}
		if diff := cmp.Diff([2]Reason{c.def, c.lan}, got); diff != "" {
			t.Errorf("%s (-want +got):\n%s", c.addr, diff)
		}
	}
}

func reason(err error) Reason {
	if err == nil {
		return ""
	}
	re, ok := AsRefused(err)
	if !ok {
		return Reason("other: " + err.Error())
	}
	return re.Reason
}

func TestParseCIDRs(t *testing.T) {
	got, err := ParseCIDRs(" 10.0.0.0/8, 192.168.1.7 ,")
	if err != nil {
		t.Fatal(err)
	}
	want := []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8"), netip.MustParsePrefix("192.168.1.7/32")}
	if diff := cmp.Diff(want, got, cmp.Comparer(func(a, b netip.Prefix) bool { return a == b })); diff != "" {
		t.Error(diff)
	}
	for _, bad := range []string{"169.254.0.0/24", "0.0.0.0/0", "fe80::/64", "not-a-cidr"} {
		if _, err := ParseCIDRs(bad); err == nil {
			t.Errorf("ParseCIDRs(%q) accepted it", bad)
		}
	}
}

// fakeDNS answers from a map, and records how many times it was asked.
func fakeDNS(names map[string][]string) func(context.Context, string) ([]netip.Addr, error) {
	return func(_ context.Context, host string) ([]netip.Addr, error) {
		var out []netip.Addr
		for _, s := range names[host] {
			out = append(out, netip.MustParseAddr(s))
		}
		if out == nil {
			return nil, errors.New("no such host")
		}
		return out, nil
	}
}

func TestCheckURL(t *testing.T) {
	p := NewPolicy(nil).WithLookup(fakeDNS(map[string][]string{
		"localhost": {"127.0.0.1"}, "metadata.test": {"169.254.169.254"}, "both.test": {"127.0.0.1", "10.0.0.1"},
	}))
	cases := map[string]Reason{
		"http://127.0.0.1:3000/mcp":         "",
		"https://localhost/mcp":             "",
		"http://[::1]:8080/":                "",
		"http://169.254.169.254/latest":     ReasonNever,
		"http://metadata.test/mcp":          ReasonNever,
		"http://both.test/mcp":              ReasonNotAllowed,
		"http://93.184.216.34/mcp":          ReasonNotAllowed,
		"http://nowhere.test/mcp":           ReasonResolve,
		"file:///etc/passwd":                ReasonScheme,
		"ftp://127.0.0.1/":                  ReasonScheme,
		"javascript:alert(1)":               ReasonScheme,
		"127.0.0.1:3000":                    ReasonURL,
		"/mcp":                              ReasonURL,
		"http://user:pw@127.0.0.1:3000/mcp": ReasonURL,
	}
	for raw, want := range cases {
		_, err := p.CheckURL(context.Background(), raw)
		if got := reason(err); got != want {
			t.Errorf("CheckURL(%q) = %q (%v), want %q", raw, got, err, want)
		}
	}
}

// The dial hook judges the address actually dialled: a name that passed
// CheckURL and then resolves elsewhere (DNS rebinding), and a redirect to a
// refused address, are both refused.
func TestClientChecksTheDialledAddress(t *testing.T) {
	ok := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "hello") }))
	defer ok.Close()
	redirect := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "http://169.254.169.254/latest/meta-data/", http.StatusTemporaryRedirect)
	}))
	defer redirect.Close()
	port := ok.Listener.Addr().(interface{ String() string }).String()
	_, p, _ := splitPort(port)
	rebinding := 0
	pol := NewPolicy(nil).WithLookup(func(_ context.Context, host string) ([]netip.Addr, error) {
		if host == "rebind.test" {
			rebinding++
			if rebinding > 1 {
				return []netip.Addr{netip.MustParseAddr("169.254.169.254")}, nil
			}
		}
		return []netip.Addr{netip.MustParseAddr("127.0.0.1")}, nil
	})
	c := pol.Client()
	resp, err := c.Get(ok.URL)
	if err != nil {
		t.Fatalf("loopback refused: %v", err)
	}
	resp.Body.Close()
	if _, err := pol.CheckURL(context.Background(), "http://rebind.test:"+p+"/"); err != nil {
		t.Fatalf("first resolution refused: %v", err)
	}
	_, err = c.Get("http://rebind.test:" + p + "/")
	if got := reason(err); got != ReasonNever {
		t.Errorf("rebound name: %q (%v), want %q", got, err, ReasonNever)
	}
	_, err = c.Get(redirect.URL)
	if got := reason(err); got != ReasonNever {
		t.Errorf("redirect to metadata: %q (%v), want %q", got, err, ReasonNever)
	}
	// Without the URL check, the dial hook alone refuses the address.
	_, err = NewPolicy(nil).Client().Get("http://169.254.169.254/")
	if got := reason(err); got != ReasonNever {
		t.Errorf("direct metadata: %q (%v), want %q", got, err, ReasonNever)
	}
}

func splitPort(hostport string) (string, string, error) {
	ap, err := netip.ParseAddrPort(hostport)
	if err != nil {
		return "", "", err
	}
	return ap.Addr().String(), strconv.Itoa(int(ap.Port())), nil
}

// A check asked from another host reaches that host and the allow list,
// never loopback nor the playground's own addresses; one asked on the
// playground's own machine keeps loopback; nobody reaches the listener.
func TestPolicyForRequester(t *testing.T) {
	lan := NewPolicy([]netip.Prefix{netip.MustParsePrefix("192.168.1.0/24")})
	listener := netip.MustParseAddrPort("127.0.0.1:8080")
	own := []netip.Addr{netip.MustParseAddr("192.168.1.10")}
	local := lan.For(netip.MustParseAddr("127.0.0.1"), listener, own)
	remote := lan.For(netip.MustParseAddr("192.168.1.23"), listener, own)
	second := lan.For(netip.MustParseAddr("127.0.0.2"), listener, own)
	cases := []struct {
		addr                  string
		local, remote, second Reason
	}{
		{"127.0.0.1:3000", "", ReasonOwn, ReasonOwn},
		{"127.0.0.1:8080", ReasonOwn, ReasonOwn, ReasonOwn},
		{"192.168.1.10:8080", ReasonOwn, ReasonOwn, ReasonOwn},
		{"192.168.1.10:3000", "", ReasonOwn, ReasonOwn},
		{"192.168.1.23:3000", "", "", ""},
		{"192.168.1.77:3000", "", "", ""},
		{"127.0.0.2:3000", "", ReasonOwn, ""},
		{"[::1]:3000", "", ReasonOwn, ReasonOwn},
		{"10.0.0.5:3000", ReasonNotAllowed, ReasonNotAllowed, ReasonNotAllowed},
		{"169.254.169.254:80", ReasonNever, ReasonNever, ReasonNever},
	}
	for _, c := range cases {
		ap := netip.MustParseAddrPort(c.addr)
		got := [3]Reason{reason(local.AllowAddrPort(ap)), reason(remote.AllowAddrPort(ap)), reason(second.AllowAddrPort(ap))}
		if diff := cmp.Diff([3]Reason{c.local, c.remote, c.second}, got); diff != "" {
			t.Errorf("%s (-want +got):\n%s", c.addr, diff)
		}
	}
	if local.Remote() || !remote.Remote() || !second.Remote() {
		t.Errorf("remote: %v %v %v", local.Remote(), remote.Remote(), second.Remote())
	}
}

// A 302 (which turns the POST into a GET) is never followed by the guarded
// client, whatever its target: it cannot make the playground GET a path.
func TestClientFollowsNo302(t *testing.T) {
	gets := 0
	target := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { gets++ }))
	defer target.Close()
	redirect := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, target.URL+"/admin/secret", http.StatusFound)
	}))
	defer redirect.Close()
	resp, err := NewPolicy(nil).Client().Post(redirect.URL, "application/json", nil)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusFound || gets != 0 {
		t.Errorf("status %d, %d GETs of the target", resp.StatusCode, gets)
	}
}
