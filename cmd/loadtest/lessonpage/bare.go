package main

import (
	"fmt"
	"net"
	"net/http"
	"os"
	"time"

	"github.com/gin-gonic/gin"
)

// serveBare is the reference: a bare Gin handler writing the bytes of
// file at path, on addr, in a process of its own. It prints its address
// on stdout once it accepts connections, then serves until killed.
func serveBare(addr, path, file string) error {
	body, err := os.ReadFile(file)
	if err != nil {
		return err
	}
	gin.SetMode(gin.ReleaseMode)
	g := gin.New()
	g.GET(path, func(c *gin.Context) { c.Data(http.StatusOK, "text/html; charset=utf-8", body) })
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	fmt.Println(bareReadyPrefix + ln.Addr().String())
	hs := &http.Server{Handler: g, ReadHeaderTimeout: 10 * time.Second, IdleTimeout: 2 * time.Minute}
	return hs.Serve(ln)
}
