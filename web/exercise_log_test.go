package web

import (
	"encoding/json"
	"fmt"
	"net/url"
	"strings"
	"testing"

	"github.com/mcpplayground/playground/internal/exercise"
	"github.com/mcpplayground/playground/internal/i18n"
)

// A log exercise in the page: every message of the log with who sent it
// and "nothing wrong" chosen; the learner marks the planted mistakes and
// passes, or marks a message that is fine and reads why not.
func TestLogExercisePage(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t, Config{})
	ex := e.exerciseOfKind(t, exercise.KindLog)
	b := newBrowser(t, e.serve(t))
	page := b.get("/fr/exercises/" + ex.ID)
	mustContain(t, "log exercise (fr)", page.body, escapeText("Message 1 (client → serveur)\u00a0: un problème\u00a0?"),
		`name="item-1" value="ok" checked`, "Rien à redire")
	// Each rule is offered by its title, in French, with its code beside.
	for _, ch := range ex.TextIn(i18n.FR).Choices[1:] {
		if !strings.Contains(string(ch.Label), "<code>"+ch.Value+"</code>") || strings.HasPrefix(string(ch.Label), "<code>") {
			t.Errorf("choice %s is labelled %q, not by its rule's title with the code beside", ch.Value, ch.Label)
		}
	}
	if strings.Contains(page.body, "client → server") {
		t.Errorf("the French page says who sent a message in English")
	}

	form := url.Values{}
	for i := 1; i <= ex.Items(); i++ {
		form.Set(fmt.Sprintf("item-%d", i), "ok")
	}
	// Nothing marked: the planted mistakes are missed, and the feedback
	// of the first one is shown.
	var planted *exercise.Check
	for _, c := range ex.Checks {
		if !c.Implicit && planted == nil {
			planted = c
		}
	}
	missed := b.postForm("/en/exercises/"+ex.ID, form)
	if missed.status == 303 {
		missed = b.get(missed.header.Get("Location"))
	}
	if missed.status != 200 || !strings.Contains(missed.body, "which request used it before") {
		t.Errorf("nothing marked: status %d, and the feedback of the first planted mistake is not shown", missed.status)
	}
	var solution struct{ Answers []string }
	if err := json.Unmarshal([]byte(ex.Solutions[0]), &solution); err != nil {
		t.Fatal(err)
	}
	res := b.attempt(ex.ID, ex.Solutions[0])
	if !res.Passed {
		t.Errorf("the solution of %s fails: %+v", ex.ID, res)
	}
	// A message that is fine, marked wrong, fails with its own feedback.
	wrong := strings.Replace(ex.Solutions[0], `"ok"`, `"`+solution.Answers[len(solution.Answers)-1]+`"`, 1)
	if res := b.attempt(ex.ID, wrong); res.Passed {
		t.Errorf("marking a message that is fine passed")
	}
}
