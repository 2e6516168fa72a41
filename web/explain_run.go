package web

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/mcpplayground/playground/internal/explain"
	"github.com/mcpplayground/playground/internal/grader"
	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/internal/logimport"
)

// Defaults of the explain limits (Config).
const (
	defaultExplainMaxBytes    = logimport.DefaultMaxBytes
	defaultExplainMaxMessages = logimport.DefaultMaxMessages
	defaultExplainConcurrency = 2
)

func (s *Server) initExplain() {
	n := s.cfg.ExplainConcurrency
	if n <= 0 {
		n = defaultExplainConcurrency
	}
	s.explainSlots = make(chan struct{}, n)
}

func (s *Server) explainMaxBytes() int64 {
	if s.cfg.ExplainMaxBytes > 0 {
		return s.cfg.ExplainMaxBytes
	}
	return defaultExplainMaxBytes
}

func (s *Server) explainMaxMessages() int {
	if s.cfg.ExplainMaxMessages > 0 {
		return s.cfg.ExplainMaxMessages
	}
	return defaultExplainMaxMessages
}

// explainQuery is what the learner asked: the format, the revision and the
// language, as the API's parameters or the page's fields give them.
type explainQuery struct {
	format, protocol string
	lang             i18n.Lang
}

// explainFailure is a log that cannot be explained, with the status and
// the message that say why (in the learner's language).
type explainFailure struct {
	status int
	msg    string
	limit  int64 // for 413: the limit in bytes
}

func (f *explainFailure) Error() string { return f.msg }

// options checks the query and turns it into explain options.
func (s *Server) explainOptions(q explainQuery) (explain.Options, *explainFailure) {
	u := i18n.ExplainFor(q.lang)
	format, err := logimport.ParseFormat(q.format)
	if err != nil {
		return explain.Options{}, &explainFailure{status: http.StatusBadRequest, msg: fmt.Sprintf(u.ErrFormat, q.format, strings.Join(logimport.Names(), ", "))}
	}
	if q.protocol != "" && !grader.JudgedRevision(q.protocol) {
		return explain.Options{}, &explainFailure{status: http.StatusBadRequest, msg: fmt.Sprintf(u.ErrProtocol, q.protocol, strings.Join(grader.Revisions(), ", "))}
	}
	return explain.Options{Format: format, Protocol: q.protocol, Lang: q.lang,
		Limits: logimport.Limits{MaxBytes: s.explainMaxBytes(), MaxMessages: s.explainMaxMessages()}}, nil
}

// explainLog explains src, waiting for a free slot first: at most
// ExplainConcurrency logs are explained at once, whatever their size.
func (s *Server) explainLog(ctx context.Context, src []byte, opts explain.Options, lang i18n.Lang) (*explain.Report, error) {
	u := i18n.ExplainFor(lang)
	if len(src) == 0 {
		return nil, &explainFailure{status: http.StatusBadRequest, msg: u.ErrEmpty}
	}
	if int64(len(src)) > opts.Limits.MaxBytes {
		return nil, s.tooLarge(lang)
	}
	select {
	case s.explainSlots <- struct{}{}:
	case <-ctx.Done():
		return nil, fmt.Errorf("wait to explain a log: %w", ctx.Err())
	}
	defer func() { <-s.explainSlots }()
	rep, err := explain.Explain(src, opts)
	switch {
	case errors.Is(err, logimport.ErrTooLarge):
		return nil, s.tooLarge(lang)
	case errors.Is(err, logimport.ErrBinary):
		return nil, &explainFailure{status: http.StatusBadRequest, msg: u.ErrBinary}
	case errors.Is(err, logimport.ErrSDKObjects):
		return nil, &explainFailure{status: http.StatusBadRequest, msg: u.ErrSDKObjects}
	case errors.Is(err, logimport.ErrNoMessages):
		return nil, &explainFailure{status: http.StatusBadRequest, msg: fmt.Sprintf(u.ErrNoMessages, knownFormats(lang))}
	case errors.Is(err, logimport.ErrNotFormat):
		return nil, &explainFailure{status: http.StatusBadRequest, msg: fmt.Sprintf(u.ErrNotFormat, opts.Format)}
	case err != nil:
		return nil, &explainFailure{status: http.StatusBadRequest, msg: err.Error()}
	}
	return rep, nil
}

// tooLarge is the failure of a log past ExplainMaxBytes.
func (s *Server) tooLarge(lang i18n.Lang) *explainFailure {
	n := s.explainMaxBytes()
	return &explainFailure{status: http.StatusRequestEntityTooLarge, limit: n,
		msg: fmt.Sprintf(i18n.ExplainFor(lang).ErrTooLarge, byteSize(n, lang))}
}

// byteSize writes a size the way people read it: 5 MiB, 512 KiB.
func byteSize(n int64, lang i18n.Lang) string {
	unit := [2]string{"MiB", "Mio"}
	k := 0
	if lang == i18n.FR {
		k = 1
	}
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d\u00a0%s", n>>20, unit[k])
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d\u00a0%s", n>>10, [2]string{"KiB", "Kio"}[k])
	}
	return fmt.Sprintf("%d\u00a0%s", n, [2]string{"bytes", "octets"}[k])
}

// knownFormats names the formats the log reader knows, for a person.
func knownFormats(l i18n.Lang) string {
	var names []string
	for _, f := range logimport.Known() {
		names = append(names, f.LabelIn(l))
	}
	return strings.Join(names, "; ")
}
