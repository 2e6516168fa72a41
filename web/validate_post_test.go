package web

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mcpplayground/playground/internal/grader"
)

func TestValidatePost(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t, Config{})
	wrapped := func(msg, req string) string {
		b, _ := json.Marshal(map[string]string{"message": msg, "request": req})
		return string(b)
	}
	tests := []struct {
		name        string
		target      string
		body        string
		contentType string
		wantStatus  int
		wantKind    grader.Kind
		wantValid   bool
		wantCodes   []string
		wantInMsg   string // substring of the first diagnostic's message
	}{
		{name: "valid request", target: "/api/validate", body: `{"jsonrpc":"2.0","id":1,"method":"tools/list"}`,
			wantStatus: 200, wantKind: grader.KindRequest, wantValid: true, wantCodes: []string{}},
		// args is not defined, and arguments is optional: a warning that
		// teaches (a receiver ignores args), not a rejection.
		{name: "unknown field, in French", target: "/api/validate?lang=fr",
			body:       `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x","args":{}}}`,
			wantStatus: 200, wantKind: grader.KindRequest, wantValid: true, wantCodes: []string{"mcp.field.unknown"}, wantInMsg: "Vouliez-vous dire"},
		{name: "not JSON is still a report", target: "/api/validate", body: `{"jsonrpc": "2.0",}`, contentType: "application/json",
			wantStatus: 200, wantKind: grader.KindInvalid, wantCodes: []string{"jsonrpc.message.unclassifiable", "json.trailing-comma"}},
		{name: "revision from the query", target: "/api/validate?protocol=2026-07-28", body: `{"jsonrpc":"2.0","id":1,"method":"initialize"}`,
			wantStatus: 200, wantKind: grader.KindRequest, wantCodes: []string{"mcp.method.not-in-revision"}},
		{name: "sender from the query", target: "/api/validate?sender=client",
			body:       `{"jsonrpc":"2.0","method":"notifications/tools/list_changed"}`,
			wantStatus: 200, wantKind: grader.KindNotification, wantCodes: []string{"mcp.method.wrong-direction"}},
		{name: "response with its request", target: "/api/validate", contentType: validateWrapperType,
			body:       wrapped(`{"jsonrpc":"2.0","id":2,"result":{"content":"hello"}}`, `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"x"}}`),
			wantStatus: 200, wantKind: grader.KindResponse, wantCodes: []string{"mcp.field.type"}},
		{name: "too large", target: "/api/validate", body: `{"a":"` + strings.Repeat("x", grader.MaxSize) + `"}`,
			wantStatus: 413, wantKind: grader.KindInvalid, wantCodes: []string{"json.too-large"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var hdr []string
			if tt.contentType != "" {
				hdr = []string{"Content-Type", tt.contentType}
			}
			rec := e.do(t, "POST", tt.target, strings.NewReader(tt.body), hdr...)
			if rec.Code != tt.wantStatus {
				t.Fatalf("status = %d, want %d; body: %s", rec.Code, tt.wantStatus, rec.Body.String())
			}
			if ct := rec.Header().Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
				t.Errorf("Content-Type = %q, want JSON", ct)
			}
			var rep grader.Report
			if err := json.Unmarshal(rec.Body.Bytes(), &rep); err != nil {
				t.Fatalf("body is not a report: %v\n%s", err, rec.Body.String())
			}
			if rep.Kind != tt.wantKind || rep.Valid != tt.wantValid {
				t.Errorf("kind=%s valid=%v, want kind=%s valid=%v", rep.Kind, rep.Valid, tt.wantKind, tt.wantValid)
			}
			got := []string{}
			for _, d := range rep.Diagnostics {
				if d.Severity != grader.SeverityInfo {
					got = append(got, d.Code)
				}
			}
			if diff := cmp.Diff(tt.wantCodes, got); diff != "" {
				t.Errorf("codes (-want +got):\n%s", diff)
			}
			if tt.wantInMsg != "" && (len(rep.Diagnostics) == 0 || !strings.Contains(rep.Diagnostics[0].Message, tt.wantInMsg)) {
				t.Errorf("first message should contain %q: %+v", tt.wantInMsg, rep.Diagnostics)
			}
		})
	}
}

func TestValidatePostRejectsBadParameters(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t, Config{})
	for _, target := range []string{"/api/validate?protocol=2024-01-01", "/api/validate?lang=de", "/api/validate?sender=host"} {
		rec := e.do(t, "POST", target, strings.NewReader(`{}`))
		if rec.Code != http.StatusBadRequest || !strings.Contains(rec.Body.String(), `"error"`) {
			t.Errorf("POST %s = %d %s, want 400 with an error", target, rec.Code, rec.Body.String())
		}
	}
	rec := e.do(t, "POST", "/api/validate", strings.NewReader(`not an object`), "Content-Type", validateWrapperType)
	if rec.Code != http.StatusBadRequest {
		t.Errorf("bad wrapper = %d, want 400", rec.Code)
	}
}

// The language may be written in any case; the report comes in that language.
func TestValidateLanguageCase(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t, Config{})
	rec := e.do(t, "POST", "/api/validate?lang=FR", strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"tools/cal"}`))
	if rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), `"protocol"`) || !strings.Contains(rec.Body.String(), "Vouliez-vous dire") {
		t.Errorf("lang=FR = %d %s", rec.Code, rec.Body.String())
	}
}

// A hint request over the body limit is refused as too large, not as an
// unknown hint.
func TestHintAPIBodyTooLarge(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t, Config{})
	id := e.catalog.Exercises()[0].ID
	rec := e.do(t, "POST", "/api/exercises/"+id+"/hints", strings.NewReader(`{"hint": 1, "pad": "`+strings.Repeat("x", 2<<20)+`"}`))
	if rec.Code != http.StatusRequestEntityTooLarge {
		t.Errorf("2 MiB hint request = %d %s", rec.Code, rec.Body.String())
	}
}
