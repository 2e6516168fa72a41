package web

import (
	"fmt"
	"net"
	"net/http"
	"net/netip"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/i18n"
	"github.com/mcpplayground/playground/internal/netguard"
	"github.com/mcpplayground/playground/internal/servercheck"
)

// checkPolicyFor is where this request's check may connect: for a
// learner on the playground's own machine, loopback and the allow list;
// for one on another host (behind -trusted-proxies, the address the proxy
// reports), their own address and the allow list, never the playground's
// own addresses. Nobody's check reaches the playground's own listener.
func (s *Server) checkPolicyFor(c *gin.Context) *netguard.Policy {
	requester, err := netip.ParseAddr(c.ClientIP())
	if err != nil {
		requester = netip.IPv6Unspecified() // refused everywhere but the allow list
	}
	var local netip.AddrPort
	if a, ok := c.Request.Context().Value(http.LocalAddrContextKey).(net.Addr); ok {
		local, _ = netip.ParseAddrPort(a.String())
	}
	return s.checkPolicy.For(requester, local, netguard.OwnAddrs())
}

// unreachableText says why the check could not run. For a learner on
// another host, whatever did not answer MCP (nothing listening, another
// service, a refused address) is said the same way, so the check page
// cannot map the ports of a machine.
func unreachableText(x *i18n.CheckServerUI, l i18n.Lang, pol *netguard.Policy, url string, err error) string {
	if _, ok := netguard.AsRefused(err); ok {
		return refusalText(x, l, err)
	}
	if pol.Remote() {
		return fmt.Sprintf(x.NothingMCP, url)
	}
	return fmt.Sprintf(x.Unreachable, servercheck.Describe(err, l))
}
