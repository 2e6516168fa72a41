package servercheck

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"strings"
	"syscall"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mcpplayground/playground/internal/i18n"
)

// What failed on the way to a server is said in the page's language, never
// as Go's English error text inside a French sentence.
func TestNetWords(t *testing.T) {
	t.Parallel()
	refused := &net.OpError{Op: "dial", Net: "tcp", Addr: &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 9}, Err: os.NewSyscallError("connect", syscall.ECONNREFUSED)}
	reset := &net.OpError{Op: "read", Net: "tcp", Err: os.NewSyscallError("read", syscall.ECONNRESET)}
	tests := []struct {
		name   string
		err    error
		en, fr string
	}{
		{"refused", fmt.Errorf("POST http://127.0.0.1:9/mcp: %w", refused),
			"nothing is listening on 127.0.0.1:9", "rien n’écoute sur 127.0.0.1:9"},
		{"died", fmt.Errorf("%w: POST http://127.0.0.1:9/mcp: %w", ErrDied, refused),
			"the server no longer accepts connections (nothing is listening on 127.0.0.1:9)",
			"le serveur n’accepte plus de connexions (rien n’écoute sur 127.0.0.1:9)"},
		{"reset", fmt.Errorf("POST http://127.0.0.1:9/mcp: %w", reset),
			"the server cut the connection", "le serveur a coupé la connexion"},
		{"closed early", fmt.Errorf("%w: %w", ErrClosed, io.ErrUnexpectedEOF),
			"the server closed the connection before answering", "le serveur a fermé la connexion avant de répondre"},
		{"closed", ErrClosed, "the server closed the connection", "le serveur a fermé la connexion"},
		{"timeout", fmt.Errorf("POST: %w", context.DeadlineExceeded), "no answer in time", "pas de réponse dans le délai"},
		{"name", &net.DNSError{Err: "no such host", Name: "gift.invalid", IsNotFound: true},
			"the name gift.invalid is not known", "le nom gift.invalid est inconnu"},
		{"other", errors.New("something odd"), "something odd", "«\u00a0something odd\u00a0» (message du système, en anglais)"},
	}
	for _, tt := range tests {
		got := []string{netWords(tt.err, i18n.EN), netWords(tt.err, i18n.FR)}
		if diff := cmp.Diff([]string{tt.en, tt.fr}, got); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tt.name, diff)
		}
	}
}

// A real refused connection, as the HTTP client reports it, reads as words
// in French: the address, and no Go error text.
func TestNetWordsRealRefusal(t *testing.T) {
	t.Parallel()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close() // nothing listens there now
	_, err = http.Post("http://"+addr+"/mcp", "application/json", strings.NewReader("{}"))
	if err == nil {
		t.Skip("something answered on a port just closed")
	}
	got := Describe(err, i18n.FR)
	if want := "rien n’écoute sur " + addr; !strings.HasPrefix(got, want) || strings.Contains(got, "dial tcp") || strings.Contains(got, "connection refused") {
		t.Errorf("a refused connection in French: %q, want it to start %q and hold no Go error text", got, want)
	}
}
