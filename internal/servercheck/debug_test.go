package servercheck

import (
	"context"
	"encoding/json"
	"os"
	"testing"

	"github.com/mcpplayground/playground/mockserver"
)

func TestDebugRun(t *testing.T) {
	for _, ex := range serverExercises(t) {
		for _, rev := range []string{"2025-11-25", "2026-07-28"} {
			res, err := RunGift(context.Background(), ex, mockserver.Config{Mistake: mockserver.Mistake(os.Getenv("MISTAKE"))}, rev)
			if err != nil {
				t.Fatal(err)
			}
			b, _ := json.MarshalIndent(res, "", " ")
			t.Logf("%s", b)
		}
	}
}
