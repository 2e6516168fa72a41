package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/mcpplayground/playground/internal/grader"
	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/internal/servercheck"
)

// checkServerWords are the labels of check-server's text report.
var checkServerWords = map[i18n.Lang]map[string]string{
	i18n.EN: {"sent": "sent", "received": "received", "problem": "problem", "checker": "checker", "warning": "warning", "stderr": "server log",
		"skipped": "skipped", "summary": "%d passed, %d failed, %d skipped", "exercise": "Exercise", "none": "(nothing)", ":": ":"},
	i18n.FR: {"sent": "envoyé", "received": "reçu", "problem": "problème", "checker": "vérificateur", "warning": "avertissement", "stderr": "journal du serveur",
		"skipped": "sautée", "summary": "Étapes réussies\u00a0: %d, échouées\u00a0: %d, sautées\u00a0: %d", "exercise": "Exercice", "none": "(rien)", ":": "\u00a0:"},
}

// maxShown and maxShownPassed bound a message printed in the text report,
// for a failed step and for one that passed.
const (
	maxShown       = 2000
	maxShownPassed = 240
)

// printResult prints one exercise's verdict for a person: a tick, a cross or
// a dash per step, what was sent and received, and why a step failed.
func printResult(w io.Writer, res *servercheck.Result, l i18n.Lang) {
	words := checkServerWords[l]
	fmt.Fprintf(w, "%s %s%s %s (%s)\n", words["exercise"], res.Exercise, words[":"], res.Title, res.Protocol)
	if res.Skipped != "" && len(res.Steps) == 0 {
		fmt.Fprintf(w, "  – %s\n\n", res.Skipped)
		return
	}
	var passed, failed, skipped int
	lastReason := "" // the reason of the skipped steps just above, said once
	for _, sr := range res.Steps {
		if sr.Absent() {
			continue // another step stands for it in this revision
		}
		if sr.Status != servercheck.StatusSkipped {
			lastReason = ""
		}
		switch sr.Status {
		case servercheck.StatusPassed:
			passed++
			mark := "✔"
			if sr.Warning != "" {
				mark = "⚠"
			}
			fmt.Fprintf(w, "%s %s%s %s\n", mark, sr.Name, words[":"], sr.Title)
		case servercheck.StatusSkipped:
			skipped++
			if sr.Reason == lastReason {
				fmt.Fprintf(w, "– %s%s %s (%s)\n", sr.Name, words[":"], sr.Title, words["skipped"])
			} else {
				fmt.Fprintf(w, "– %s%s %s (%s%s %s)\n", sr.Name, words[":"], sr.Title, words["skipped"], words[":"], sr.Reason)
			}
			lastReason = sr.Reason
			continue
		default:
			failed++
			fmt.Fprintf(w, "✘ %s%s %s\n", sr.Name, words[":"], sr.Title)
		}
		printStep(w, sr, words)
	}
	fmt.Fprintf(w, words["summary"]+"\n", passed, failed, skipped)
	if res.Skipped != "" {
		fmt.Fprintf(w, "– %s\n", res.Skipped)
	}
	fmt.Fprintln(w)
}

func printStep(w io.Writer, sr servercheck.StepResult, words map[string]string) {
	limit := maxShown
	if sr.Status == servercheck.StatusPassed {
		limit = maxShownPassed
	}
	if sr.Sent != "" {
		fmt.Fprintf(w, "    %s%s %s\n", words["sent"], words[":"], shown(sr.Sent, limit))
	}
	received := sr.Received
	if received == "" {
		received = words["none"]
	}
	fmt.Fprintf(w, "    %s%s %s\n", words["received"], words[":"], shown(received, limit))
	if sr.Warning != "" {
		fmt.Fprintf(w, "    %s%s %s\n", words["warning"], words[":"], sr.Warning)
	}
	if sr.Status != servercheck.StatusFailed {
		return
	}
	for _, p := range sr.Problems {
		fmt.Fprintf(w, "    %s%s %s\n", words["problem"], words[":"], p)
	}
	for _, c := range sr.Checks {
		if c.Passed {
			continue
		}
		fmt.Fprintf(w, "    ✘ %s\n", c.Message)
		if c.Feedback != "" {
			fmt.Fprintf(w, "      %s\n", c.Feedback)
		}
	}
	if sr.Report != nil {
		for _, d := range sr.Report.Diagnostics {
			if d.Severity == grader.SeverityError {
				fmt.Fprintf(w, "    %s%s %s (%s, %s)\n", words["checker"], words[":"], d.Message, d.Code, d.Pointer)
			}
		}
	}
	if sr.Stderr != "" {
		fmt.Fprintf(w, "    %s%s\n      %s\n", words["stderr"], words[":"], strings.ReplaceAll(strings.TrimRight(sr.Stderr, "\n"), "\n", "\n      "))
	}
}

func shown(s string, limit int) string {
	if r := []rune(s); len(r) > limit {
		return string(r[:limit]) + "…"
	}
	return s
}
