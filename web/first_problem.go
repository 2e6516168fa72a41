package web

import (
	"github.com/mcpplayground/playground/internal/exercise"
	"github.com/mcpplayground/playground/web/pagevm"
)

// FirstProblem is what an attempt stores as its first problem (the code of
// the first blocking diagnostic, else the first failed check), for the
// regrade command, which grades stored answers as the pages do.
func FirstProblem(res exercise.Result) string { return pagevm.FirstProblem(res) }
