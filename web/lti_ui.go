package web

import (
	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/i18n"
)

// ltiUI is the LTI pages' wording in the request's language.
func ltiUI(c *gin.Context) *i18n.LTIUI { return i18n.LTIFor(langOf(c)) }
