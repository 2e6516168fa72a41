package web

import (
	"encoding/json"
	"io"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/i18n"
)

// readJSON reads the request's JSON body into v, for the exercise APIs: a
// body past guard.LimitBody's cap is the learner's localised 413, one that does
// not read or decode is a 400 saying bad.
func readJSON(c *gin.Context, x *i18n.ExerciseUI, v any, bad string) error {
	body, err := io.ReadAll(c.Request.Body)
	if isBodyTooLarge(err) {
		return tooLarge(x)
	}
	if err != nil || json.Unmarshal(body, v) != nil {
		return badRequest(bad)
	}
	return nil
}
