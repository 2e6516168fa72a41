package main

import (
	"fmt"
	"net"
	"net/http"
	"os"
	"strings"
	"time"

	"github.com/gin-gonic/gin"
)

// serveBare is the reference: a bare Gin handler writing the bytes of
// file at path, on addr, in a process of its own, with the headers of
// headerFile when there is one. It prints its address on stdout once it
// accepts connections, then serves until killed.
func serveBare(addr, path, file, headerFile string) error {
	body, err := os.ReadFile(file)
	if err != nil {
		return err
	}
	extra, err := readHeaders(headerFile)
	if err != nil {
		return err
	}
	gin.SetMode(gin.ReleaseMode)
	g := gin.New()
	g.GET(path, func(c *gin.Context) {
		h := c.Writer.Header()
		for k, v := range extra {
			h[k] = v
		}
		c.Data(http.StatusOK, "text/html; charset=utf-8", body)
	})
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	fmt.Println(bareReadyPrefix + ln.Addr().String())
	hs := &http.Server{Handler: g, ReadHeaderTimeout: 10 * time.Second, IdleTimeout: 2 * time.Minute}
	return hs.Serve(ln)
}

// readHeaders reads "Name: value" lines (none when file is empty).
func readHeaders(file string) (http.Header, error) {
	h := http.Header{}
	if file == "" {
		return h, nil
	}
	b, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	for line := range strings.Lines(string(b)) {
		k, v, ok := strings.Cut(strings.TrimRight(line, "\r\n"), ": ")
		if !ok {
			return nil, fmt.Errorf("%s: %q is not a header", file, line)
		}
		h.Add(k, v)
	}
	return h, nil
}

// writeHeaders writes h as readHeaders reads it, but for the headers the
// bare handler and net/http write themselves.
func writeHeaders(file string, h http.Header) error {
	var b strings.Builder
	for k, vs := range h {
		if k == "Date" || k == "Content-Length" || k == "Content-Type" {
			continue
		}
		for _, v := range vs {
			fmt.Fprintf(&b, "%s: %s\n", k, v)
		}
	}
	return os.WriteFile(file, []byte(b.String()), 0o600)
}
