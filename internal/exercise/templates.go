package exercise

import (
	"embed"
	"strconv"
	"strings"
)

// templates holds one starting file per kind, templates/<kind>.md, which
// "playground new exercise" writes: it passes check-content as it is (its
// checks, solutions and at least two wrong answers agree), and its TODO
// lines say what to fill in. A kind without its template fails the
// package's tests.
//
//go:embed templates/*.md
var templates embed.FS

// Template is the file a new exercise of kind k starts from, with its id,
// lesson and order filled in; ok is false for a kind that has none.
func (k Kind) Template(id, lesson string, order int) (text string, ok bool) {
	if def(k) == nil {
		return "", false
	}
	b, err := templates.ReadFile("templates/" + string(k) + ".md")
	if err != nil {
		return "", false
	}
	r := strings.NewReplacer("{{id}}", id, "{{lesson}}", lesson, "{{order}}", strconv.Itoa(order))
	return r.Replace(string(b)), true
}
