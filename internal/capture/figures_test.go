package capture

import (
	"fmt"
	"sort"
	"strings"
	"testing"
)

// figures counts the verdicts per peer pair, transport and revision.
type figures struct {
	groups map[string]*figure
}

type figure struct {
	captured, schemaOK, valid, rejected, schemaRejects, lenient int
	reasons                                                     map[string]int // "code pointer (method)" of schema-valid messages the checker rejects
}

func newFigures() *figures { return &figures{groups: map[string]*figure{}} }

func (f *figures) add(s session, v verdict) {
	key := s.Pair + " " + s.Transport + " " + s.Revision
	g := f.groups[key]
	if g == nil {
		g = &figure{reasons: map[string]int{}}
		f.groups[key] = g
	}
	g.captured++
	if v.valid {
		g.valid++
	}
	switch {
	case v.schemaOK:
		g.schemaOK++
		if !v.valid {
			g.rejected++
			for _, e := range v.errors {
				g.reasons[fmt.Sprintf("%s (%s %s %s)", e, v.from, v.kind, v.method)]++
			}
		}
	default:
		g.schemaRejects++
		if v.valid {
			g.lenient++
		}
	}
}

// log prints the figures the issue asks for: messages captured, accepted,
// rejected, and each rejection's reason.
func (f *figures) log(t *testing.T) {
	keys := make([]string, 0, len(f.groups))
	for k := range f.groups {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	var total figure
	for _, k := range keys {
		g := f.groups[k]
		fmt.Fprintf(&b, "\n%-36s captured %4d, schema accepts %4d, checker accepts %4d, schema-valid rejected %3d, schema rejects %3d (checker accepts %d of them)",
			k, g.captured, g.schemaOK, g.valid, g.rejected, g.schemaRejects, g.lenient)
		reasons := make([]string, 0, len(g.reasons))
		for r := range g.reasons {
			reasons = append(reasons, r)
		}
		sort.Strings(reasons)
		for _, r := range reasons {
			fmt.Fprintf(&b, "\n    %3d × %s", g.reasons[r], r)
		}
		total.captured += g.captured
		total.schemaOK += g.schemaOK
		total.valid += g.valid
		total.rejected += g.rejected
		total.schemaRejects += g.schemaRejects
	}
	fmt.Fprintf(&b, "\nall: captured %d, schema accepts %d, checker accepts %d, schema-valid rejected %d (%.1f %%), schema rejects %d",
		total.captured, total.schemaOK, total.valid, total.rejected, 100*float64(total.rejected)/float64(max(total.schemaOK, 1)), total.schemaRejects)
	t.Log(b.String())
}
