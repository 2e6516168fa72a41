package capture

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"testing"
	"testing/synctest"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/mcpplayground/playground/internal/grader"
	"github.com/mcpplayground/playground/mockserver"
)

// fixedClock gives every record the same time, for comparisons.
func fixedClock() time.Time { return time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC) }

// TestTeeRecordsBothSidesInOrder puts the tee between a scripted client and
// the real gift server on stdio: every line arrives unchanged on the other
// side, and the log has each message once, with its sender, in order. It
// runs in a synctest bubble: the pipes are in memory, so a tee that stops
// forwarding fails at once (the context's 20 s pass in no time once every
// goroutine waits), and every goroutine it started must end.
func TestTeeRecordsBothSidesInOrder(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		clientR, clientW := io.Pipe()
		toServerR, toServerW := io.Pipe()
		serverR, serverW := io.Pipe()
		toClientR, toClientW := io.Pipe()
		srv := mockserver.New(mockserver.Config{})
		go func() {
			_ = srv.ServeStdio(ctx, toServerR, serverW)
			serverW.Close()
		}()
		var out bytes.Buffer
		tee := &Tee{Log: NewLog(&out, LogConfig{Now: fixedClock})}
		teed := make(chan error, 1)
		go func() {
			err := tee.Run(ctx, clientR, toServerW, serverR, toClientW)
			toClientW.Close()
			teed <- err
		}()

		replies := bufio.NewScanner(toClientR)
		send := func(line string) {
			t.Helper()
			if _, err := io.WriteString(clientW, line+"\n"); err != nil {
				t.Fatal(err)
			}
		}
		reply := func() string {
			t.Helper()
			if !replies.Scan() {
				t.Fatalf("no reply: %v", replies.Err())
			}
			return replies.Text()
		}
		initialize := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`
		send(initialize)
		initResult := reply()
		send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
		send(`{"jsonrpc":"2.0","id":2,"method":"ping"}`)
		pong := reply()
		send(`not json`) // the gift server answers a parse error
		parseError := reply()
		clientW.Close()
		if err := <-teed; err != nil {
			t.Fatal(err)
		}

		recs, err := ReadRecords(&out, 100)
		if err != nil {
			t.Fatal(err)
		}
		type row struct {
			Seq                  int
			From, Transport, Raw string
		}
		var got []row
		for _, r := range recs {
			got = append(got, row{r.Seq, r.From, r.Transport, string(r.Raw())})
		}
		want := []row{
			{1, grader.SenderClient, TransportStdio, initialize},
			{2, grader.SenderServer, TransportStdio, initResult},
			{3, grader.SenderClient, TransportStdio, `{"jsonrpc":"2.0","method":"notifications/initialized"}`},
			{4, grader.SenderClient, TransportStdio, `{"jsonrpc":"2.0","id":2,"method":"ping"}`},
			{5, grader.SenderServer, TransportStdio, pong},
			{6, grader.SenderClient, TransportStdio, `not json`},
			{7, grader.SenderServer, TransportStdio, parseError},
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("records (-want +got):\n%s", diff)
		}
		if !json.Valid([]byte(initResult)) || recs[5].Message != nil || recs[5].Text != "not json" {
			t.Errorf("a JSON message is kept as message, anything else as text: %+v", recs[5])
		}
	})
}

// TestLogIsBounded refuses records past the maximum.
func TestLogIsBounded(t *testing.T) {
	var out bytes.Buffer
	l := NewLog(&out, LogConfig{MaxRecords: 2, Now: fixedClock})
	for i := 0; i < 2; i++ {
		if err := l.Add(grader.SenderClient, TransportStdio, []byte(`{}`), nil); err != nil {
			t.Fatal(err)
		}
	}
	if err := l.Add(grader.SenderClient, TransportStdio, []byte(`{}`), nil); err != ErrFull {
		t.Errorf("third record: %v, want ErrFull", err)
	}
	if l.Len() != 2 || bytes.Count(out.Bytes(), []byte("\n")) != 2 {
		t.Errorf("%d records, %q", l.Len(), out.String())
	}
	if _, err := ReadRecords(&out, 1); err == nil {
		t.Error("ReadRecords read more records than its bound")
	}
}
