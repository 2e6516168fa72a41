package web

import (
	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/console"
	"github.com/mcpplayground/playground/internal/guard"
	"github.com/mcpplayground/playground/mockserver"
)

// initMock wires the gift server: its Streamable HTTP handler for real MCP
// clients at /mcp, and the learners' console sessions.
func (s *Server) initMock(mock *mockserver.Server) {
	if mock == nil {
		mock = mockserver.New(mockserver.Config{Logger: s.log})
	}
	s.mock = mock
	s.mcp = mockserver.NewHTTPHandler(mock, mockserver.HTTPConfig{
		AllowedOrigins: s.cfg.MCPAllowedOrigins,
		// The router caps every body first; the same cap here makes the
		// handler's 413 name the limit that applies.
		MaxBodyBytes:   s.cfg.MaxBodyBytes,
		RequestTimeout: s.cfg.MCPRequestTimeout,
		Logger:         s.log,
	})
	if s.cfg.ConsoleStreams <= 0 {
		s.cfg.ConsoleStreams = DefaultConsoleStreams
	}
	if s.cfg.ConsoleStreamsPerAddr <= 0 {
		s.cfg.ConsoleStreamsPerAddr = s.cfg.ConsoleStreams / 2
	}
	s.consoles = console.NewRegistry(mock, console.Limits{
		Max: s.cfg.ConsoleMaxSessions, Idle: s.cfg.ConsoleIdleTimeout,
		StreamsPerLearner: s.cfg.ConsoleStreamsPerLearner, Streams: s.cfg.ConsoleStreams,
	}, s.log, nil)
	s.streamNets = guard.NewSlots(s.cfg.ConsoleStreamsPerAddr, s.cfg.ConsoleStreams)
}

// mcpServe hands /mcp to the gift server's handler, which checks Origin and
// Host itself (DNS rebinding protection) and speaks JSON-RPC errors. MCP
// clients send no Origin and no Sec-Fetch-Site, so the router's
// cross-origin guard lets them through; a browser page of another site is
// refused by both. The client's address is the router's (X-Forwarded-For
// from a trusted proxy), so the handler's bounds per client hold behind one.
func (s *Server) mcpServe(c *gin.Context) {
	r := c.Request.WithContext(mockserver.WithClientAddr(c.Request.Context(), c.ClientIP()))
	s.mcp.ServeHTTP(c.Writer, r)
}

// Close ends the gift server's sessions: the MCP clients' (their event
// streams end) and the consoles' (their SSE streams end), so a graceful
// shutdown does not wait for streams that never finish on their own.
func (s *Server) Close() {
	s.mcp.Close()
	s.consoles.CloseAll()
	s.clientChecks.closeAll()
}
