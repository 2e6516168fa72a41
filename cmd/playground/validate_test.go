package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mcpplayground/playground/internal/grader"
)

func TestRunValidate(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	valid := write("valid.json", `{"jsonrpc":"2.0","id":7,"method":"tools/list"}`)
	invalid := write("invalid.json", `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"tool":"x"}}`)
	request := write("request.json", `{"jsonrpc":"2.0","id":7,"method":"tools/list"}`)
	response := write("response.json", `{"jsonrpc":"2.0","id":7,"result":{"tools":[{"name":"t"}]}}`)
	big := write("big.json", `{"a":"`+strings.Repeat("x", grader.MaxSize)+`"}`)

	tests := []validateCase{
		{name: "valid file", args: []string{valid}, wantCode: 0, wantKind: grader.KindRequest, wantCodes: []string{}},
		// tool stands in for the required name: the error is name, missing.
		{name: "invalid file", args: []string{invalid}, wantCode: 1, wantKind: grader.KindRequest,
			wantCodes: []string{"mcp.field.missing"}},
		{name: "stdin", args: []string{"-"}, stdin: `{"jsonrpc":"2.0","method":"notifications/initialized"}`,
			wantCode: 0, wantKind: grader.KindNotification, wantCodes: []string{}},
		{name: "flags after the file", args: []string{"-", "-protocol", "2026-07-28"}, stdin: `{"jsonrpc":"2.0","method":"notifications/initialized"}`,
			wantCode: 1, wantKind: grader.KindNotification, wantCodes: []string{"mcp.method.not-in-revision"}, wantProto: "2026-07-28"},
		{name: "protocol from the environment", args: []string{"-"}, stdin: `{"jsonrpc":"2.0","id":1,"method":"ping"}`,
			env: map[string]string{"PLAYGROUND_PROTOCOL": "2026-07-28"}, wantCode: 1, wantKind: grader.KindRequest,
			wantCodes: []string{"mcp.method.not-in-revision"}, wantProto: "2026-07-28"},
		{name: "flag wins over the environment", args: []string{"-protocol", "2025-06-18", "-"}, stdin: `{"jsonrpc":"2.0","id":1,"method":"ping"}`,
			env: map[string]string{"PLAYGROUND_PROTOCOL": "2026-07-28"}, wantCode: 0, wantKind: grader.KindRequest,
			wantCodes: []string{}, wantProto: "2025-06-18"},
		{name: "response with its request", args: []string{"-request", request, response}, wantCode: 1, wantKind: grader.KindResponse,
			wantCodes: []string{"mcp.field.missing"}},
		{name: "too large", args: []string{big}, wantCode: 1, wantKind: grader.KindInvalid, wantCodes: []string{"json.too-large"}},
		{name: "no file", args: nil, wantCode: 2, wantErr: "usage"},
		{name: "two files", args: []string{valid, valid}, wantCode: 2, wantErr: "usage"},
		{name: "missing file", args: []string{filepath.Join(dir, "nope.json")}, wantCode: 2, wantErr: "nope.json"},
		{name: "unknown protocol", args: []string{"-protocol", "2024-01-01", valid}, wantCode: 2, wantErr: "unknown protocol revision"},
		{name: "unknown language", args: []string{"-lang", "de", valid}, wantCode: 2, wantErr: "unknown language"},
		{name: "unknown flag", args: []string{"-nope", valid}, wantCode: 2, wantErr: "nope"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkValidate(t, tt) })
	}
}

// validateCase is a row of TestRunValidate.
type validateCase struct {
	name      string
	args      []string
	stdin     string
	env       map[string]string
	wantCode  int
	wantKind  grader.Kind
	wantCodes []string // diagnostic codes, in order
	wantProto string
	wantErr   string // substring of stderr
}

// checkValidate runs "playground validate" as tt says and checks its exit
// code, then its error or its report.
func checkValidate(t *testing.T, tt validateCase) {
	t.Helper()
	for k, v := range tt.env {
		t.Setenv(k, v)
	}
	var stdout, stderr bytes.Buffer
	code := runValidate(tt.args, strings.NewReader(tt.stdin), &stdout, &stderr)
	if code != tt.wantCode {
		t.Fatalf("exit code = %d, want %d; stderr: %s", code, tt.wantCode, stderr.String())
	}
	if tt.wantErr != "" {
		if !strings.Contains(stderr.String(), tt.wantErr) {
			t.Errorf("stderr = %q, want it to mention %q", stderr.String(), tt.wantErr)
		}
		return
	}
	var rep grader.Report
	if err := json.Unmarshal(stdout.Bytes(), &rep); err != nil {
		t.Fatalf("stdout is not a report: %v\n%s", err, stdout.String())
	}
	if !strings.Contains(stdout.String(), "\n  \"kind\"") {
		t.Errorf("report is not indented:\n%s", stdout.String())
	}
	want := tt.wantProto
	if want == "" {
		want = grader.DefaultRevision
	}
	if rep.Protocol != want || rep.Kind != tt.wantKind || rep.Valid != (tt.wantCode == 0) {
		t.Errorf("report = %s/%s valid=%v, want %s/%s valid=%v", rep.Protocol, rep.Kind, rep.Valid, want, tt.wantKind, tt.wantCode == 0)
	}
	got := []string{}
	for _, d := range rep.Diagnostics {
		if d.Severity != "info" {
			got = append(got, d.Code)
		}
	}
	if diff := cmp.Diff(tt.wantCodes, got); diff != "" {
		t.Errorf("codes (-want +got):\n%s", diff)
	}
}

func TestRunValidateFrench(t *testing.T) {
	t.Parallel()
	var stdout, stderr bytes.Buffer
	code := runValidate([]string{"-lang", "fr", "-"}, strings.NewReader(`{"jsonrpc":"2.0","id":null,"method":"ping"}`), &stdout, &stderr)
	if code != 1 {
		t.Fatalf("exit code = %d, want 1; stderr: %s", code, stderr.String())
	}
	var rep grader.Report
	if err := json.Unmarshal(stdout.Bytes(), &rep); err != nil {
		t.Fatal(err)
	}
	if len(rep.Diagnostics) == 0 || !strings.Contains(rep.Diagnostics[0].Message, "jamais null") {
		t.Errorf("want a French message about the null id, got %+v", rep.Diagnostics)
	}
}
