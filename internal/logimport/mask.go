package logimport

import (
	"bytes"
	"regexp"
	"strings"
	"unicode/utf8"
)

// secretPatterns find the secrets that turn up in pasted logs: bearer
// tokens, well-known API key shapes, and the values of JSON fields whose
// name says they are secret. The first group of each is the secret.
var secretPatterns = []*regexp.Regexp{
	regexp.MustCompile(`(?i)"(?:authorization|api[_-]?key|x-api-key|access[_-]?token|refresh[_-]?token|id[_-]?token|client[_-]?secret|password|passwd|secret|token|private[_-]?key)"\s*:\s*"((?:[^"\\]|\\.)+)"`),
	regexp.MustCompile(`(?i)\bbearer\s+([A-Za-z0-9._~+/=-]{6,})`),
	regexp.MustCompile(`\b((?:sk|pk|rk)-[A-Za-z0-9_-]{12,}|gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,}|xox[abprs]-[A-Za-z0-9-]{10,}|AKIA[0-9A-Z]{16}|AIza[0-9A-Za-z_-]{30,})`),
}

// secretHints are, for each pattern, texts one of which a match must hold
// (ASCII case folded): a cheap test that spares most messages the regular
// expressions, which would otherwise be most of the time spent reading a
// log.
var secretHints = [][]string{
	{`"auth`, `"api`, `"x-api`, `"access`, `"refresh`, `"id_token"`, `"id-token"`, `"idtoken"`, `"client`,
		`"pass`, `"secret"`, `"token"`, `"private`},
	{"bearer"},
	{"sk-", "pk-", "rk-", "ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_", "xox", "akia", "aiza"},
}

// mayHold reports whether folded (a text in lower case ASCII) holds one
// of hints.
func mayHold(folded []byte, hints []string) bool {
	for _, h := range hints {
		if bytes.Contains(folded, []byte(h)) {
			return true
		}
	}
	return false
}

// foldASCII writes raw in lower case ASCII into buf, reused.
func foldASCII(buf, raw []byte) []byte {
	buf = append(buf[:0], raw...)
	for i, c := range buf {
		buf[i] = lower(c)
	}
	return buf
}

func lower(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// keep is how many characters of a secret stay visible, so a learner can
// still tell two keys apart.
const keep = 4

// Mask hides the secrets in a message's text. Each hidden character
// becomes one "•", so lines and columns stay where they were.
func Mask(raw []byte) []byte {
	out, _ := maskWith(raw, nil)
	return out
}

// maskWith is Mask with a scratch buffer, returned for the next call.
func maskWith(raw, scratch []byte) ([]byte, []byte) {
	scratch = foldASCII(scratch, raw)
	for i, re := range secretPatterns {
		if !mayHold(scratch, secretHints[i]) || !re.Match(raw) {
			continue
		}
		raw = re.ReplaceAllFunc(raw, func(m []byte) []byte {
			g := re.FindSubmatchIndex(m)
			out := append([]byte{}, m[:g[2]]...)
			out = append(out, hide(m[g[2]:g[3]])...)
			return append(out, m[g[3]:]...)
		})
	}
	return raw, scratch
}

// hide keeps the first characters of s (after a "Bearer " scheme) and
// replaces each of the others with one "•".
func hide(s []byte) []byte {
	out := make([]byte, 0, len(s)*3)
	if len(s) > 7 && strings.EqualFold(string(s[:7]), "bearer ") {
		out, s = append(out, s[:7]...), s[7:]
	}
	for i, n := 0, 0; i < len(s); n++ {
		_, size := utf8.DecodeRune(s[i:])
		if n < keep {
			out = append(out, s[i:i+size]...)
		} else {
			out = append(out, "•"...)
		}
		i += size
	}
	return out
}
