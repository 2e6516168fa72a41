package web

import (
	"bufio"
	"bytes"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"

	"github.com/gin-gonic/gin"
)

// discard is a ResponseWriter that keeps nothing, so the benchmarks measure
// the handler chain and not the recorder.
type discard struct{ h http.Header }

func (d *discard) Header() http.Header         { return d.h }
func (d *discard) Write(b []byte) (int, error) { return len(b), nil }
func (d *discard) WriteHeader(int)             {}

// BenchmarkLessonPage serves a pre-rendered lesson through the real router;
// BenchmarkLessonPageBareGin writes the same bytes from a bare Gin handler.
// The ratio is what the middleware and the lookup cost.
func BenchmarkLessonPage(b *testing.B) {
	e := newTestEnv(b, Config{})
	req := httptest.NewRequest("GET", "/en/lessons/requests", nil)
	b.ReportAllocs()
	for b.Loop() {
		e.h.ServeHTTP(&discard{h: http.Header{}}, req)
	}
}

// BenchmarkLessonPageLearner is a browser's request: a learner's cookie,
// its language and a navigation's headers.
func BenchmarkLessonPageLearner(b *testing.B) {
	e := newTestEnv(b, Config{})
	req := httptest.NewRequest("GET", "/fr/lessons/requests", nil)
	for k, v := range browserNavigation {
		req.Header.Set(k, v)
	}
	b.ReportAllocs()
	for b.Loop() {
		e.h.ServeHTTP(&discard{h: http.Header{}}, req)
	}
}

// browserNavigation are the headers a browser sends with a lesson page
// once the learner exists.
var browserNavigation = map[string]string{
	"Cookie":          "learner=3q2-7wEjR1b0c5fVhKk0mQ",
	"User-Agent":      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.0.0 Safari/537.36",
	"Accept":          "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
	"Accept-Language": "fr-FR,fr;q=0.9,en;q=0.8",
	"Accept-Encoding": "gzip, deflate, br, zstd",
	"Sec-Fetch-Dest":  "document",
	"Sec-Fetch-Mode":  "navigate",
	"Sec-Fetch-Site":  "same-origin",
	"Sec-Fetch-User":  "?1",
}

func BenchmarkLessonPageBareGin(b *testing.B) {
	g, _ := bareLesson(b)
	req := httptest.NewRequest("GET", "/en/lessons/requests", nil)
	b.ReportAllocs()
	for b.Loop() {
		g.ServeHTTP(&discard{h: http.Header{}}, req)
	}
}

// BenchmarkLessonPageWire and BenchmarkLessonPageWireBareGin serve the
// page through net/http on a loopback connection, as a browser gets it:
// the allocations are the server's (the client reads into one buffer).
// Both servers share this process; cmd/loadtest/lessonpage compares them
// in separate processes.
func BenchmarkLessonPageWire(b *testing.B) {
	e := newTestEnv(b, Config{})
	benchWire(b, e.h, "/en/lessons/requests")
}

func BenchmarkLessonPageWireBareGin(b *testing.B) {
	g, _ := bareLesson(b)
	benchWire(b, g, "/en/lessons/requests")
}

// bareLesson is a bare Gin engine writing the bytes of the real lesson page.
func bareLesson(b *testing.B) (*gin.Engine, []byte) {
	e := newTestEnv(b, Config{})
	rec := httptest.NewRecorder()
	e.h.ServeHTTP(rec, httptest.NewRequest("GET", "/en/lessons/requests", nil))
	body := rec.Body.Bytes()
	g := gin.New()
	g.GET("/en/lessons/:slug", func(c *gin.Context) { c.Data(200, "text/html; charset=utf-8", body) })
	return g, body
}

// benchWire serves h on loopback and has each parallel client fetch path
// over its own keep-alive connection.
func benchWire(b *testing.B, h http.Handler, path string) {
	srv := httptest.NewServer(h)
	defer srv.Close()
	req := []byte("GET " + path + " HTTP/1.1\r\nHost: " + srv.Listener.Addr().String() + "\r\n\r\n")
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		conn, err := net.Dial("tcp", srv.Listener.Addr().String())
		if err != nil {
			b.Error(err)
			return
		}
		defer conn.Close()
		r := bufio.NewReaderSize(conn, 64<<10)
		for pb.Next() {
			if err := roundTrip(conn, r, req); err != nil {
				b.Error(err)
				return
			}
		}
	})
}

// roundTrip sends req and reads one 200 response whole, without allocating.
func roundTrip(w io.Writer, r *bufio.Reader, req []byte) error {
	if _, err := w.Write(req); err != nil {
		return err
	}
	length := -1
	for first := true; ; first = false {
		line, err := r.ReadSlice('\n')
		if err != nil {
			return err
		}
		if first && !bytes.HasPrefix(line, []byte("HTTP/1.1 200 ")) {
			return &wireError{line: string(line)}
		}
		if len(line) <= 2 {
			break
		}
		if v, ok := bytes.CutPrefix(line, []byte("Content-Length: ")); ok {
			length, _ = strconv.Atoi(string(bytes.TrimSpace(v)))
		}
	}
	if length < 0 {
		return &wireError{line: "no Content-Length"}
	}
	_, err := r.Discard(length)
	return err
}

type wireError struct{ line string }

func (e *wireError) Error() string { return "unexpected response: " + e.line }
