package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/mcpplayground/playground/internal/clientcheck"
	"github.com/mcpplayground/playground/internal/grader"
	"github.com/mcpplayground/playground/internal/i18n"
)

// checkClientWords are the labels of check-client's text report.
var checkClientWords = map[i18n.Lang]map[string]string{
	i18n.EN: {"client": "client", "server": "server", "rule": "rule", "problem": "problem", "checker": "checker", "look": "look at",
		"stderr": "client log", "skipped": "skipped", "summary": "%d passed, %d failed, %d skipped", "exercise": "Exercise",
		"omitted": "(%d more messages)", ":": ":"},
	i18n.FR: {"client": "client", "server": "serveur", "rule": "règle", "problem": "problème", "checker": "vérificateur", "look": "à regarder",
		"stderr": "journal du client", "skipped": "sautée", "summary": "Étapes réussies\u00a0: %d, échouées\u00a0: %d, sautées\u00a0: %d", "exercise": "Exercice",
		"omitted": "(%d messages de plus)", ":": "\u00a0:"},
}

// printClientResult prints one exercise's verdict for a person: a tick, a
// cross or a dash per step, the client's messages the step judged, and for
// a failure the checker's report and what to look at.
func printClientResult(w io.Writer, res *clientcheck.Result, l i18n.Lang) {
	words := checkClientWords[l]
	fmt.Fprintf(w, "%s %s%s %s (%s)\n", words["exercise"], res.Exercise, words[":"], res.Title, res.Protocol)
	if res.Skipped != "" {
		fmt.Fprintf(w, "  – %s\n\n", res.Skipped)
		return
	}
	var passed, failed, skipped int
	for _, sr := range res.Steps {
		switch sr.Status {
		case clientcheck.StatusPassed:
			passed++
			fmt.Fprintf(w, "✔ %s%s %s\n", sr.Name, words[":"], sr.Title)
		case clientcheck.StatusSkipped:
			skipped++
			fmt.Fprintf(w, "– %s%s %s (%s%s %s)\n", sr.Name, words[":"], sr.Title, words["skipped"], words[":"], sr.Reason)
			continue
		default:
			failed++
			fmt.Fprintf(w, "✘ %s%s %s\n", sr.Name, words[":"], sr.Title)
		}
		printClientStep(w, sr, words)
	}
	fmt.Fprintf(w, words["summary"]+"\n\n", passed, failed, skipped)
}

func printClientStep(w io.Writer, sr clientcheck.StepResult, words map[string]string) {
	failed := sr.Status == clientcheck.StatusFailed
	limit := maxShownPassed
	if failed {
		limit = maxShown
		if sr.Rule != "" {
			fmt.Fprintf(w, "    %s%s %s\n", words["rule"], words[":"], sr.Rule)
		}
	}
	for _, m := range sr.Messages {
		if m.From != grader.SenderClient && !failed {
			continue
		}
		fmt.Fprintf(w, "    %s%s %s\n", words[m.From], words[":"], shown(m.Message, limit))
		if !failed || m.Report == nil {
			continue
		}
		for _, d := range m.Report.Diagnostics {
			if d.Severity == grader.SeverityError {
				fmt.Fprintf(w, "      %s%s %s (%s, %s)\n", words["checker"], words[":"], d.Message, d.Code, d.Pointer)
			}
		}
	}
	if sr.Omitted > 0 {
		fmt.Fprintf(w, "    "+words["omitted"]+"\n", sr.Omitted)
	}
	if !failed {
		return
	}
	for _, p := range sr.Problems {
		fmt.Fprintf(w, "    %s%s %s\n", words["problem"], words[":"], p)
	}
	if sr.Look != "" {
		fmt.Fprintf(w, "    %s%s %s\n", words["look"], words[":"], sr.Look)
	}
	if sr.Stderr != "" {
		fmt.Fprintf(w, "    %s%s\n      %s\n", words["stderr"], words[":"], strings.ReplaceAll(strings.TrimRight(sr.Stderr, "\n"), "\n", "\n      "))
	}
}
