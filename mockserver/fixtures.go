package mockserver

import (
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"strings"
	"time"
)

// The conformance fixtures are the tools, resources and prompts that the
// official conformance suite calls by name, like the SDKs' "everything"
// servers. They exist only with Config.Fixtures = FixturesConformance, so
// learners never see them.

// redPixelPNG is a 1×1 PNG image.
const redPixelPNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg=="

// silentWAV is a tiny 8 kHz mono 8-bit WAV file: 8 samples of silence.
var silentWAV = func() string {
	samples := []byte{128, 128, 128, 128, 128, 128, 128, 128}
	b := make([]byte, 0, 44+len(samples))
	b = append(b, "RIFF"...)
	b = binary.LittleEndian.AppendUint32(b, uint32(36+len(samples)))
	b = append(b, "WAVEfmt "...)
	b = binary.LittleEndian.AppendUint32(b, 16)   // fmt chunk size
	b = binary.LittleEndian.AppendUint16(b, 1)    // PCM
	b = binary.LittleEndian.AppendUint16(b, 1)    // mono
	b = binary.LittleEndian.AppendUint32(b, 8000) // sample rate
	b = binary.LittleEndian.AppendUint32(b, 8000) // byte rate
	b = binary.LittleEndian.AppendUint16(b, 1)    // block align
	b = binary.LittleEndian.AppendUint16(b, 8)    // bits per sample
	b = append(b, "data"...)
	b = binary.LittleEndian.AppendUint32(b, uint32(len(samples)))
	b = append(b, samples...)
	return base64.StdEncoding.EncodeToString(b)
}()

type imageBlock struct {
	Type     string `json:"type"`
	Data     string `json:"data"`
	MimeType string `json:"mimeType"`
}

type embeddedResource struct {
	Type     string           `json:"type"`
	Resource resourceContents `json:"resource"`
}

// pause waits d on the server's clock; false when the call was cancelled.
func (c *call) pause(d time.Duration) bool {
	select {
	case <-c.ctx.Done():
		return false
	case <-c.s.srv.cfg.Clock.After(d):
		return true
	}
}

func constant(result callResult) func(*call) (any, *rpcError) {
	return func(*call) (any, *rpcError) { return result, nil }
}

// elicitFixture asks the client to fill a form and reports its answer.
func elicitFixture(message string, schema map[string]any, prefix string) func(*call) (any, *rpcError) {
	return func(c *call) (any, *rpcError) {
		if !c.r.caps.elicitation {
			return toolError("The client did not declare the elicitation capability."), nil
		}
		msg := message
		if msg == "" {
			msg = c.str("message")
		}
		params := c.elicitParams(msg, schema)
		answer, instead, rerr, ok := c.askTool("elicitation", "elicitation/create", params)
		if !ok {
			return instead, rerr
		}
		var res struct {
			Action  string          `json:"action"`
			Content json.RawMessage `json:"content"`
		}
		_ = json.Unmarshal(answer, &res)
		content := "{}"
		if len(res.Content) > 0 {
			content = string(res.Content)
		}
		return textResult(fmt.Sprintf("%saction=%s, content=%s", prefix, res.Action, content)), nil
	}
}

