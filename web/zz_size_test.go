package web

import "testing"

func BenchmarkZZPageSize(b *testing.B) {
	e, cookie := benchConsole(b)
	rec := e.do(b, "GET", "/en/console", nil, "Cookie", cookie)
	b.Logf("page bytes %d", rec.Body.Len())
	for b.Loop() {
	}
}
