package capture

import (
	"bufio"
	"encoding/json"
	"fmt"
	"github.com/mcpplayground/playground/internal/grader"
	"io"
)

// MaxLine bounds one line of a capture, and one newline-delimited message on stdio.
const MaxLine = 4 << 20

// ReadRecords reads JSON Lines written by a Log, at most max records.
func ReadRecords(r io.Reader, max int) ([]Record, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), MaxLine)
	var out []Record
	for line := 1; sc.Scan(); line++ {
		if len(sc.Bytes()) == 0 {
			continue
		}
		if len(out) == max {
			return nil, fmt.Errorf("capture: more than %d records", max)
		}
		var rec Record
		if err := json.Unmarshal(sc.Bytes(), &rec); err != nil {
			return nil, fmt.Errorf("capture: line %d: %w", line, err)
		}
		if rec.From != grader.SenderClient && rec.From != grader.SenderServer {
			return nil, fmt.Errorf("capture: line %d: from is %q, want %q or %q", line, rec.From, grader.SenderClient, grader.SenderServer)
		}
		out = append(out, rec)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("capture: read records: %w", err)
	}
	return out, nil
}

// Raw is the message as the checker should see it: the JSON, or the text.
func (r Record) Raw() []byte {
	if r.Message != nil {
		return r.Message
	}
	return []byte(r.Text)
}