// conformanceTools is a table: the tools the MCP conformance suite calls,
// one a row; the longer calls and forms are named below it.
func conformanceTools() []*tool {
	return []*tool{
		{name: "test_simple_text", description: "Returns simple text.", call: constant(textResult("This is a simple text response for testing."))},
		{name: "test_image_content", description: "Returns an image.", call: constant(callResult{Content: []any{imageBlock{"image", redPixelPNG, "image/png"}}})},
		{name: "test_audio_content", description: "Returns audio.", call: constant(callResult{Content: []any{imageBlock{"audio", silentWAV, "audio/wav"}}})},
		{name: "test_embedded_resource", description: "Returns an embedded resource.", call: constant(callResult{Content: []any{
			embeddedResource{"resource", resourceContents{URI: "test://embedded-resource", MimeType: "text/plain", Text: "This is an embedded resource content."}},
		}})},
		{name: "test_multiple_content_types", description: "Returns text, an image and a resource.", call: constant(callResult{Content: []any{
			text("Multiple content types test:"),
			imageBlock{"image", redPixelPNG, "image/png"},
			embeddedResource{"resource", resourceContents{URI: "test://mixed-content-resource", MimeType: "application/json", Text: `{"test":"data","value":123}`}},
		}})},
		{name: "test_tool_with_logging", description: "Sends three log messages while it runs.", blocking: true, call: callWithLogging},
		{name: "test_error_handling", description: "Always fails.", call: constant(toolError("This tool intentionally returns an error for testing"))},
		{name: "test_tool_with_progress", description: "Reports progress 0, 50, 100 of 100.", blocking: true, call: callWithProgress},
		{name: "test_sampling", description: "Asks the client's model.", blocking: true,
			args: []argSpec{{name: "prompt", typ: "string", required: true, description: "The prompt to send to the LLM"}},
			call: callSampling},
		{name: "test_elicitation", description: "Asks the user for a username and an email.", blocking: true,
			args: []argSpec{{name: "message", typ: "string", required: true, description: "The message to show the user"}},
			call: elicitFixture("", map[string]any{
				"type": "object",
				"properties": map[string]any{
					"username": map[string]any{"type": "string", "description": "User's response"},
					"email":    map[string]any{"type": "string", "description": "User's email address"},
				},
				"required": []string{"username", "email"},
			}, "User response: ")},
		{name: "test_elicitation_sep1034_defaults", description: "Elicitation with default values.", blocking: true,
			call: elicitFixture("Please review and update the form fields with defaults", defaultsSchema(), "Elicitation completed: ")},
		{name: "test_elicitation_sep1330_enums", description: "Elicitation with every enum form.", blocking: true,
			call: elicitFixture("Please select options from the enum fields", enumsSchema(), "Elicitation completed: ")},
		{name: "json_schema_2020_12_tool", description: "Tool with JSON Schema 2020-12 features",
			inputSchema: json.RawMessage(`{"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object","$defs":{"address":{"type":"object","properties":{"street":{"type":"string"},"city":{"type":"string"}}}},"properties":{"name":{"type":"string"},"address":{"$ref":"#/$defs/address"}},"additionalProperties":false}`),
			call: func(c *call) (any, *rpcError) {
				return textResult("json_schema_2020_12_tool received: " + string(marshal(c.args.asMap()))), nil
			}},
		{name: "test_reconnection", description: "Closes its SSE stream mid-call; the result arrives after the client reconnects with Last-Event-ID.", blocking: true,
			call: callReconnection},
	}
}

// The conformance tools whose call is more than one constant result.

// callWithLogging sends three log messages while it runs.
func callWithLogging(c *call) (any, *rpcError) {
	c.logf("info", "conformance", "Tool execution started")
	if !c.pause(50 * time.Millisecond) {
		return nil, nil
	}
	c.logf("info", "conformance", "Tool processing data")
	if !c.pause(50 * time.Millisecond) {
		return nil, nil
	}
	c.logf("info", "conformance", "Tool execution completed")
	return textResult("Tool with logging executed successfully"), nil
}

// callWithProgress reports progress 0, 50, 100 of 100.
func callWithProgress(c *call) (any, *rpcError) {
	for i, p := range []float64{0, 50, 100} {
		if i > 0 && !c.pause(50*time.Millisecond) {
			return nil, nil
		}
		c.notifyProgress(p, 100, "")
	}
	return textResult("Tool with progress executed successfully"), nil
}

// callSampling asks the client's model for the prompt.
func callSampling(c *call) (any, *rpcError) {
	if !c.r.caps.sampling {
		return toolError("The client did not declare the sampling capability."), nil
	}
	params := map[string]any{
		"messages":  []any{map[string]any{"role": "user", "content": text(c.str("prompt"))}},
		"maxTokens": 100,
	}
	answer, instead, rerr, ok := c.askTool("sampling", "sampling/createMessage", params)
	if !ok {
		return instead, rerr
	}
	var res struct {
		Content textBlock `json:"content"`
	}
	_ = json.Unmarshal(answer, &res)
	return textResult("LLM response: " + res.Content.Text), nil
}

// callReconnection closes its SSE stream mid-call; the result arrives
// after the client reconnects with Last-Event-ID.
func callReconnection(c *call) (any, *rpcError) {
	if !c.pause(50 * time.Millisecond) {
		return nil, nil
	}
	closeStream(c.ctx)
	if !c.pause(200 * time.Millisecond) {
		return nil, nil
	}
	return textResult("Reconnection test completed"), nil
}

// defaultsSchema is test_elicitation_sep1034_defaults's form: a field of
// each type, each with a default.
func defaultsSchema() map[string]any {
	return map[string]any{
		"type": "object",
		"properties": map[string]any{
			"name":     map[string]any{"type": "string", "description": "User name", "default": "John Doe"},
			"age":      map[string]any{"type": "integer", "description": "User age", "default": 30},
			"score":    map[string]any{"type": "number", "description": "User score", "default": 95.5},
			"status":   map[string]any{"type": "string", "description": "User status", "enum": []string{"active", "inactive", "pending"}, "default": "active"},
			"verified": map[string]any{"type": "boolean", "description": "Verification status", "default": true},
		},
	}
}

