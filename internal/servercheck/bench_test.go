package servercheck

import (
	"context"
	"testing"

	"github.com/mcpplayground/playground/internal/exercise"
	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/internal/testing/gifttest"
	"github.com/mcpplayground/playground/mockserver"
)

func giftExercise(b *testing.B) *exercise.Exercise {
	for _, ex := range serverExercises(b) {
		if ex.ID == "tools-server-gift-server" {
			return ex
		}
	}
	b.Fatal("no gift server exercise")
	return nil
}

// A full "gift server" run (9 steps) against the bundled server: its stdio
// loop in process, and Streamable HTTP on a loopback socket.
func BenchmarkGiftServerRun(b *testing.B) {
	ex := giftExercise(b)
	for _, tk := range transports {
		b.Run(tk.name, func(b *testing.B) {
			url := gifttest.URL(b, mockserver.Config{})
			for b.Loop() {
				var tr Transport
				if tk.name == "http" {
					tr = NewHTTP(url, nil)
				} else {
					tr = InProcess(mockserver.New(mockserver.Config{}))
				}
				res, err := Run(context.Background(), ex, tr, Options{Lang: i18n.EN})
				tr.Close()
				if err != nil || !res.Passed {
					b.Fatalf("run: %v %+v", err, res)
				}
			}
		})
	}
}
