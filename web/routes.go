package web

import (
	"github.com/mcpplayground/playground/internal/i18n"
)

// routes is the one place that lists every URL the playground answers.
func (s *Server) routes() {
	r := s.router
	r.Use(s.recoverPanics, s.logRequests, securityHeaders, crossOrigin(), limitBody(s.cfg.MaxBodyBytes))
	r.NoRoute(s.handle(s.notFound))

	r.GET("/", s.rootRedirect)
	r.GET("/healthz", s.handle(s.healthzShow))
	r.GET("/static/*path", s.assets.serve)
	r.HEAD("/static/*path", s.assets.serve)

	for _, l := range i18n.All {
		g := r.Group("/"+string(l), withLang(l))
		g.GET("/", s.handle(s.homeShow))
		g.GET("/lessons/:slug", s.handle(s.lessonShow))
		g.GET("/exercises", s.handle(s.exerciseList))
		g.GET("/exercises/:id", s.handle(s.exerciseShow))
		g.POST("/exercises/:id", s.handle(s.attemptCreate))
		g.POST("/exercises/:id/hints", s.handle(s.hintReveal))
		g.GET("/progress", s.handle(s.progressShow))
		g.POST("/progress/name", s.handle(s.nameUpdate))
		g.POST("/progress/resume", s.handle(s.resumeCreate))
	}

	api := r.Group("/api")
	api.POST("/validate", s.handle(s.validatePost))
	api.POST("/exercises/:id/attempts", s.handle(s.attemptCreateAPI))
	api.POST("/exercises/:id/hints", s.handle(s.hintRevealAPI))
	api.GET("/progress", s.handle(s.progressAPI))
	api.POST("/lessons/:slug/read", s.handle(s.lessonRead))
	_ = api
}