// enumsSchema is test_elicitation_sep1330_enums's form: every enum form.
func enumsSchema() map[string]any {
	return map[string]any{
		"type": "object",
		"properties": map[string]any{
			"untitledSingle": map[string]any{"type": "string", "description": "Select one option", "enum": []string{"option1", "option2", "option3"}},
			"titledSingle": map[string]any{"type": "string", "description": "Select one option with titles", "oneOf": []any{
				map[string]any{"const": "value1", "title": "First Option"},
				map[string]any{"const": "value2", "title": "Second Option"},
				map[string]any{"const": "value3", "title": "Third Option"},
			}},
			"legacyEnum": map[string]any{"type": "string", "description": "Select one option (legacy)", "enum": []string{"opt1", "opt2", "opt3"}, "enumNames": []string{"Option One", "Option Two", "Option Three"}},
			"untitledMulti": map[string]any{"type": "array", "description": "Select multiple options", "minItems": 1, "maxItems": 3,
				"items": map[string]any{"type": "string", "enum": []string{"option1", "option2", "option3"}}},
			"titledMulti": map[string]any{"type": "array", "description": "Select multiple options with titles", "minItems": 1, "maxItems": 3,
				"items": map[string]any{"anyOf": []any{
					map[string]any{"const": "value1", "title": "First Choice"},
					map[string]any{"const": "value2", "title": "Second Choice"},
					map[string]any{"const": "value3", "title": "Third Choice"},
				}}},
		},
	}
}

func staticText(uri, mime, body string) func() []resourceContents {
	return func() []resourceContents { return []resourceContents{{URI: uri, MimeType: mime, Text: body}} }
}

func conformanceResources() []resourceDef {
	return []resourceDef{
		{URI: "test://static-text", Name: "static-text", Description: "A static text resource.", MimeType: "text/plain",
			read: staticText("test://static-text", "text/plain", "This is the content of the static text resource.")},
		{URI: "test://static-binary", Name: "static-binary", Description: "A static binary resource.", MimeType: "image/png",
			read: func() []resourceContents {
				return []resourceContents{{URI: "test://static-binary", MimeType: "image/png", Blob: redPixelPNG}}
			}},
		{URI: "test://watched-resource", Name: "watched-resource", Description: "A resource to subscribe to.", MimeType: "text/plain",
			read: staticText("test://watched-resource", "text/plain", "Watched resource content.")},
	}
}

func conformanceTemplates() []templateDef {
	return []templateDef{{
		URITemplate: "test://template/{id}/data",
		Name:        "template",
		Description: "A template whose id is substituted.",
		MimeType:    "application/json",
		read: func(uri string) ([]resourceContents, bool) {
			rest, ok := strings.CutPrefix(uri, "test://template/")
			id, ok2 := strings.CutSuffix(rest, "/data")
			if !ok || !ok2 || id == "" || strings.Contains(id, "/") {
				return nil, false
			}
			body := marshal(map[string]any{"id": id, "templateTest": true, "data": "Data for ID: " + id})
			return []resourceContents{{URI: uri, MimeType: "application/json", Text: string(body)}}, true
		},
	}}
}

func conformancePrompts() []promptDef {
	return []promptDef{
		{Name: "test_simple_prompt", Description: "A simple prompt without arguments.", get: func(map[string]string) (any, *rpcError) {
			return promptResult{Messages: []promptMessage{{"user", text("This is a simple prompt for testing.")}}}, nil
		}},
		{Name: "test_prompt_with_arguments", Description: "A prompt with two arguments.",
			Arguments: []promptArg{
				{Name: "arg1", Description: "First test argument", Required: true, values: []string{"paris", "park", "party"}},
				{Name: "arg2", Description: "Second test argument", Required: true},
			},
			get: func(a map[string]string) (any, *rpcError) {
				return promptResult{Messages: []promptMessage{{"user", text(fmt.Sprintf("Prompt with arguments: arg1='%s', arg2='%s'", a["arg1"], a["arg2"]))}}}, nil
			}},
		{Name: "test_prompt_with_embedded_resource", Description: "A prompt that embeds a resource.",
			Arguments: []promptArg{{Name: "resourceUri", Description: "URI of the resource to embed", Required: true}},
			get: func(a map[string]string) (any, *rpcError) {
				return promptResult{Messages: []promptMessage{
					{"user", embeddedResource{"resource", resourceContents{URI: a["resourceUri"], MimeType: "text/plain", Text: "Embedded resource content for testing."}}},
					{"user", text("Please process the embedded resource above.")},
				}}, nil
			}},
		{Name: "test_prompt_with_image", Description: "A prompt with an image.", get: func(map[string]string) (any, *rpcError) {
			return promptResult{Messages: []promptMessage{
				{"user", imageBlock{"image", redPixelPNG, "image/png"}},
				{"user", text("Please analyze the image above.")},
			}}, nil
		}},
	}
}
