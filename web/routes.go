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
	}

	api := r.Group("/api")
	api.POST("/validate", s.handle(s.validatePost))
	_ = api
}
