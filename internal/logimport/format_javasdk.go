package logimport

import (
	"regexp"

	"github.com/mcpplayground/playground/internal/grader"
	"github.com/mcpplayground/playground/internal/i18n"
)

// The Java SDK's client (Spring AI's MCP client is built on it) logs
// under its package, io.modelcontextprotocol, which Spring Boot's console
// shortens to "i.m.c.…" and logback's default pattern writes whole. A
// line of the server's stdout that is no JSON is quoted after "Error
// processing inbound message for line:", followed by Jackson's exception
// and its stack, without a header.
//
//	2025-06-01T10:00:00.611+02:00 ERROR 18324 --- [pool-2-thread-1] i.m.c.transport.StdioClientTransport     : Error processing inbound message for line: gift server ready
//	10:00:00.611 [pool-1-thread-1] ERROR io.modelcontextprotocol.client.transport.StdioClientTransport -- Error processing inbound message for line: gift server ready
var javaSDKWords = regexp.MustCompile(`\b(?:io\.modelcontextprotocol|i\.m\.(?:c|s|spec)|i\.m\.c\.transport)\.[\w.$]*(?:Transport|Client|Server|Session)\b`)

// javaSDKHead is Spring Boot's header, or logback's default one.
var javaSDKHead = regexp.MustCompile(`^(?:(?P<time>\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d+(?:Z|[+-]\d\d:\d\d)) +(?P<level>TRACE|DEBUG|INFO|WARN|ERROR) +\d+ --- (?:\[[^\]]*\] )+\S+ *: |\d\d:\d\d:\d\d\.\d+ \[[^\]]*\] (?P<level>TRACE|DEBUG|INFO|WARN|ERROR) +\S+ -- )`)

const FormatJavaSDK Format = "java-sdk"

func init() {
	register(Spec{Name: FormatJavaSDK, rank: 46,
		Label: map[i18n.Lang]string{i18n.EN: "The Java SDK's client (Spring AI; Spring Boot or logback logs)", i18n.FR: "Le client du SDK Java (Spring AI ; journaux Spring Boot ou logback)"},
		Sample: "2025-06-01T10:00:00.611+02:00 ERROR 18324 --- [pool-2-thread-1] i.m.c.transport.StdioClientTransport     : Error processing inbound message for line: gift server ready\n" +
			"com.fasterxml.jackson.core.JsonParseException: Unrecognized token 'gift': was expecting (JSON String, Number, Array, Object or token 'null', 'true' or 'false')",
		detect: func(s *sniff) bool { return s.count(javaSDKHead) > 0 && s.count(javaSDKWords) > 0 },
		read: func(r *reader, src []byte) error {
			r.prefixedLines(src, lineStyle{head: javaSDKHead, bare: ContextClientLog, writer: grader.SenderClient})
			return nil
		}})
}
