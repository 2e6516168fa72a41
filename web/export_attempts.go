package web

import (
	"encoding/json"
	"errors"
	"net"
	"net/http"
	"os"
	"syscall"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/internal/store"
)

// exportBatch is how many attempts the JSON Lines export reads per query:
// short queries never hold a database connection for as long as a slow
// client takes to download.
const exportBatch = 500

// attemptJSON is one line of the attempts export.
type attemptJSON struct {
	ID           int64     `json:"id"`
	LearnerID    int64     `json:"learner_id"`
	DisplayName  string    `json:"display_name"`
	ExerciseID   string    `json:"exercise_id"`
	Answer       string    `json:"answer"`
	Passed       bool      `json:"passed"`
	HintsUsed    int       `json:"hints_used"`
	FirstProblem string    `json:"first_problem,omitempty"`
	CreatedAt    time.Time `json:"created_at"`
	Late         bool      `json:"late"`
	Version      string    `json:"exercise_version,omitempty"`
	// FailedChecks and Codes are every failed check and every diagnostic
	// code of the answer, graded again with today's exercise when it is
	// the version the attempt was graded against (omitted otherwise, and
	// for server exercises, whose runs cannot be replayed).
	FailedChecks []labelled `json:"failed_checks,omitempty"`
	Codes        []labelled `json:"codes,omitempty"`
}

// labelled is a check id or a diagnostic code with what it means, in
// English.
type labelled struct {
	ID    string `json:"id"`
	Label string `json:"label"`
}

// exportAttempts writes every attempt, oldest first, as JSON Lines: one
// object per line, so a script can stream it with any JSON library.
//
// The rows are counted first. An export that cannot read them all (a read
// error, a damaged table that ends early) must not look complete: before
// the first line it is a 500; after, the connection is cut so that the
// client sees a broken download instead of a short 200.
func (s *Server) exportAttempts(c *gin.Context) error {
	ctx := c.Request.Context()
	f, err := gradebookFilterOf(c)
	if err != nil {
		return err
	}
	keep, err := s.exportKeep(ctx, f)
	if err != nil {
		return err
	}
	names, err := s.displayNames(ctx, f.Archive)
	if err != nil {
		return err
	}
	total, err := s.store.CountAttemptsIn(ctx, f.Archive)
	if err != nil {
		return err
	}
	s.attachment(c, "attempts.jsonl", "application/jsonl; charset=utf-8")
	c.Status(http.StatusOK)
	enc := json.NewEncoder(c.Writer)
	enc.SetEscapeHTML(false)
	var after int64
	written := 0
	for {
		n := 0
		err := s.store.EachAttempt(ctx, store.AttemptFilter{AfterID: after, Limit: exportBatch, InRoom: true, Archive: f.Archive}, func(a store.Attempt) error {
			n++
			after = a.ID
			if !keep(a.ExerciseID) {
				return nil
			}
			line := attemptJSON{
				ID: a.ID, LearnerID: a.LearnerID, DisplayName: names[a.LearnerID], ExerciseID: a.ExerciseID,
				Answer: a.Answer, Passed: a.Passed, HintsUsed: a.HintsUsed, FirstProblem: a.FirstProblem,
				CreatedAt: a.CreatedAt.UTC(), Late: a.Late, Version: a.Version,
			}
			s.attemptDetails(&line)
			return enc.Encode(line)
		})
		written += n
		if err != nil {
			s.exportCut(c, "export attempts", err, "written", written, "counted", total)
			return nil
		}
		if n < exportBatch {
			break
		}
	}
	if written < total {
		s.exportCut(c, "export attempts: fewer rows read than counted", nil, "written", written, "counted", total)
	}
	return nil
}

// exportCut ends an export that stopped before its end, and logs why at
// the level of whose failure it is: a client that went away, reset the
// connection or read too slowly is INFO (nothing to fix on the server, and
// nobody left to answer); a database that could not read every row is
// ERROR, and the export is made to fail (abortExport).
func (s *Server) exportCut(c *gin.Context, what string, err error, attrs ...any) {
	if err != nil && clientGone(c, err) {
		s.log.Info(what+": the client went away", append(attrs, "err", err)...)
		c.Abort()
		return
	}
	if err != nil {
		attrs = append(attrs, "err", err)
	}
	s.log.Error(what+": cut short", attrs...)
	abortExport(c)
}

// clientGone reports whether err, met while answering, is the client's
// doing: its request was cancelled (it closed the connection) or writing
// to it failed (a reset, a closed pipe, a write deadline it read too
// slowly for).
func clientGone(c *gin.Context, err error) bool {
	return c.Request.Context().Err() != nil || errors.Is(err, syscall.EPIPE) || errors.Is(err, syscall.ECONNRESET) ||
		errors.Is(err, os.ErrDeadlineExceeded) || errors.Is(err, net.ErrClosed) || errors.Is(err, http.ErrHandlerTimeout)
}

// abortExport ends an export that could not be completed: with nothing
// sent yet it is a 500; otherwise the connection is cut without the final
// chunk, which every HTTP client reports as an error.
func abortExport(c *gin.Context) {
	if !c.Writer.Written() {
		c.Writer.Header().Del("Content-Disposition")
		c.String(http.StatusInternalServerError, "export failed: the database could not read every row\n")
		return
	}
	c.Writer.Flush()
	panic(http.ErrAbortHandler)
}

// attemptDetails fills every failed check and diagnostic code of an
// attempt by grading its answer again, when today's exercise is the
// version it was graded against.
func (s *Server) attemptDetails(line *attemptJSON) {
	ex, ok := s.content.Catalog().Exercise(line.ExerciseID)
	if !ok || ex.Kind.External() || line.Version == "" || line.Version != ex.Version() {
		return
	}
	res := ex.Grade(line.Answer, i18n.EN)
	for _, cr := range res.Checks {
		if !cr.Passed {
			line.FailedChecks = append(line.FailedChecks, labelled{ID: cr.ID, Label: cr.Message})
		}
	}
	seen := map[string]bool{}
	for _, d := range res.Report.Diagnostics {
		if !seen[d.Code] {
			seen[d.Code] = true
			line.Codes = append(line.Codes, labelled{ID: d.Code, Label: s.codeTitles[d.Code][i18n.EN]})
		}
	}
}
