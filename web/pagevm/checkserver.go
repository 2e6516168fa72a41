package pagevm

import (
	"fmt"
	"html/template"
	"log/slog"
	"slices"
	"strings"

	"github.com/mcpplayground/playground/internal/exchange"
	"github.com/mcpplayground/playground/internal/exercise"
	"github.com/mcpplayground/playground/internal/grader"
	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/internal/markdown"
	"github.com/mcpplayground/playground/internal/servercheck"
	"github.com/mcpplayground/playground/web/view"
)

// maxCheckEvents bounds the timeline of one run: every step reads at most
// servercheck.MaxMessagesPerStep messages, and a run shows the latest.
const maxCheckEvents = 500

// CheckRun is one run of a server exercise as the page shows it: the steps
// so far, whose messages are the run's exchange's events (the check judged
// them once; the page shows that verdict), so the timeline and the diagram
// are the console's.
type CheckRun struct {
	Lang     i18n.Lang
	Ex       *exercise.Exercise
	Protocol string
	Recorded bool   // the verdict is stored
	Key      string // where the ended run is kept for its learner ("": not kept)

	steps    []servercheck.StepResult
	firstSeq []int
	done     bool
	passed   bool
	note     string // why the run was not graded ("" when it was)
	heard    bool   // the server sent a message (something MCP answered)
}

// NewCheckRun starts the page's record of a run of ex in protocol.
func NewCheckRun(l i18n.Lang, ex *exercise.Exercise, protocol string) *CheckRun {
	return &CheckRun{Lang: l, Ex: ex, Protocol: protocol}
}

// Heard tells whether the server sent a message: something MCP answered.
func (r *CheckRun) Heard() bool { return r.heard }

// Add records a step that ended.
func (r *CheckRun) Add(sr servercheck.StepResult) {
	first := 0
	for _, m := range sr.Messages {
		r.heard = r.heard || m.From == grader.SenderServer
	}
	if evs := sr.Events(); len(evs) > 0 {
		first = evs[0].Seq
	}
	r.steps = append(r.steps, sr)
	r.firstSeq = append(r.firstSeq, first)
}

// Events are the run's messages so far as its exchange holds them, in
// order, each once (a wait step shows again a notification an earlier
// step received), the latest maxCheckEvents.
func (r *CheckRun) Events() []exchange.Event {
	seen := map[int]bool{}
	var out []exchange.Event
	for _, sr := range r.steps {
		for _, e := range sr.Events() {
			if !seen[e.Seq] {
				seen[e.Seq] = true
				out = append(out, e)
			}
		}
	}
	slices.SortFunc(out, func(a, b exchange.Event) int { return a.Seq - b.Seq })
	if skip := len(out) - maxCheckEvents; skip > 0 {
		out = out[skip:]
	}
	return out
}

// Finish marks the run ended with its verdict.
func (r *CheckRun) Finish(res *servercheck.Result) {
	r.done, r.passed, r.note = true, res.Passed, res.Skipped
	if res.Protocol != "" {
		r.Protocol = res.Protocol
	}
}

// CheckResult lays out the run: the steps that ended, those still to come,
// and the exchange through the one component; log says why its diagram
// could not be drawn.
func CheckResult(log *slog.Logger, r *CheckRun) view.CheckServerResultVM {
	x := i18n.CheckServerFor(r.Lang)
	vm := view.CheckServerResultVM{
		X: x, XE: i18n.ExerciseFor(r.Lang), Title: r.Ex.TextIn(r.Lang).Title, Protocol: r.Protocol,
		Done: r.done, Passed: r.passed, Note: exercise.InlineHTML(r.note), Recorded: r.Recorded,
	}
	lastReason := ""
	for i, sr := range r.steps {
		if sr.Absent() {
			continue // another step stands for it in this revision
		}
		st := stepVM(x, r.Ex, sr, r.firstSeq[i])
		if sr.Status == servercheck.StatusSkipped && sr.Reason == lastReason {
			st.Reason = "" // said once, above, for the steps in a row it stopped
		}
		lastReason = ""
		if sr.Status == servercheck.StatusSkipped {
			lastReason = sr.Reason
		}
		vm.Steps = append(vm.Steps, st)
	}
	for _, st := range r.Ex.Steps[min(len(r.steps), len(r.Ex.Steps)):] {
		if r.done {
			break
		}
		if !st.RunsIn(r.Protocol) {
			continue
		}
		vm.Steps = append(vm.Steps, view.CheckServerStepVM{Name: st.Name, Title: st.Title(r.Lang), Status: "pending", StatusLabel: x.StepPending})
	}
	events := r.Events()
	ctx := ItemContext{Lang: r.Lang}
	vm.Exchange = view.ExchangeVM{W: ExchangeWords(i18n.ConsoleFor(r.Lang))}
	for _, ev := range events {
		it := ExchangeItem(ctx, ev)
		onPurpose(x, &it)
		fold(x, r.Lang, &it, ev.Raw)
		if r.Key != "" && len(ev.Raw) > MaxShownBytes {
			it.WholeURL, it.WholeLabel = checkMessageURL(r.Lang, r.Key, ev.Seq), x.WholeMessage
		}
		vm.Exchange.Items = append(vm.Exchange.Items, it)
	}
	lanes := *i18n.ConsoleFor(r.Lang)
	lanes.DiagramLearner, lanes.DiagramServer = x.DiagramClient, x.DiagramServer
	d := exchange.Diagram{}
	shown := events
	if skip := len(events) - MaxDiagramEvents; skip > 0 {
		d.Skipped, shown = skip, events[skip:]
	}
	for _, ev := range shown {
		d.Arrows = append(d.Arrows, exchange.ArrowOf(ev))
	}
	vm.Exchange.Diagram = diagramWith(log, &lanes, r.Lang, d)
	return vm
}

