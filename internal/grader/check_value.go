package grader

import (
	"slices"
	"strconv"
	"strings"
)

// value checks v against sh. optional says whether the member could be left out,
// which turns a null into "leave it out".
func (st *state) value(v *Value, sh *shape, optional bool) {
	if sh.lesson != "" {
		saved := st.lesson
		st.lesson = sh.lesson
		defer func() { st.lesson = saved }()
	}
	got := typeOf(v)
	if !sh.types.accepts(got) {
		switch {
		case got == tNull && optional:
			st.fieldDiag(codeFieldNull, v, v.Pos.Offset, dargs{want: sh.types}, omitSuggestion)
		case got == tArr && sh.arrayCode != "":
			st.fieldDiag(sh.arrayCode, v, v.Pos.Offset, dargs{}, "")
		default:
			st.fieldDiag(codeFieldType, v, v.Pos.Offset, dargs{got: got, want: sh.types}, "")
		}
		return
	}
	switch v.Kind {
	case String:
		if len(sh.enum) > 0 && !slices.Contains(sh.enum, v.Str) {
			st.enumDiag(v, sh)
		} else if sh.uri && !v.bad {
			switch {
			case strings.ContainsAny(v.Str, "{}"):
				// Checked first: "{id}" alone has no scheme either, but the
				// template is what the learner copied.
				st.fieldDiag(codeURITemplate, v, v.Pos.Offset, dargs{value: clip(v.Str)}, "")
			case !hasScheme(v.Str):
				st.fieldDiag(codeURIScheme, v, v.Pos.Offset, dargs{value: clip(v.Str)}, "")
			}
		}
	case Number:
		if v.bad {
			return
		}
		f := v.float()
		if (sh.hasMin && f < sh.min) || (sh.hasMax && f > sh.max) {
			st.fieldDiag(codeFieldRange, v, v.Pos.Offset, dargs{value: v.Raw, extra: rangeText(sh)}, "")
		}
	case Array:
		if sh.items != nil {
			for i, it := range v.Items {
				st.push(st.path[len(st.path)-1].key, i)
				st.value(it, sh.items, false)
				st.pop()
			}
		}
	case Object:
		st.object(v, sh)
	}
}

const omitSuggestion = "\x00omit"

func (st *state) enumDiag(v *Value, sh *shape) {
	if sh.enumCode != "" {
		d := diag{code: sh.enumCode, off: v.Pos.Offset, ptr: st.pointer(), layer: layerMCP, a: dargs{value: clip(v.Str), method: st.rev.name}}
		if sh.enumWarn {
			d.sev = SeverityWarning
		}
		if sh.enumCode == codeMetaVersionWrong {
			d.sugg = st.rev.name
		}
		st.add(d)
		return
	}
	if v.Str == "system" && slices.Contains(sh.enum, "assistant") {
		st.fieldDiag(codeRoleSystem, v, v.Pos.Offset, dargs{value: "system"}, "user")
		return
	}
	sugg := ""
	for _, e := range sh.enum {
		if strings.EqualFold(e, v.Str) {
			sugg = e
		}
	}
	if sugg == "" {
		sugg = nearest(v.Str, sh.enum)
	}
	st.fieldDiag(codeFieldEnum, v, v.Pos.Offset, dargs{value: clip(v.Str), extra: quoteList(sh.enum)}, sugg)
}

func rangeText(sh *shape) string {
	f := func(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }
	switch {
	case sh.hasMin && sh.hasMax:
		return "≥ " + f(sh.min) + ", ≤ " + f(sh.max)
	case sh.hasMin:
		return "≥ " + f(sh.min)
	}
	return "≤ " + f(sh.max)
}

func quoteList(vals []string) string {
	var b strings.Builder
	for i, v := range vals {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(`"` + v + `"`)
	}
	return b.String()
}

// hasScheme reports whether a URI starts with a scheme ("file:", "https:"…).
func hasScheme(s string) bool {
	i := strings.IndexByte(s, ':')
	if i <= 0 {
		return false
	}
	for j := 0; j < i; j++ {
		c := s[j]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || (j > 0 && (isDigit(c) || c == '+' || c == '-' || c == '.'))) {
			return false
		}
	}
	return true
}
