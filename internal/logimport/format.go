package logimport

import (
	"fmt"
	"slices"
	"strings"

	"github.com/mcpplayground/playground/internal/i18n"
)

// Spec is one log format: how to tell it, how to read it, what to call it
// and a short sample of it. Each format is one file of this package that
// registers its Spec; the web page, the command line, the translations and
// docs/learners.md read the list from here (Known), so that a new format touches
// its own file and its tests.
type Spec struct {
	Name Format
	// Label names the format for a person, by language.
	Label map[i18n.Lang]string
	// Sample is a few lines as the tool writes them (no real names).
	Sample string
	// Client is true for an MCP client's own log (Cursor's, Claude
	// Desktop's…): one that holds no message still tells the server's
	// lifecycle, and is explained rather than refused.
	Client bool
	// rank orders detection: the lowest rank whose detect says yes wins;
	// ties go by name.
	rank   int
	detect func(s *sniff) bool
	read   func(r *reader, src []byte) error
}

// LabelIn is the format's name in l (English when l has none).
func (s Spec) LabelIn(l i18n.Lang) string {
	if v := s.Label[l]; v != "" {
		return v
	}
	return s.Label[i18n.EN]
}

// registry holds the formats in detection order; register keeps it so.
var registry []Spec

// register adds a format; each format's file calls it from init.
func register(s Spec) {
	if s.Name == "" || s.read == nil || s.Label[i18n.EN] == "" || s.Label[i18n.FR] == "" {
		panic(fmt.Sprintf("logimport: incomplete format %+v", s.Name))
	}
	registry = append(registry, s)
	slices.SortStableFunc(registry, func(a, b Spec) int {
		if a.rank != b.rank {
			return a.rank - b.rank
		}
		return strings.Compare(string(a.Name), string(b.Name))
	})
}

// Known lists the formats a user may name (auto aside), in the order the
// help shows them: alphabetical, by name.
func Known() []Spec {
	out := slices.Clone(registry)
	slices.SortFunc(out, func(a, b Spec) int { return strings.Compare(string(a.Name), string(b.Name)) })
	return out
}

// Names are the names a user may give -format, auto first.
func Names() []string {
	out := []string{string(FormatAuto)}
	for _, s := range Known() {
		out = append(out, string(s.Name))
	}
	return out
}

// Lookup returns the format named f.
func Lookup(f Format) (Spec, bool) {
	for _, s := range registry {
		if s.Name == f {
			return s, true
		}
	}
	return Spec{}, false
}

// ParseFormat returns the format named s ("" is FormatAuto).
func ParseFormat(s string) (Format, error) {
	if s == "" || s == string(FormatAuto) {
		return FormatAuto, nil
	}
	if _, ok := Lookup(Format(s)); ok {
		return Format(s), nil
	}
	return "", fmt.Errorf("%w: %q (known: %s)", ErrUnknownFormat, s, strings.Join(Names(), ", "))
}
