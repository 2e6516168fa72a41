package exercise

import (
	"regexp"
	"strings"
)

// URI equivalence for the uri check: two URIs are the same when their
// normal forms are (RFC 3986, section 6.2.2 and 6.2.3; RFC 8089 for
// file). The normal form lowers the scheme and the host, writes
// percent-encoded unreserved characters as themselves and the others with
// upper-case hex, removes dot segments, drops a default port and an empty
// one, writes an empty http(s) path as "/", and writes file://localhost/x
// and file:/x as file:///x. A trailing slash is kept: /a and /a/ are two
// URIs.

// uriRE splits a URI into its five parts (RFC 3986, appendix B), with a
// scheme required.
var uriRE = regexp.MustCompile(`^([A-Za-z][A-Za-z0-9+.\-]*):(//([^/?#]*))?([^?#]*)(\?[^#]*)?(#.*)?$`)

var defaultPorts = map[string]string{"http": "80", "https": "443", "ws": "80", "wss": "443", "ftp": "21"}

// normalURI returns the normal form of an absolute URI; ok is false when s
// is not one (no scheme, spaces, control characters).
func normalURI(s string) (string, bool) {
	if s == "" || strings.ContainsFunc(s, func(r rune) bool { return r <= ' ' || r == 0x7f }) {
		return "", false
	}
	m := uriRE.FindStringSubmatch(s)
	if m == nil {
		return "", false
	}
	scheme, hasAuth, auth, path := strings.ToLower(m[1]), m[2] != "", m[3], m[4]
	if scheme == "file" && !hasAuth && strings.HasPrefix(path, "/") {
		hasAuth = true // file:/x is file:///x (RFC 8089, section 2)
	}
	var b strings.Builder
	b.WriteString(scheme + ":")
	if hasAuth {
		a, ok := normalAuthority(scheme, auth)
		if !ok {
			return "", false
		}
		b.WriteString("//" + a)
		if path == "" && (scheme == "http" || scheme == "https") {
			path = "/"
		}
	}
	path = percentNormal(path)
	if hasAuth || strings.HasPrefix(path, "/") {
		path = removeDotSegments(path)
	}
	b.WriteString(path + percentNormal(m[5]) + percentNormal(m[6]))
	return b.String(), true
}

// normalAuthority lowers the host, drops a default or empty port, and
// writes file's localhost as the empty host; ok is false when the port is
// not a number or the host holds a colon outside brackets.
func normalAuthority(scheme, auth string) (string, bool) {
	user, host := "", auth
	if i := strings.LastIndexByte(auth, '@'); i >= 0 {
		user, host = percentNormal(auth[:i+1]), auth[i+1:]
	}
	port := ""
	if i := strings.LastIndexByte(host, ':'); i >= 0 && !strings.Contains(host[i:], "]") {
		host, port = host[:i], host[i+1:]
	}
	if !allDigits(port) || (strings.Contains(host, ":") && !strings.HasPrefix(host, "[")) {
		return "", false
	}
	host = strings.ToLower(percentNormal(host))
	if port == defaultPorts[scheme] {
		port = ""
	}
	if scheme == "file" && host == "localhost" {
		host = ""
	}
	if port != "" {
		host += ":" + port
	}
	return user + host, true
}

// percentNormal decodes percent-encoded unreserved characters and writes
// the other escapes with upper-case hex; a malformed escape stays.
func percentNormal(s string) string {
	if !strings.Contains(s, "%") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '%' || i+2 >= len(s) || !isHex(s[i+1]) || !isHex(s[i+2]) {
			b.WriteByte(s[i])
			continue
		}
		c := unhex(s[i+1])<<4 | unhex(s[i+2])
		if isUnreserved(c) {
			b.WriteByte(c)
		} else {
			b.WriteString("%" + strings.ToUpper(s[i+1:i+3]))
		}
		i += 2
	}
	return b.String()
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

func unhex(c byte) byte {
	switch {
	case c <= '9':
		return c - '0'
	case c <= 'F':
		return c - 'A' + 10
	}
	return c - 'a' + 10
}

func isUnreserved(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte("-._~", c) >= 0
}

// removeDotSegments is RFC 3986, section 5.2.4.
func removeDotSegments(in string) string {
	var out []string
	segs := strings.Split(in, "/")
	for i, seg := range segs {
		last := i == len(segs)-1
		switch seg {
		case ".":
			if last {
				out = append(out, "")
			}
		case "..":
			if len(out) > 1 || (len(out) == 1 && out[0] != "") {
				out = out[:len(out)-1]
			}
			if last {
				out = append(out, "")
			}
		default:
			out = append(out, seg)
		}
	}
	s := strings.Join(out, "/")
	if strings.HasPrefix(in, "/") && !strings.HasPrefix(s, "/") {
		s = "/" + s
	}
	return s
}

// sameURI reports whether two URIs are equivalent; a text that is not a
// URI is the same as nothing.
func sameURI(a, b string) bool {
	na, ok1 := normalURI(a)
	nb, ok2 := normalURI(b)
	return ok1 && ok2 && na == nb
}
