package i18n

import (
	"fmt"
	"strings"
)

// Sprintf formats like fmt.Sprintf, with plural forms: a group "{one|other}"
// takes the form the count before it calls for, that count being the
// integer argument of the nearest %d verb to its left. English takes "one"
// for 1 only; French for 0 and 1 as well (« 0 tentative », « 1 tentative »,
// « 2 tentatives »). "%d {learner|learners} · %d {attempt|attempts}".
func Sprintf(l Lang, format string, args ...any) string {
	if !strings.Contains(format, "{") {
		return fmt.Sprintf(format, args...)
	}
	var b strings.Builder
	arg, count := 0, -1
	for i := 0; i < len(format); i++ {
		ch := format[i]
		switch {
		case ch == '%' && i+1 < len(format) && format[i+1] == '%':
			b.WriteString("%%")
			i++
		case ch == '%' && i+1 < len(format):
			if format[i+1] == 'd' && arg < len(args) {
				count = toInt(args[arg])
			}
			arg++
			b.WriteByte(ch)
		case ch == '{':
			end := strings.IndexByte(format[i:], '}')
			one, other, ok := strings.Cut(format[i+1:i+max(end, 1)], "|")
			if end < 0 || !ok {
				b.WriteByte(ch)
				continue
			}
			if singular(l, count) {
				b.WriteString(one)
			} else {
				b.WriteString(other)
			}
			i += end
		default:
			b.WriteByte(ch)
		}
	}
	return fmt.Sprintf(b.String(), args...)
}

func singular(l Lang, n int) bool {
	if l == FR {
		return n == 0 || n == 1
	}
	return n == 1
}

func toInt(v any) int {
	switch n := v.(type) {
	case int:
		return n
	case int64:
		return int(n)
	case int32:
		return int(n)
	}
	return -1
}

// LangOf is the language of an instructor's strings (for Sprintf).
func (t *InstructorUI) LangOf() Lang {
	for l, s := range instructorUI {
		if s == t {
			return l
		}
	}
	return Default
}
