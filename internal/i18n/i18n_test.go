package i18n

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
)

func TestNegotiate(t *testing.T) {
	tests := []struct {
		header string
		want   Lang
	}{
		{"", EN},
		{"fr-FR,fr;q=0.9,en;q=0.8", FR},
		{"en-US,en;q=0.9,fr;q=0.8", EN},
		{"de-DE,de;q=0.9,fr;q=0.5", FR},
		{"de, ja", EN},
		{"en;q=0.2, fr;q=0.7", FR},
		{"fr;q=0, en", EN},
		{"FR-ca", FR},
		{";;;,,q=", EN},
		{"de, fr;q=0.8", FR},
		{"de, fr;q=0.8, en;q=0.9", EN},
		{"*", EN},
		{strings.Repeat("de,", 100) + "fr", EN}, // over MaxAcceptLanguage: ignored
	}
	for pass := range 2 { // the second from Match's memo
		for _, tt := range tests {
			if got := Negotiate(tt.header); got != tt.want {
				t.Errorf("pass %d: Negotiate(%q) = %q, want %q", pass+1, tt.header, got, tt.want)
			}
		}
	}
}

// Match's memo keeps at most matchMemoSize headers, and a header past
// the bound is still read right.
func TestMatchMemoBounded(t *testing.T) {
	for i := range matchMemoSize + 50 {
		h := fmt.Sprintf("de-x-%d, fr;q=0.5", i)
		if l, ok := Match(h); !ok || l != FR {
			t.Fatalf("Match(%q) = %q, %v; want fr", h, l, ok)
		}
	}
	kept := 0
	matchMemo.answers.Range(func(any, any) bool { kept++; return true })
	if kept > matchMemoSize {
		t.Errorf("the memo keeps %d headers, want at most %d", kept, matchMemoSize)
	}
}

// Every UI string exists in both languages, and French typography puts a
// non-breaking space before high punctuation.
func TestUIComplete(t *testing.T) {
	for _, l := range All {
		v := reflect.ValueOf(*UIFor(l))
		for i := 0; i < v.NumField(); i++ {
			s := v.Field(i).String()
			name := v.Type().Field(i).Name
			if strings.TrimSpace(s) == "" {
				t.Errorf("%s: %s is empty", l, name)
			}
			if l == FR {
				for _, p := range []string{" :", " ;", " ?", " !"} {
					if strings.Contains(s, p) {
						t.Errorf("fr: %s has an ordinary space before %q: %q", name, p[1:], s)
					}
				}
			}
		}
	}
}
