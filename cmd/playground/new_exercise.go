package main

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/mcpplayground/playground/exercises"
	"github.com/mcpplayground/playground/internal/course"
	"github.com/mcpplayground/playground/internal/markdown"
)

// exerciseTemplates are the exercises "new exercise" writes, by kind: a
// ping request to write, or to repair, that passes check-content as it is
// and whose TODO lines say what to change. Other kinds start best from a
// bundled exercise of the kind (content export).
var exerciseTemplates = map[string]string{
	"write": `---
id: {{id}}
lesson: {{lesson}}
kind: write
protocol: 2025-11-25
order: {{order}}
solution_after: 2
# TODO: the course concepts it practises (exercises/course.yaml lists them).
concepts: [request-shape, ping]
# TODO: what a right answer must satisfy (internal/exercise/FORMAT.md).
checks:
  - kind: request
    feedback:
      en: A request carries an ` + "`id`" + `, which the response brings back.
      fr: Une requête porte un ` + "`id`" + `, que la réponse rapporte.
  - method: ping
  - id: any
---

# Solution

` + "```json" + `
{ "jsonrpc": "2.0", "id": "are-you-there", "method": "ping" }
` + "```" + `

# Wrong

TODO: a mistake a learner is likely to make. No ` + "`id`" + `: a notification, which nobody answers.

` + "```json" + `
{ "jsonrpc": "2.0", "method": "ping" }
` + "```" + `

TODO: another one. ` + "`\"id\": null`" + `, as some tutorials write "no id".

` + "```json" + `
{ "jsonrpc": "2.0", "id": null, "method": "ping" }
` + "```" + `

# en: TODO: the exercise's title

TODO: the statement. Write a ` + "`ping`" + ` request. Any valid ` + "`id`" + ` will do.

## Hints

1. TODO: a first hint. A request has ` + "`jsonrpc`, `id` and `method`" + `.
2. TODO: a second one. ` + "`ping`" + ` takes no ` + "`params`" + `.

# fr: TODO{{nbsp}}: le titre de l’exercice

TODO{{nbsp}}: l’énoncé. Écrivez une requête ` + "`ping`" + `. N’importe quel ` + "`id`" + ` valide convient.

## Indices

1. TODO{{nbsp}}: un premier indice. Une requête porte ` + "`jsonrpc`, `id` et `method`" + `.
2. TODO{{nbsp}}: un deuxième. ` + "`ping`" + ` ne prend pas de ` + "`params`" + `.
`,
}

func init() {
	// A fix exercise is the write one with a starter to repair.
	fix := strings.Replace(exerciseTemplates["write"], "kind: write", "kind: fix", 1)
	fix = strings.Replace(fix, "# Solution\n", "# Starter\n\nTODO: the broken message the learner repairs.\n\n```json\n{ \"jsonrpc\": \"2.0\", \"method\": \"ping\" }\n```\n\n# Solution\n", 1)
	fix = strings.Replace(fix, "Write a `ping` request. Any valid `id` will do.", "Repair this `ping` request: it must be answered.", 1)
	fix = strings.Replace(fix, "Écrivez une requête `ping`. N’importe quel `id` valide convient.", "Réparez cette requête `ping`{{nbsp}}: elle doit recevoir une réponse.", 1)
	exerciseTemplates["fix"] = fix
}

func newKinds() []string {
	var out []string
	for k := range exerciseTemplates {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

func newExercise(dir, id, kind, lesson string) ([]string, error) {
	tmpl, ok := exerciseTemplates[kind]
	if !ok {
		return nil, fmt.Errorf("-kind %q: new writes %s; for another kind, copy a bundled exercise of that kind (playground content export DIR) and change it", kind, strings.Join(newKinds(), " or "))
	}
	src := course.Extend(exercises.FS, os.DirFS(filepath.Join(dir, "exercises")), false)
	c, err := course.Load(extendedLessons(dir), src, markdown.New())
	if err != nil {
		return nil, fmt.Errorf("the course does not load: %w", err)
	}
	if !c.HasLesson(lesson) {
		return nil, fmt.Errorf("-lesson %q: no such lesson in the course (new lesson writes one)", lesson)
	}
	if _, ok := c.Exercise(id); ok {
		return nil, fmt.Errorf("an exercise %q exists already", id)
	}
	order := 1
	for _, ex := range c.ExercisesFor(lesson) {
		order = max(order, ex.Order+1)
	}
	text := strings.NewReplacer("{{id}}", id, "{{lesson}}", lesson, "{{order}}", fmt.Sprint(order), "{{nbsp}}", "\u00a0").Replace(tmpl)
	p := filepath.Join(dir, "exercises", id+".md")
	if err := writeNew(p, text); err != nil {
		return nil, err
	}
	return []string{p}, nil
}
