package web

import (
	"errors"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/web/pagevm"
	"github.com/mcpplayground/playground/web/view"
)

// explainCreate explains the log posted by the page's form (multipart for
// a file, or a plain form with the pasted text) and shows it: the summary,
// the findings, then the timeline and the diagram. Nothing is stored. A log
// past the limit answers 413, one that cannot be read 400, each with the
// form and what was wrong.
func (s *Server) explainCreate(c *gin.Context) error {
	l := langOf(c)
	src, fail := s.explainFormLog(c, l) // parses the form first
	q := explainQuery{format: c.PostForm("format"), protocol: c.PostForm("protocol"), lang: l}
	vm := s.explainPageVM(c, l, q, pagevm.TrimForForm(src))
	if fail != nil {
		vm.Error = fail.msg
		s.renderExplain(c, fail.status, vm)
		return nil
	}
	return s.showExplained(c, l, vm, src, q)
}

// showExplained explains src and shows it, or the form with what was
// wrong.
func (s *Server) showExplained(c *gin.Context, l i18n.Lang, vm view.ExplainVM, src []byte, q explainQuery) error {
	opts, fail := s.explainOptions(q)
	if fail != nil {
		vm.Error = fail.msg
		s.renderExplain(c, fail.status, vm)
		return nil
	}
	rep, err := s.explainLog(c.Request.Context(), src, opts, l)
	var f *explainFailure
	if errors.As(err, &f) {
		vm.Error = f.msg
		s.renderExplain(c, f.status, vm)
		return nil
	}
	if err != nil {
		return err
	}
	vm.Explained = true
	vm.Summary = pagevm.ExplainSummary(s.codeTitles, l, rep)
	events := rep.Events()
	tp := pagevm.TimelinePage{Page: 1}
	if pagevm.NeedsKeeping(events) {
		tp.Key = s.keepExplained(c, l, vm.Summary, rep)
	}
	vm.Exchange = pagevm.ExplainExchange(s.log, l, events, tp)
	vm.Pager = pagevm.ExplainPager(l, len(events), tp, i18n.ExplainFor(l).NotKept)
	s.renderExplain(c, http.StatusOK, vm)
	return nil
}

// explainFormLog reads the log of the form: the file when one was chosen,
// else the pasted text, each held to ExplainMaxBytes.
func (s *Server) explainFormLog(c *gin.Context, l i18n.Lang) ([]byte, *explainFailure) {
	max := s.explainMaxBytes()
	if c.Request.ContentLength > max+explainFormSlack {
		return nil, s.tooLarge(l)
	}
	if err := c.Request.ParseMultipartForm(1 << 20); err != nil && !errors.Is(err, http.ErrNotMultipart) {
		if isBodyTooLarge(err) {
			return nil, s.tooLarge(l)
		}
		return nil, &explainFailure{status: http.StatusBadRequest, msg: fmt.Sprintf("the form could not be read: %v", err)}
	}
	if c.Request.MultipartForm != nil {
		defer func() { _ = c.Request.MultipartForm.RemoveAll() }()
		if fh := c.Request.MultipartForm.File["file"]; len(fh) > 0 && fh[0].Size > 0 {
			return s.readFormFile(fh[0], l)
		}
	}
	text := c.PostForm("log")
	if int64(len(text)) > max {
		return nil, s.tooLarge(l)
	}
	return []byte(text), nil
}

// readFormFile reads the uploaded file, at most ExplainMaxBytes.
func (s *Server) readFormFile(fh *multipart.FileHeader, l i18n.Lang) ([]byte, *explainFailure) {
	if fh.Size > s.explainMaxBytes() {
		return nil, s.tooLarge(l)
	}
	f, err := fh.Open()
	if err != nil {
		return nil, &explainFailure{status: http.StatusBadRequest, msg: fmt.Sprintf("the file could not be read: %v", err)}
	}
	defer f.Close()
	src, err := io.ReadAll(io.LimitReader(f, s.explainMaxBytes()+1))
	if err != nil {
		return nil, &explainFailure{status: http.StatusBadRequest, msg: fmt.Sprintf("the file could not be read: %v", err)}
	}
	return src, nil
}
