// Command lessonpage serves one lesson page twice for a side-by-side load
// test: through the playground's real router (middleware included) and
// through a bare Gin handler that writes the same bytes, each on its own
// loopback TCP port. With -measure it loads both itself, at once, in
// rounds, with the same number of keep-alive connections each, and prints
// each round's ratio and their median (router over bare Gin): both sides
// share the machine at the same moment, so another program's load falls
// on both alike.
//
//	go run ./cmd/loadtest/lessonpage -measure -rounds 6 -d 3s -c 32
//
// Without -measure it only serves, for an outside load generator (wrk):
//
//	go run ./cmd/loadtest/lessonpage &
//	wrk -t2 -c64 -d10s http://127.0.0.1:18081/en/lessons/requests
//	wrk -t2 -c64 -d10s http://127.0.0.1:18082/en/lessons/requests
package main

import (
	"context"
	"flag"
	"io"
	"log"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/mcpplayground/playground/internal/course"
	"github.com/mcpplayground/playground/internal/markdown"
	"github.com/mcpplayground/playground/internal/store"
	"github.com/mcpplayground/playground/lessons"
	"github.com/mcpplayground/playground/web"
)

func main() {
	real := flag.String("real", "127.0.0.1:18081", "address of the playground router")
	bare := flag.String("bare", "127.0.0.1:18082", "address of the bare Gin handler")
	path := flag.String("path", "/en/lessons/requests", "page to serve")
	doMeasure := flag.Bool("measure", false, "load both servers side by side, print the ratio and exit")
	var mc measureConfig
	flag.IntVar(&mc.conns, "c", 32, "with -measure: keep-alive connections to each server")
	flag.DurationVar(&mc.d, "d", 3*time.Second, "with -measure: length of one round")
	flag.IntVar(&mc.rounds, "rounds", 6, "with -measure: rounds")
	flag.Parse()

	cat, err := course.LoadLessons(lessons.FS, markdown.New())
	if err != nil {
		log.Fatal(err)
	}
	dir, err := os.MkdirTemp("", "lessonpage")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	st, err := store.Open(context.Background(), filepath.Join(dir, "bench.db"))
	if err != nil {
		log.Fatal(err)
	}
	defer st.Close()
	srv, err := web.New(web.Config{Logger: slog.New(slog.NewTextHandler(io.Discard, nil))},
		web.Deps{Store: st, Content: course.Static(cat)})
	if err != nil {
		log.Fatal(err)
	}

	// Take the exact bytes the router serves, so both sides send the same body.
	rec := httptest.NewRecorder()
	srv.Handler().ServeHTTP(rec, httptest.NewRequest("GET", *path, nil))
	if rec.Code != 200 {
		log.Fatalf("GET %s = %d", *path, rec.Code)
	}
	body := rec.Body.Bytes()

	gin.SetMode(gin.ReleaseMode)
	g := gin.New()
	g.GET(*path, func(c *gin.Context) { c.Data(200, "text/html; charset=utf-8", body) })

	realLn, err := net.Listen("tcp", *real)
	if err != nil {
		log.Fatal(err)
	}
	bareLn, err := net.Listen("tcp", *bare)
	if err != nil {
		log.Fatal(err)
	}
	log.Printf("router on http://%s%s, bare Gin on http://%s%s (%d bytes)", realLn.Addr(), *path, bareLn.Addr(), *path, len(body))
	go func() { log.Fatal(http.Serve(bareLn, g)) }()
	go func() { log.Fatal(http.Serve(realLn, srv.Handler())) }()
	if !*doMeasure {
		select {}
	}
	rates, err := measure(context.Background(), mc, "http://"+realLn.Addr().String()+*path, "http://"+bareLn.Addr().String()+*path)
	if err != nil {
		log.Fatal(err)
	}
	report(os.Stdout, rates)
}
