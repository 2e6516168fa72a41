package web

import (
	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/guard"
	"github.com/mcpplayground/playground/internal/i18n"
)

// routes is the one place that lists every URL the playground answers,
// with the guards (internal/guard) each passes: every request the chain
// below, composed as pkgsite composes its internal/middleware, then its
// route's own. The guards of bodies and state changes are passed by the
// requests they concern (guard.Unsafe): a page view goes past them with
// one test. The areas' URLs follow in this file, one function each.
func (s *Server) routes() {
	r := s.router
	r.Use(s.recoverPanics, s.logRequests, guarded(guard.Chain(
		s.proxiedCap(),
		guard.SecurityHeaders(),
		s.ltiFraming(),
		guard.Unsafe(
			guard.BodyDeadline(s.cfg.BodyTimeout),
			guard.CrossOrigin(crossSiteByDesign...),
			guard.LimitBody(s.cfg.MaxBodyBytes),
		),
	)))
	r.NoRoute(s.handle(s.notFound))
	r.NoMethod(s.handle(s.methodNotAllowed))

	g := routeGuards{
		form:        guarded(s.formOnly(false)),
		explainForm: guarded(s.formOnly(true)),
		attempts:    guarded(s.rateLimit(limitAttempts)),
		console:     guarded(s.rateLimit(limitConsole)),
		checks:      guarded(s.rateLimit(limitServerCheck)),
		check:       guarded(guard.Chain(s.heavy(), s.rateLimit(limitServerCheck))),
		explain:     guarded(guard.Chain(s.heavy(), s.explainBody(), s.rateLimit(limitConsole))),
	}

	r.GET("/", s.rootRedirect)
	r.GET("/healthz", s.handle(s.healthzShow))
	r.GET("/readyz", s.handle(s.readyzShow))
	r.GET("/static/*path", s.assets.serve)
	for _, l := range i18n.All {
		s.pageRoutes(r.Group("/"+string(l), s.withLang(l)), g)
	}
	s.apiRoutes(r.Group("/api", s.requireJoin), g)

	// LTI 1.3 (lti_*.go): the login and the launch are the two cross-site
	// POSTs that guard.CrossOrigin lets through (crossSiteByDesign).
	r.GET("/lti/jwks", s.handle(s.ltiJWKS))
	r.GET("/lti/login", s.handle(s.ltiLogin))
	r.POST("/lti/login", g.form, s.handle(s.ltiLogin))
	r.POST("/lti/launch", g.form, s.handle(s.ltiLaunch))
	r.GET("/lti/resume", s.handle(s.ltiResume))
	r.POST("/lti/deep-link", g.form, s.handle(s.ltiDeepLinkCreate))
	r.GET("/lti/register/:key", s.handle(s.ltiRegister))

	// The gift server for real MCP clients (Streamable HTTP, mcp_mount.go).
	r.GET("/mcp", s.mcpServe)
	r.POST("/mcp", s.mcpServe)
	r.DELETE("/mcp", s.mcpServe)
	r.Any("/mcp/check/:key", s.checkClientMCP)

	// The instructor's pages: token or session cookie (instructor_auth.go).
	s.instructorRoutes(r.Group("/instructor", s.instructorLang), g)
}

// routeGuards are the guards of single routes, each built once.
type routeGuards struct {
	form                      gin.HandlerFunc // forms only, read whole (guard.FormOnly)
	explainForm               gin.HandlerFunc // a form only, read by its handler
	attempts, console, checks gin.HandlerFunc // the rate limits (guard.Rate)
	check, explain            gin.HandlerFunc // heavy: slots, then the rate (guard.Heavy)
}

// pageRoutes are a language's pages, under /{lang}: the pages to view
// behind the workshop's join gate (requireJoin), and the forms posted to
// them checked to be forms, and read whole, before it (guard.FormOnly), so
// a body that is no form is a 415 whoever sends it.
func (s *Server) pageRoutes(lang *gin.RouterGroup, g routeGuards) {
	p := lang.Group("", s.requireJoin)
	f := lang.Group("", g.form, s.requireJoin)
	p.GET("/", s.handle(s.homeShow))
	p.GET("/lessons/:slug", s.handle(s.lessonShow))
	p.GET("/exercises", s.handle(s.exerciseList))
	p.GET("/exercises/:id", s.handle(s.exerciseShow))
	f.POST("/exercises/:id", g.attempts, s.handle(s.attemptCreate))
	f.POST("/exercises/:id/hints", s.handle(s.hintReveal))
	p.GET("/progress", s.handle(s.progressShow))
	f.POST("/progress/name", s.handle(s.nameUpdate))
	f.POST("/progress/resume", s.handle(s.resumeCreate))
	p.GET("/join", s.handle(s.joinShow))
	f.POST("/join", s.handle(s.joinCreate))
	p.GET("/console", s.handle(s.consoleShow))
	f.POST("/console", g.console, s.handle(s.consoleMessageCreate))
	f.POST("/console/reset", g.console, s.handle(s.consoleReset))
	f.POST("/console/check", g.attempts, s.handle(s.consoleCheck))
	f.POST("/console/hints", s.handle(s.consoleHintReveal))
	p.GET("/check-server", s.handle(s.checkServerShow))
	f.POST("/check-server", g.check, s.handle(s.checkServerRun))
	p.GET("/check-server/:key/messages/:seq", s.handle(s.checkMessageShow))
	p.GET("/check-client", s.handle(s.checkClientShow))
	f.POST("/check-client", g.checks, s.handle(s.checkClientIssue))
	p.GET("/check-client/events", s.handle(s.checkClientEvents))
	p.GET("/explain", s.handle(s.explainShow))
	lang.POST("/explain", g.explainForm, s.requireJoin, g.explain, s.handle(s.explainCreate))
	p.GET("/explain/:key", s.handle(s.explainPageShow))
	p.GET("/explain/:key/messages/:seq", s.handle(s.explainMessageShow))
	p.GET("/rules", s.handle(s.ruleList))
	p.GET("/rules/:code", s.handle(s.ruleShow))
	p.GET("/finish", s.handle(s.finishShow))
	p.GET("/review", s.handle(s.reviewShow))
}

