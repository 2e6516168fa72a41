package web

import "github.com/gin-gonic/gin"

func (s *Server) notFound(c *gin.Context) error { return errNotFound }
