package servercheck

import (
	"strings"
	"testing"

	"github.com/mcpplayground/playground/internal/grader"
)

// A step keeps at most MaxKeptBytesPerStep of server messages for its
// timeline, the run at most MaxKeptBytesPerRun, and always what the
// playground sent and the step's reply: whole within the bounds, its
// beginning past them, with its size.
func TestStepKeepsBoundedMessages(t *testing.T) {
	t.Parallel()
	run := 0
	sr := StepResult{runKept: &run}
	note := strings.Repeat("x", 100<<10)
	big := strings.Repeat("y", 512<<10)
	sr.keep(Message{From: grader.SenderClient, Message: "{}"}, true)
	for i := 0; i < 10; i++ {
		sr.keep(Message{From: grader.SenderServer, Message: note}, false)
	}
	sr.keep(Message{From: grader.SenderServer, Message: big}, true)
	got := sr.received()
	if sr.Omitted != 8 { // 2 notifications of 100 KiB fit beside 2 bytes in 256 KiB
		t.Errorf("omitted %d, want 8", sr.Omitted)
	}
	last := sr.Messages[len(sr.Messages)-1]
	if len(got) != PreviewBytes || last.Message != got || last.Size != len(big) {
		t.Errorf("reply kept as %d bytes (size %d), want a %d-byte preview of %d", len(last.Message), last.Size, PreviewBytes, len(big))
	}
	// Later steps share the run's bound: past it, every reply is a preview.
	total := 0
	for i := 0; i < 20; i++ {
		next := StepResult{runKept: &run}
		next.keep(Message{From: grader.SenderServer, Message: strings.Repeat("z", 200<<10)}, true)
		for _, m := range next.Messages {
			total += len(m.Message)
		}
	}
	if run > MaxKeptBytesPerRun+20*PreviewBytes || total > MaxKeptBytesPerRun {
		t.Errorf("the run kept %d bytes (later steps %d), want at most %d", run, total, MaxKeptBytesPerRun)
	}
}
