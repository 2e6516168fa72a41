package web

import "github.com/gin-gonic/gin"

func (s *Server) notFound(*gin.Context) error { return errNotFound }
