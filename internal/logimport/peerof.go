package logimport

import "regexp"

// submatchOf reads a server's name from a line's text with re: the text
// of its groups (the one that matched, when re has several), "" when re
// does not match. It is a lineStyle's peerOf for a format that names the
// server in its sentences.
func submatchOf(re *regexp.Regexp) func(text []byte) string {
	return func(text []byte) string {
		m := re.FindSubmatch(text)
		if m == nil {
			return ""
		}
		var name []byte
		for _, g := range m[1:] {
			name = append(name, g...)
		}
		return string(name)
	}
}
