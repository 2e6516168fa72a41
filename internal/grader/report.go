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
// them in every language (the learner's in Message and Suggestion, the
// others kept for Report.In).
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
	ts := make([]texts, len(st.diags))
	blockLayer := 1 << 10
	for _, d := range st.diags {
		if st.severity(d) == SeverityError && d.layer < blockLayer {
			blockLayer = d.layer
		}
	}
	blocked := false
	valid := true
	for i, d := range st.diags {
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
		ts[i].render(d)
		t := ts[i][langIndex(lang)]
		out = append(out, Diagnostic{
			Code: d.code, Severity: sev, Pointer: d.ptr, Line: pos.Line, Column: pos.Column,
			Message: t.message, Suggestion: t.suggestion, Lesson: lesson,
			Blocking: !blocked && sev == SeverityError && d.layer == blockLayer,
			texts:    &ts[i],
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

// catalogLangs are the languages the catalog writes, in the order of its
// texts (English, then French): every diagnostic is rendered in each.
var catalogLangs = [2]i18n.Lang{i18n.EN, i18n.FR}

// langIndex is lang's place in catalogLangs; a language the catalog does
// not write is English, as Check answers it.
func langIndex(lang i18n.Lang) int {
	if lang == i18n.FR {
		return 1
	}
	return 0
}

// text is what a diagnostic says in one language.
type text struct{ message, suggestion string }

// texts is what a diagnostic says in each language of catalogLangs. The
// judge renders them once, when it is done; In hands them out, so that a
// report is read in another language without judging the message again.
type texts [len(catalogLangs)]text

// holds reports whether message and suggestion are what t says in one of
// its languages: a diagnostic that a caller changed after the judge (a hint
// withheld) is not the judge's any more, and In leaves it as it is.
func (t *texts) holds(message, suggestion string) bool {
	for _, x := range t {
		if x.message == message && x.suggestion == suggestion {
			return true
		}
	}
	return false
}

// In is d in lang: its message and suggestion as the judge wrote them in
// that language. A diagnostic the judge did not write (decoded from JSON,
// written by hand) or that was changed since is returned as it is.
func (d Diagnostic) In(lang i18n.Lang) Diagnostic {
	if d.texts == nil || !d.texts.holds(d.Message, d.Suggestion) {
		return d
	}
	t := d.texts[langIndex(lang)]
	d.Message, d.Suggestion = t.message, t.suggestion
	return d
}

// In is r in lang: each diagnostic as Diagnostic.In gives it, in a new
// slice (r's is not changed). Nothing is judged again: a report judged in
// English reads in French, conversation diagnostics included.
func (r Report) In(lang i18n.Lang) Report {
	if len(r.Diagnostics) == 0 {
		return r
	}
	ds := make([]Diagnostic, len(r.Diagnostics))
	for i, d := range r.Diagnostics {
		ds[i] = d.In(lang)
	}
	r.Diagnostics = ds
	return r
}

// In is f in lang, as Diagnostic.In gives a diagnostic.
func (f Finding) In(lang i18n.Lang) Finding {
	if f.texts == nil || !f.texts.holds(f.Message, "") {
		return f
	}
	f.Message = f.texts[langIndex(lang)].message
	return f
}

// Says is f saying, in lang, what say gives for lang, and in every other
// language what say gives for it (In): a finding written outside the
// checker, a log's problem, reads in every language as the checker's do.
func (f Finding) Says(lang i18n.Lang, say func(i18n.Lang) string) Finding {
	t := new(texts)
	for li, l := range catalogLangs {
		t[li] = text{message: say(l)}
	}
	f.Message, f.texts = t[langIndex(lang)].message, t
	return f
}

// Finding is d as a finding about msgs, with its other languages (In):
// the inverse of Finding.Diagnostic.
func (d Diagnostic) Finding(msgs []int) Finding {
	f := Finding{Code: d.Code, Severity: d.Severity, Messages: msgs, Message: d.Message, Lesson: d.Lesson}
	if d.texts != nil && d.texts.holds(d.Message, d.Suggestion) {
		f.texts = new(texts)
		for li, x := range d.texts {
			f.texts[li] = text{message: x.message}
		}
	}
	return f
}

// Diagnostic is f as a diagnostic of the message it ends on, with its
// other languages (In).
func (f Finding) Diagnostic() Diagnostic {
	return Diagnostic{Code: f.Code, Severity: f.Severity, Message: f.Message, Lesson: f.Lesson, texts: f.texts}
}

// render writes what d says in every language into t: the messages in one
// string, grown once.
func (t *texts) render(d diag) {
	var b strings.Builder
	b.Grow(renderSize(d))
	var ends [len(catalogLangs)]int
	for li, l := range catalogLangs {
		renderTo(&b, d, l)
		ends[li] = b.Len()
	}
	all, start := b.String(), 0
	for li, l := range catalogLangs {
		t[li] = text{message: all[start:ends[li]], suggestion: suggestionText(d, l)}
		start = ends[li]
	}
}

// renderSize is about the size of d's messages in every language: their
// templates, the learner's text they quote, and room for a suggestion and
// the lesson's name.
func renderSize(d diag) int {
	def := codeIndex[d.code]
	if def == nil {
		return len(catalogLangs) * len(d.code)
	}
	quoted := len(d.a.field) + len(d.a.parent) + len(d.a.value) + len(d.a.method) + len(d.a.extra) + len(d.a.extraFr) +
		len(d.a.rev) + 2*len(d.sugg) + len(d.a.standIn)
	n := 0
	for li := range catalogLangs {
		n += len(def.msg[li]) + len(def.why[li]) + quoted + 64
	}
	return n
}

// renderAll renders d in every language, and gives its text in lang.
func renderAll(d diag, lang i18n.Lang) (string, *texts) {
	t := new(texts)
	t.render(d)
	return t[langIndex(lang)].message, t
}
