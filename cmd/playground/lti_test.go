package main

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"
)

// The registration command line an LMS administrator (and the external
// platform emulator) types: add-platform prints the tool's URLs, list
// shows the platform, remove forgets it; bad input says what is wrong.
func TestLTIPlatformCommands(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "lti.db")
	cli := func(args ...string) (int, string, string) {
		var out, errb bytes.Buffer
		code := run(args, strings.NewReader(""), &out, &errb)
		return code, out.String(), errb.String()
	}
	add := []string{"lti", "add-platform", "-db", db, "-issuer", "https://moodle.example.edu", "-client-id", "abc123", "-deployment", "7",
		"-auth-url", "https://moodle.example.edu/mod/lti/auth.php", "-token-url", "https://moodle.example.edu/mod/lti/token.php",
		"-jwks-url", "https://moodle.example.edu/mod/lti/certs.php", "-url", "https://play.example.edu"}
	code, out, errs := cli(add...)
	if code != 0 {
		t.Fatalf("add-platform = %d\n%s%s", code, out, errs)
	}
	for _, want := range []string{"Platform 1 registered", "https://play.example.edu/lti/login", "https://play.example.edu/lti/launch", "https://play.example.edu/lti/jwks"} {
		if !strings.Contains(out, want) {
			t.Errorf("add-platform's output lacks %q:\n%s", want, out)
		}
	}
	if code, out, _ = cli("lti", "list", "-db", db); code != 0 || !strings.Contains(out, "abc123") || !strings.Contains(out, "https://moodle.example.edu/mod/lti/certs.php") {
		t.Errorf("list = %d\n%s", code, out)
	}
	if code, out, _ = cli("lti", "rotate-key", "-db", db); code != 0 || !strings.Contains(out, "New signing key") {
		t.Errorf("rotate-key = %d\n%s", code, out)
	}
	for _, bad := range [][]string{
		{"lti", "add-platform", "-db", db, "-issuer", "moodle", "-client-id", "c", "-deployment", "1", "-auth-url", "x", "-token-url", "y", "-jwks-url", "z"},
		{"lti", "add-platform", "-db", db},
		{"lti", "remove", "-db", db, "one"},
		{"lti", "frobnicate"},
	} {
		if code, _, errs := cli(bad...); code != 2 || errs == "" {
			t.Errorf("%v = %d, %q; want 2 and a message", bad, code, errs)
		}
	}
	if code, out, _ = cli("lti", "remove", "-db", db, "1"); code != 0 || !strings.Contains(out, "removed") {
		t.Errorf("remove = %d\n%s", code, out)
	}
	if code, _, errs = cli("lti", "remove", "-db", db, "1"); code != 1 || !strings.Contains(errs, "no platform 1") {
		t.Errorf("second remove = %d %q", code, errs)
	}
	if code, out, _ = cli("lti", "list", "-db", db); code != 0 || strings.Contains(out, "abc123") {
		t.Errorf("list after remove = %d\n%s", code, out)
	}
}
