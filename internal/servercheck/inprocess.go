package servercheck

import (
	"context"
	"io"

	"github.com/mcpplayground/playground/mockserver"
)

// InProcess runs the gift server's real stdio loop on pipes, in this
// process: check-content's reference runs, and tests that need no binary.
func InProcess(srv *mockserver.Server) Transport {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		_ = srv.ServeStdio(ctx, inR, outW)
		_ = outW.Close()
	}()
	return NewStdio(inW, outR, nil, func() {
		cancel()
		_ = inR.Close()
		<-done
	})
}
