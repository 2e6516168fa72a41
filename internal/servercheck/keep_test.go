package servercheck

import (
	"github.com/mcpplayground/playground/internal/grader"
	"strings"
	"testing"
)

// A step keeps at most MaxKeptBytesPerStep of server messages for its
// timeline, and always its reply and what the playground sent.
func TestStepKeepsBoundedMessages(t *testing.T) {
	var sr StepResult
	big := strings.Repeat("x", 512<<10)
	sr.keep(Message{From: grader.SenderClient, Message: "{}"}, true)
	for i := 0; i < 10; i++ {
		sr.keep(Message{From: grader.SenderServer, Message: big}, false)
	}
	sr.keep(Message{From: grader.SenderServer, Message: big}, true)
	kept := 0
	for _, m := range sr.Messages {
		kept += len(m.Message)
	}
	if kept > MaxKeptBytesPerStep+len(big)+2 {
		t.Errorf("kept %d bytes, want at most %d", kept, MaxKeptBytesPerStep+len(big)+2)
	}
	if sr.Omitted != 7 { // 3 notifications of 512 KiB fit beside 2 bytes in 2 MiB
		t.Errorf("omitted %d, want 7", sr.Omitted)
	}
	if last := sr.Messages[len(sr.Messages)-1]; last.Message != big {
		t.Error("the reply was not kept")
	}
}
