package web

import (
	"github.com/mcpplayground/playground/internal/i18n"
)

// routes is the one place that lists every URL the playground answers.
func (s *Server) routes() {
	r := s.router
	r.Use(s.recoverPanics, s.logRequests, s.proxiedCap, bodyDeadline(s.cfg.BodyTimeout), securityHeaders, s.ltiFraming, crossOrigin(), limitBody(s.cfg.MaxBodyBytes))
	r.NoRoute(s.handle(s.notFound))
	r.NoMethod(s.handle(s.methodNotAllowed))

	r.GET("/", s.rootRedirect)
	r.GET("/healthz", s.handle(s.healthzShow))
	r.GET("/readyz", s.handle(s.readyzShow))
	r.GET("/static/*path", s.assets.serve)

	for _, l := range i18n.All {
		g := r.Group("/"+string(l), s.withLang(l), s.formOnly, s.requireJoin)
		g.GET("/", s.handle(s.homeShow))
		g.GET("/lessons/:slug", s.handle(s.lessonShow))
		g.GET("/exercises", s.handle(s.exerciseList))
		g.GET("/exercises/:id", s.handle(s.exerciseShow))
		g.POST("/exercises/:id", s.rateLimit(limitAttempts), s.handle(s.attemptCreate))
		g.POST("/exercises/:id/hints", s.handle(s.hintReveal))
		g.GET("/progress", s.handle(s.progressShow))
		g.POST("/progress/name", s.handle(s.nameUpdate))
		g.POST("/progress/resume", s.handle(s.resumeCreate))
		g.GET("/join", s.handle(s.joinShow))
		g.POST("/join", s.handle(s.joinCreate))
		g.GET("/console", s.handle(s.consoleShow))
		g.POST("/console", s.rateLimit(limitConsole), s.handle(s.consoleMessageCreate))
		g.POST("/console/reset", s.rateLimit(limitConsole), s.handle(s.consoleReset))
		g.POST("/console/check", s.rateLimit(limitAttempts), s.handle(s.consoleCheck))
		g.POST("/console/hints", s.handle(s.consoleHintReveal))
		g.GET("/check-server", s.handle(s.checkServerShow))
		g.POST("/check-server", s.heavy, s.rateLimit(limitServerCheck), s.handle(s.checkServerRun))
		g.GET("/check-server/:key/messages/:seq", s.handle(s.checkMessageShow))
		g.GET("/explain", s.handle(s.explainShow))
		g.POST("/explain", s.heavy, s.explainBody, s.rateLimit(limitConsole), s.handle(s.explainCreate))
		g.GET("/explain/:key", s.handle(s.explainPageShow))
		g.GET("/explain/:key/messages/:seq", s.handle(s.explainMessageShow))
		g.GET("/rules", s.handle(s.ruleList))
		g.GET("/rules/:code", s.handle(s.ruleShow))
		g.GET("/finish", s.handle(s.finishShow))
		g.GET("/review", s.handle(s.reviewShow))
	}

	api := r.Group("/api", s.requireJoin)
	api.POST("/validate", s.handle(s.validatePost))
	api.POST("/explain", s.heavy, s.explainBody, s.rateLimit(limitConsole), s.handle(s.explainAPI))
	api.POST("/exercises/:id/attempts", s.rateLimit(limitAttempts), s.handle(s.attemptCreateAPI))
	api.POST("/exercises/:id/hints", s.handle(s.hintRevealAPI))
	api.GET("/progress", s.handle(s.progressAPI))
	api.POST("/lessons/:slug/read", s.handle(s.lessonRead))
	api.POST("/console/messages", s.rateLimit(limitConsole), s.handle(s.consoleMessageAPI))
	api.POST("/console/reset", s.rateLimit(limitConsole), s.handle(s.consoleResetAPI))
	api.GET("/console/events", s.handle(s.consoleEvents))
	api.GET("/console/diagram", s.handle(s.consoleDiagram))
	api.GET("/console/export.jsonl", s.handle(s.consoleExport))
	api.GET("/console/exchange", s.handle(s.consoleExchangeAPI))
	api.GET("/console/templates/:key", s.handle(s.consoleTemplateAPI))
	api.POST("/console/peek", s.handle(s.consolePeekAPI))

	// LTI 1.3 (lti_*.go): the login and the launch are the two cross-site
	// POSTs that crossOrigin lets through.
	r.GET("/lti/jwks", s.handle(s.ltiJWKS))
	r.GET("/lti/login", s.handle(s.ltiLogin))
	r.POST("/lti/login", s.formOnly, s.handle(s.ltiLogin))
	r.POST("/lti/launch", s.formOnly, s.handle(s.ltiLaunch))
	r.GET("/lti/resume", s.handle(s.ltiResume))
	r.POST("/lti/deep-link", s.formOnly, s.handle(s.ltiDeepLinkCreate))

	// The gift server for real MCP clients (Streamable HTTP, mcp_mount.go).
	r.GET("/mcp", s.mcpServe)
	r.POST("/mcp", s.mcpServe)
	r.DELETE("/mcp", s.mcpServe)

	// The instructor's pages: token or session cookie (instructor_auth.go).
	ins := r.Group("/instructor", s.instructorLang, s.formOnly)
	ins.GET("/login", s.handle(s.instructorLoginShow))
	ins.POST("/login", s.handle(s.instructorLoginCreate))
	ins.POST("/logout", s.handle(s.instructorLogout))
	in := ins.Group("", s.requireInstructor)
	in.GET("", s.handle(s.dashboardShow))
	in.GET("/live", s.handle(s.dashboardLive))
	in.GET("/dashboard.json", s.handle(s.dashboardJSON))
	in.GET("/export.csv", s.handle(s.exportCSV))
	in.GET("/attempts.jsonl", s.handle(s.exportAttempts))
	in.GET("/gradebook", s.handle(s.gradebookShow))
	in.GET("/gradebook.csv", s.handle(s.gradebookCSV))
	in.GET("/archives/:id/erase", s.handle(s.archiveEraseShow))
	in.POST("/archives/:id/erase", s.handle(s.archiveErase))
	in.GET("/assignments", s.handle(s.assignmentsShow))
	in.POST("/assignments", s.handle(s.assignmentSave))
	in.POST("/assignments/extensions", s.handle(s.extensionSave))
	in.POST("/assignments/:id/delete", s.handle(s.assignmentDelete))
	in.GET("/roster", s.handle(s.rosterShow))
	in.POST("/roster", s.handle(s.rosterImport))
	in.GET("/reset", s.handle(s.workshopResetShow))
	in.POST("/reset", s.handle(s.workshopReset))
	in.GET("/exercises/:id", s.handle(s.instructorExerciseShow))
	in.GET("/learners/:id", s.handle(s.learnerAttemptsShow))
	in.GET("/learners/:id/reset", s.handle(s.learnerResetShow))
	in.POST("/learners/:id/reset", s.handle(s.learnerReset))
	in.POST("/learners/:id/code", s.handle(s.resumeReissue))
}