// apiRoutes are the JSON API, under /api.
func (s *Server) apiRoutes(api *gin.RouterGroup, g routeGuards) {
	api.POST("/validate", s.handle(s.validatePost))
	api.POST("/explain", g.explain, s.handle(s.explainAPI))
	api.POST("/exercises/:id/attempts", g.attempts, s.handle(s.attemptCreateAPI))
	api.POST("/exercises/:id/hints", s.handle(s.hintRevealAPI))
	api.GET("/progress", s.handle(s.progressAPI))
	api.POST("/lessons/:slug/read", s.handle(s.lessonRead))
	api.POST("/console/messages", g.console, s.handle(s.consoleMessageAPI))
	api.POST("/console/reset", g.console, s.handle(s.consoleResetAPI))
	api.GET("/console/events", s.handle(s.consoleEvents))
	api.GET("/console/diagram", s.handle(s.consoleDiagram))
	api.GET("/console/export.jsonl", s.handle(s.consoleExport))
	api.GET("/console/exchange", s.handle(s.consoleExchangeAPI))
	api.GET("/console/templates/:key", s.handle(s.consoleTemplateAPI))
	api.POST("/console/peek", s.handle(s.consolePeekAPI))
}

// instructorRoutes are the instructor's pages, under /instructor: the
// sign-in open to all, the rest behind requireInstructor; every POST is a
// form, checked before the sign-in is (as in pageRoutes).
func (s *Server) instructorRoutes(ins *gin.RouterGroup, g routeGuards) {
	forms := ins.Group("", g.form)
	ins.GET("/login", s.handle(s.instructorLoginShow))
	forms.POST("/login", s.handle(s.instructorLoginCreate))
	forms.POST("/logout", s.handle(s.instructorLogout))
	in := ins.Group("", s.requireInstructor)
	inf := forms.Group("", s.requireInstructor)
	in.GET("", s.handle(s.dashboardShow))
	in.GET("/live", s.handle(s.dashboardLive))
	in.GET("/dashboard.json", s.handle(s.dashboardJSON))
	in.GET("/export.csv", s.handle(s.exportCSV))
	in.GET("/attempts.jsonl", s.handle(s.exportAttempts))
	in.GET("/gradebook", s.handle(s.gradebookShow))
	in.GET("/gradebook.csv", s.handle(s.gradebookCSV))
	in.GET("/archives/:id/erase", s.handle(s.archiveEraseShow))
	inf.POST("/archives/:id/erase", s.handle(s.archiveErase))
	in.GET("/assignments", s.handle(s.assignmentsShow))
	inf.POST("/assignments", s.handle(s.assignmentSave))
	inf.POST("/assignments/extensions", s.handle(s.extensionSave))
	inf.POST("/assignments/:id/delete", s.handle(s.assignmentDelete))
	in.GET("/lti", s.handle(s.ltiPlatformsShow))
	inf.POST("/lti/platforms", s.handle(s.ltiPlatformSave))
	inf.POST("/lti/platforms/:id/remove", s.handle(s.ltiPlatformRemove))
	inf.POST("/lti/keys", s.handle(s.ltiKeyRotate))
	in.GET("/roster", s.handle(s.rosterShow))
	inf.POST("/roster", s.handle(s.rosterImport))
	in.GET("/reset", s.handle(s.workshopResetShow))
	inf.POST("/reset", s.handle(s.workshopReset))
	in.GET("/exercises/:id", s.handle(s.instructorExerciseShow))
	in.GET("/learners/:id", s.handle(s.learnerAttemptsShow))
	in.GET("/learners/:id/reset", s.handle(s.learnerResetShow))
	inf.POST("/learners/:id/reset", s.handle(s.learnerReset))
	inf.POST("/learners/:id/code", s.handle(s.resumeReissue))
}