// MaxShownBytes bounds the text of one message on the check page: the
// HTML (and each streamed event) is built from previews, so a server that
// answers with megabytes costs the page kilobytes.
const MaxShownBytes = 8 << 10

// fold shows a long message as its beginning, with its size (the report
// beside it was written on the whole message).
func fold(x *i18n.CheckServerUI, l i18n.Lang, it *view.ExchangeItemVM, raw string) {
	if len(raw) <= MaxShownBytes {
		return
	}
	shown := strings.ToValidUTF8(raw[:MaxShownBytes], "")
	note := fmt.Sprintf(x.Folded, kib(l, len(shown)), kib(l, len(raw)))
	it.JSON = markdown.HighlightJSON(shown) + template.HTML(`<span class="tl-folded">… `+template.HTMLEscapeString(note)+`</span>`)
}

// kib writes a size in KiB (Kio in French), rounded up.
func kib(l i18n.Lang, n int) string {
	unit := "KiB"
	if l == i18n.FR {
		unit = "Kio"
	}
	return fmt.Sprintf("%d\u00a0%s", (n+1023)>>10, unit)
}

// onPurpose words the playground's own messages: on the check page the
// learner wrote the server, and what the client's messages break (an
// unknown method, a budget as a string) they break on purpose, to see how
// the server answers; nothing there is the learner's to fix, nor a fault
// of the playground's client.
func onPurpose(x *i18n.CheckServerUI, it *view.ExchangeItemVM) {
	if it.From != string(grader.SenderClient) || (len(it.Diagnostics) == 0 && len(it.Mentions) == 0) {
		return
	}
	it.Valid, it.Conversation, it.Mentions = true, false, nil
	it.ReportLabel, it.DiagSummary = x.OnPurposeLabel, x.OnPurposeLabel
	it.Diagnostics = []view.ExchangeDiagVM{{Severity: grader.SeverityInfo, Message: template.HTML(template.HTMLEscapeString(x.OnPurpose))}}
}

// stepVM is one step's verdict: on a failure, the checker's report and
// the checks' feedback, as an exercise shows them.
func stepVM(x *i18n.CheckServerUI, ex *exercise.Exercise, sr servercheck.StepResult, first int) view.CheckServerStepVM {
	vm := view.CheckServerStepVM{
		Name: sr.Name, Title: sr.Title, Status: string(sr.Status), FirstSeq: first, Reason: sr.Reason,
		Warning: exercise.InlineHTML(sr.Warning),
	}
	switch sr.Status {
	case servercheck.StatusPassed:
		vm.StatusLabel = x.StepPassed
	case servercheck.StatusFailed:
		vm.StatusLabel = x.StepFailed
	default:
		vm.StatusLabel = x.StepSkipped
	}
	for _, p := range sr.Problems {
		vm.Problems = append(vm.Problems, exercise.InlineHTML(p))
	}
	if sr.Status == servercheck.StatusFailed && sr.Report != nil {
		res := exercise.Result{Passed: false, Report: *sr.Report, Checks: unplaced(sr.Checks)}
		vm.Feedback = Feedback(ex, res, "")
		if vm.Feedback.First == nil && len(vm.Problems) == 0 {
			vm.Feedback = nil
		}
	}
	return vm
}

// unplaced drops the line and column of checks: they point into the
// server's reply, which the timeline shows, not into an editor.
func unplaced(checks []exercise.CheckResult) []exercise.CheckResult {
	out := make([]exercise.CheckResult, len(checks))
	for i, c := range checks {
		c.Line, c.Column = 0, 0
		out[i] = c
	}
	return out
}

// ServerExercisesOf lists the course's server exercises, in course order.
func ServerExercisesOf(exs []*exercise.Exercise) []*exercise.Exercise {
	var out []*exercise.Exercise
	for _, ex := range exs {
		if ex.Kind.Form() == exercise.FormServer {
			out = append(out, ex)
		}
	}
	return out
}

// CheckOptions are the form's choices.
func CheckOptions(l i18n.Lang, exs []*exercise.Exercise, exID, protocol string) (exOpts, protoOpts []view.SelectOption) {
	for i, ex := range exs {
		exOpts = append(exOpts, view.SelectOption{Value: ex.ID, Label: ex.TextIn(l).Title, Selected: ex.ID == exID || (exID == "" && i == 0)})
	}
	for _, rev := range servercheck.Revisions {
		label := rev
		if rev == grader.DefaultRevision {
			label = fmt.Sprintf("%s ✓", rev)
		}
		protoOpts = append(protoOpts, view.SelectOption{Value: rev, Label: label, Selected: rev == protocol || (protocol == "" && rev == grader.DefaultRevision)})
	}
	return exOpts, protoOpts
}

// checkMessageURL is where the whole text of message seq of a kept run is.
func checkMessageURL(l i18n.Lang, key string, seq int) string {
	return fmt.Sprintf("/%s/check-server/%s/messages/%d", l, key, seq)
}
