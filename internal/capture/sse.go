package capture

import (
	"bufio"
	"bytes"
	"fmt"
	"github.com/mcpplayground/playground/internal/grader"
	"io"
	"net/http"
)

// relayEvents passes an SSE stream on line by line, flushing each line, and
// records the data of each event (when it has any) just before the blank line
// that completes it reaches the client: the client cannot act on an event
// before it is recorded.
func (rec *Recorder) relayEvents(w http.ResponseWriter, body io.Reader, h HTTP) error {
	flush := http.NewResponseController(w)
	br := bufio.NewReaderSize(body, 64<<10)
	var data bytes.Buffer
	var id string
	for {
		line, err := readLine(br)
		if len(line) > 0 || err == nil {
			trimmed := bytes.TrimRight(line, "\r\n")
			if len(trimmed) == 0 && len(line) > 0 {
				if err := rec.event(&data, id, h); err != nil {
					return err
				}
				id = ""
			} else {
				field, value := splitField(trimmed)
				switch field {
				case "data":
					if data.Len() > 0 {
						data.WriteByte('\n')
					}
					if data.Len()+len(value) > MaxBody {
						return fmt.Errorf("capture: an SSE event over %d bytes", MaxBody)
					}
					data.Write(value)
				case "id":
					id = string(value)
				}
			}
			if _, werr := w.Write(line); werr != nil {
				return fmt.Errorf("capture: pass an SSE line on: %w", werr)
			}
			_ = flush.Flush()
		}
		if err == io.EOF {
			return rec.event(&data, id, h) // a stream may end without its blank line
		}
		if err != nil {
			return fmt.Errorf("capture: read an SSE stream: %w", err)
		}
	}
}

// event records the data of a complete event and empties it.
func (rec *Recorder) event(data *bytes.Buffer, id string, h HTTP) error {
	defer data.Reset()
	if len(bytes.TrimSpace(data.Bytes())) == 0 {
		return nil // a priming event, or comments only
	}
	h.EventID = id
	return rec.Log.Add(grader.SenderServer, TransportHTTP, bytes.Clone(data.Bytes()), &h)
}

// readLine reads one line with its end, at most MaxLine bytes.
func readLine(br *bufio.Reader) ([]byte, error) {
	var line []byte
	for {
		chunk, err := br.ReadSlice('\n')
		line = append(line, chunk...)
		if len(line) > MaxLine {
			return nil, fmt.Errorf("capture: an SSE line over %d bytes", MaxLine)
		}
		if err != bufio.ErrBufferFull {
			return line, err
		}
	}
}

// splitField splits "field: value" as the SSE format does (one space after
// the colon is dropped).
func splitField(line []byte) (string, []byte) {
	field, value, ok := bytes.Cut(line, []byte(":"))
	if !ok {
		return string(line), nil
	}
	return string(field), bytes.TrimPrefix(value, []byte(" "))
}
