package servercheck

import (
	"context"
	"crypto/tls"
	"errors"
	"io"
	"net"
	"syscall"

	"github.com/mcpplayground/playground/internal/i18n"
)

// netWords says in the learner's language what went wrong on the way to
// the server: a French sentence does not carry Go's English error text
// ("dial tcp …: connect: connection refused"). What it does not know is
// given as the system wrote it, marked as such in French.
func netWords(err error, l i18n.Lang) string {
	i := 0
	if l == i18n.FR {
		i = 1
	}
	cause := causeWords(err, i)
	var lead [2]string
	switch {
	case errors.Is(err, ErrDied):
		lead = [2]string{"the server no longer accepts connections", "le serveur n’accepte plus de connexions"}
	case errors.Is(err, ErrPartial):
		return [2]string{ErrPartial.Error(), "le serveur a fermé la connexion au milieu d’un message"}[i]
	case errors.Is(err, ErrTooLarge):
		return [2]string{ErrTooLarge.Error(), "le message fait plus de 1\u00a0Mio"}[i]
	case errors.Is(err, ErrClosed) && cause == "":
		return [2]string{ErrClosed.Error(), "le serveur a fermé la connexion"}[i]
	}
	switch {
	case lead[i] == "" && cause == "":
		if i == 1 {
			return "«\u00a0" + err.Error() + "\u00a0» (message du système, en anglais)"
		}
		return err.Error()
	case lead[i] == "":
		return cause
	case cause == "":
		return lead[i]
	}
	return lead[i] + " (" + cause + ")"
}

// causeWords names the network failure under err, "" when it is none
// of the usual ones.
func causeWords(err error, i int) string {
	var dns *net.DNSError
	var rec tls.RecordHeaderError
	var ne net.Error
	switch {
	case Refused(err) != "":
		return [2]string{"nothing is listening on ", "rien n’écoute sur "}[i] + Refused(err)
	case errors.Is(err, syscall.ECONNRESET):
		return [2]string{"the server cut the connection", "le serveur a coupé la connexion"}[i]
	case errors.Is(err, syscall.EPIPE):
		return [2]string{"the server closed the connection while the playground was writing", "le serveur a fermé la connexion pendant que le playground écrivait"}[i]
	case errors.Is(err, syscall.EHOSTUNREACH), errors.Is(err, syscall.ENETUNREACH):
		return [2]string{"no route to the server's machine", "aucune route vers la machine du serveur"}[i]
	case errors.As(err, &dns):
		return [2]string{"the name " + dns.Name + " is not known", "le nom " + dns.Name + " est inconnu"}[i]
	case errors.As(err, &rec):
		return [2]string{"the server does not speak TLS: use http://, not https://", "le serveur ne parle pas TLS\u00a0: utilisez http://, pas https://"}[i]
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		return [2]string{"the server closed the connection before answering", "le serveur a fermé la connexion avant de répondre"}[i]
	case errors.Is(err, context.DeadlineExceeded), errors.As(err, &ne) && ne.Timeout():
		return [2]string{"no answer in time", "pas de réponse dans le délai"}[i]
	}
	return ""
}
