package mockserver

import (
	"context"
	"testing"
)

var benchCall = []byte(`{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"suggest_gifts","arguments":{"occasion":"birthday","budget":100,"recipient":"friend who loves board games"}}}`)

// BenchmarkToolsCallInProcess is one tools/call round trip through the
// protocol core: parse, dispatch, validate arguments, run the tool, encode.
func BenchmarkToolsCallInProcess(b *testing.B) {
	srv := New(Config{})
	s := srv.NewSession(SessionOptions{})
	s.Handle(context.Background(), []byte(initMsg))
	s.Handle(context.Background(), []byte(initialized))
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		if s.Handle(ctx, benchCall) == nil {
			b.Fatal("no reply")
		}
	}
}

// BenchmarkToolsCallParallel runs the same round trip on many sessions at
// once.
func BenchmarkToolsCallParallel(b *testing.B) {
	srv := New(Config{})
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		s := srv.NewSession(SessionOptions{})
		s.Handle(context.Background(), []byte(initMsg))
		for pb.Next() {
			if s.Handle(context.Background(), benchCall) == nil {
				b.Fatal("no reply")
			}
		}
	})
}

// BenchmarkRejectWithDiagnostics is the error path: the checker explains.
func BenchmarkRejectWithDiagnostics(b *testing.B) {
	srv := New(Config{})
	s := srv.NewSession(SessionOptions{})
	bad := []byte(`{"jsonrpc":"2.0","id":null,"method":"tools/call","params":{"name":"suggest_gifts"}}`)
	b.ReportAllocs()
	for b.Loop() {
		s.Handle(context.Background(), bad)
	}
}
