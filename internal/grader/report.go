package grader

import (
	"slices"
	"strings"

	"github.com/mcpplayground/playground/internal/i18n"
)

// clip keeps learner text short enough to quote in a message, and copies it (the
// report must not point into the caller's bytes).
func clip(s string) string {
	if len(s) > 60 {
		cut := 57
		for cut > 0 && s[cut]&0xC0 == 0x80 {
			cut--
		}
		return strings.Clone(s[:cut]) + "…"
	}
	return strings.Clone(s)
}

// finish orders the diagnostics, places them, marks the blocking one and renders
// them in the learner's language.
func (st *state) finish(rep *Report, src string, bom int, lang i18n.Lang) {
	if len(st.diags) == 0 {
		rep.Valid = true
		return
	}
	slices.SortStableFunc(st.diags, func(a, b diag) int { return a.off - b.off })
	// The brackets and keys messages refer to lie before the diagnostics: place
	// them all in one more pass over the text.
	var refs []int
	for _, d := range st.diags {
		if d.a.openedAt > 0 {
			refs = append(refs, d.a.openedAt-1)
		}
	}
	var refPos []Pos
	if len(refs) > 0 {
		slices.Sort(refs)
		refs = slices.Compact(refs)
		rc := newLineCursor(src, bom)
		for _, off := range refs {
			refPos = append(refPos, rc.at(off))
		}
	}
	lc := newLineCursor(src, bom)
	out := make([]Diagnostic, 0, len(st.diags))
	blockLayer := 1 << 10
	for _, d := range st.diags {
		if st.severity(d) == SeverityError && d.layer < blockLayer {
			blockLayer = d.layer
		}
	}
	blocked := false
	valid := true
	for _, d := range st.diags {
		pos := lc.at(d.off)
		if d.a.openedAt > 0 {
			i, _ := slices.BinarySearch(refs, d.a.openedAt-1)
			d.a.openPos = refPos[i]
		}
		sev := st.severity(d)
		if sev == SeverityError {
			valid = false
		}
		def := codeIndex[d.code]
		lesson := d.lesson
		if lesson == "" && def != nil {
			lesson = def.lesson
		}
		d.lesson = lesson
		out = append(out, Diagnostic{
			Code: d.code, Severity: sev, Pointer: d.ptr, Line: pos.Line, Column: pos.Column,
			Message: render(d, lang), Suggestion: suggestionText(d, lang), Lesson: lesson,
			Blocking: !blocked && sev == SeverityError && d.layer == blockLayer,
		})
		if out[len(out)-1].Blocking {
			blocked = true
		}
	}
	rep.Diagnostics = out
	rep.Valid = valid
}

func (st *state) severity(d diag) string {
	if d.sev != "" {
		return d.sev
	}
	if def := codeIndex[d.code]; def != nil {
		return def.sev
	}
	return SeverityError
}

func suggestionText(d diag, lang i18n.Lang) string {
	if d.sugg != omitSuggestion {
		return d.sugg
	}
	if lang == i18n.FR {
		return "retirez `" + d.a.field + "`"
	}
	return "leave `" + d.a.field + "` out"
}
