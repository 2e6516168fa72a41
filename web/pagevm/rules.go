package pagevm

import (
	"slices"

	"github.com/mcpplayground/playground/internal/course"
	"github.com/mcpplayground/playground/internal/exercise"
	"github.com/mcpplayground/playground/internal/grader"
	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/internal/markdown"
	"github.com/mcpplayground/playground/internal/rules"
	"github.com/mcpplayground/playground/web/view"
)

// This file turns the rule book into the view models of the rules pages.

// groupHeading is the heading of a group of rules (its prefix).
func groupHeading(r *i18n.RulesUI, name string) string {
	switch name {
	case "json":
		return r.GroupJSON
	case "jsonrpc":
		return r.GroupJSONRPC
	case "mcp":
		return r.GroupMCP
	case "session":
		return r.GroupSession
	case "grader":
		return r.GroupGrader
	}
	return name
}

// severityLabel names a severity in the page's language.
func severityLabel(r *i18n.RulesUI, sev string) string {
	switch sev {
	case grader.SeverityError:
		return r.SevError
	case grader.SeverityWarning:
		return r.SevWarning
	}
	return r.SevInfo
}

// RuleList is the page of every rule of the book, by group.
func RuleList(l i18n.Lang, b *rules.Book) view.RuleListVM {
	r := i18n.RulesFor(l)
	vm := view.RuleListVM{R: r, Count: i18n.Sprintf(l, r.RuleCount, b.Len())}
	for _, g := range b.Groups() {
		gvm := view.RuleGroupVM{ID: "rules-" + g.Name, Heading: groupHeading(r, g.Name)}
		for _, rule := range g.Rules {
			gvm.Rules = append(gvm.Rules, view.RuleItemVM{
				Code: rule.Code, URL: RulesURL(l, rule.Code),
				Title: exercise.InlineHTML(rule.Title[l]), Severity: rule.Severity,
			})
		}
		vm.Groups = append(vm.Groups, gvm)
	}
	return vm
}

// Rule is the page of one rule: what it is and why, its examples with
// what the checker says of the wrong one (rules.Rule.Says), its lesson,
// and the exercises that practise it.
func Rule(l i18n.Lang, cat *course.Catalog, rule *rules.Rule) view.RuleVM {
	r := i18n.RulesFor(l)
	vm := view.RuleVM{
		R: r, Code: rule.Code, Title: exercise.InlineHTML(rule.Title[l]),
		Severity: rule.Severity, SeverityLabel: severityLabel(r, rule.Severity),
		Why: exercise.InlineHTML(rule.Why[l]), HasExamples: rule.HasExamples,
		ListURL: RulesURL(l, ""), ConsoleURL: "/" + string(l) + "/console",
	}
	if rule.HasExamples {
		vm.Wrong, vm.Right = exampleVM(r, rule.Wrong), exampleVM(r, rule.Right)
		vm.Says = exercise.InlineHTML(rule.Says(l))
	}
	if placed, ok := cat.Lesson(l, rule.Lesson); ok {
		vm.Lesson = &view.NavLink{URL: LessonURL(l, placed.Lesson.Slug), Title: placed.Lesson.Title}
	}
	vm.Practice = practising(l, cat, rule)
	return vm
}

// exampleVM is an example's messages, highlighted, each with its sender.
func exampleVM(r *i18n.RulesUI, ex rules.Example) view.RuleExampleVM {
	vm := view.RuleExampleVM{Conversation: len(ex.Messages) > 1}
	if ex.Request != "" {
		vm.Request = markdown.HighlightJSON(ex.Request)
	}
	for _, m := range ex.Messages {
		mv := view.RuleMessageVM{HTML: markdown.HighlightJSON(m.Raw)}
		switch m.From {
		case grader.SenderClient:
			mv.From = r.FromClient
		case grader.SenderServer:
			mv.From = r.FromServer
		}
		vm.Messages = append(vm.Messages, mv)
	}
	return vm
}

// practising lists the exercises whose starter trips the rule; when none
// does, the exercises of the rule's lesson.
func practising(l i18n.Lang, cat *course.Catalog, rule *rules.Rule) []view.NavLink {
	var out []view.NavLink
	for _, ex := range cat.Exercises() {
		if slices.Contains(ex.StarterCodes(), rule.Code) {
			out = append(out, view.NavLink{URL: ExerciseURL(l, ex.ID), Title: ex.TextIn(l).Title})
		}
	}
	if len(out) > 0 {
		return out
	}
	for _, ex := range cat.ExercisesFor(rule.Lesson) {
		out = append(out, view.NavLink{URL: ExerciseURL(l, ex.ID), Title: ex.TextIn(l).Title})
	}
	return out
}
