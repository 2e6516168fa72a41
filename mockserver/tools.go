package mockserver

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/mcpplayground/playground/internal/grader"
	"math"
	"slices"
	"strconv"
	"strings"
)

// argSpec describes one tool argument; the inputSchema is generated from it
// and arguments are validated against it.
type argSpec struct {
	name        string
	typ         string // "string", "number", "integer", "boolean"
	description string
	required    bool
	enum        []string
	min, max    *float64
	def         any
	// hint tells the caller how to fix a wrong value; it ends the
	// "Invalid arguments" text of a tool error.
	hint string
}

type toolAnnotations struct {
	Title           string `json:"title,omitempty"`
	ReadOnlyHint    *bool  `json:"readOnlyHint,omitempty"`
	DestructiveHint *bool  `json:"destructiveHint,omitempty"`
	IdempotentHint  *bool  `json:"idempotentHint,omitempty"`
	OpenWorldHint   *bool  `json:"openWorldHint,omitempty"`
}

// tool is one tool of the server.
type tool struct {
	name, title, description string
	args                     []argSpec
	// inputSchema overrides the schema generated from args (fixtures).
	inputSchema  json.RawMessage
	outputSchema json.RawMessage
	annotations  *toolAnnotations
	// blocking tools wait (on the clock or on the client): transports run them
	// on their own goroutine and stream what they send.
	blocking bool
	// locked tools exist only after unlock_gift_wrapping in that session.
	locked bool
	// taskSupport is the tool's execution.taskSupport in 2025-11-25
	// ("optional" or "required"; "" leaves it out: tasks.go).
	taskSupport string
	// openArgs tools ignore unknown arguments: their inputSchema does not
	// say additionalProperties false (suggest_gifts, as the lessons show it).
	openArgs bool
	call     func(c *call) (any, *rpcError)
}

type toolDefinition struct {
	Name         string           `json:"name"`
	Title        string           `json:"title,omitempty"`
	Description  string           `json:"description,omitempty"`
	InputSchema  json.RawMessage  `json:"inputSchema"`
	OutputSchema json.RawMessage  `json:"outputSchema,omitempty"`
	Annotations  *toolAnnotations `json:"annotations,omitempty"`
}

func (t *tool) definition() toolDefinition {
	in := t.inputSchema
	if in == nil {
		in = t.schema()
	}
	return toolDefinition{t.name, t.title, t.description, in, t.outputSchema, t.annotations}
}

// schema generates the inputSchema from the argument specs, with the
// properties in the order of the specs (JSON objects have no order, but
// people read them, and the lessons show this order).
func (t *tool) schema() json.RawMessage {
	type prop struct {
		Type        string   `json:"type"`
		Description string   `json:"description,omitempty"`
		Enum        []string `json:"enum,omitempty"`
		Minimum     *float64 `json:"minimum,omitempty"`
		Maximum     *float64 `json:"maximum,omitempty"`
		Default     any      `json:"default,omitempty"`
	}
	buf := []byte(`{"type":"object"`)
	if len(t.args) > 0 {
		buf = append(buf, `,"properties":{`...)
		var required []string
		for i, a := range t.args {
			if i > 0 {
				buf = append(buf, ',')
			}
			buf = append(buf, marshal(a.name)...)
			buf = append(buf, ':')
			buf = append(buf, marshal(prop{a.typ, a.description, a.enum, a.min, a.max, a.def})...)
			if a.required {
				required = append(required, a.name)
			}
		}
		buf = append(buf, '}')
		if len(required) > 0 {
			buf = append(buf, `,"required":`...)
			buf = append(buf, marshal(required)...)
		}
	}
	if !t.openArgs {
		buf = append(buf, `,"additionalProperties":false`...)
	}
	buf = append(buf, '}')
	return buf
}

// argProblem is one way the arguments miss the inputSchema.
type argProblem struct {
	arg  string
	kind string // "missing", "invalid" or "unknown"
	what string // "is required", "must be a number, not a string", …
	hint string
}

// validate checks arguments against the specs and returns what is wrong, in
// the order of the specs, then unknown arguments in name order.
func (t *tool) validate(args params) []argProblem {
	if t.inputSchema != nil {
		// A hand-written schema (fixtures) is the tool's own business.
		return nil
	}
	var problems []argProblem
	for _, a := range t.args {
		f, ok := args.field(a.name)
		if !ok {
			if a.required {
				problems = append(problems, argProblem{a.name, "missing", "is required", a.hint})
			}
			continue
		}
		if p := a.check(f); p != "" {
			problems = append(problems, argProblem{a.name, "invalid", p, a.hint})
		}
	}
	if t.openArgs {
		return problems
	}
	var unknown []string
	for _, f := range args.fields {
		if !slices.ContainsFunc(t.args, func(a argSpec) bool { return a.name == f.Name }) {
			unknown = append(unknown, f.Name)
		}
	}
	slices.Sort(unknown)
	for _, k := range unknown {
		what := "is not an argument of " + t.name
		if len(t.args) > 0 {
			what += " (expected: " + t.argNames() + ")"
		} else {
			what += ", which takes none"
		}
		problems = append(problems, argProblem{k, "unknown", what, ""})
	}
	return problems
}

// toolErrorText is the text of the tool error that reports problems
// (2025-11-25 and later): what is wrong, then how to fix it, for the model.
func toolErrorText(problems []argProblem) string {
	parts := make([]string, len(problems))
	var hints []string
	for i, p := range problems {
		parts[i] = strconv.Quote(p.arg) + " " + p.what
		if p.hint != "" && !slices.Contains(hints, p.hint) {
			hints = append(hints, p.hint)
		}
	}
	msg := "Invalid arguments: " + strings.Join(parts, "; ") + "."
	for _, h := range hints {
		msg += " " + h
	}
	return msg
}

// invalidArgsError is the -32602 that reports problems in 2025-06-18, with
// the names of the missing, invalid and unknown arguments in error.data.
func invalidArgsError(problems []argProblem) *rpcError {
	parts := make([]string, len(problems))
	data := map[string]any{}
	for i, p := range problems {
		parts[i] = p.arg + " " + p.what
		names, _ := data[p.kind].([]string)
		data[p.kind] = append(names, p.arg)
	}
	return &rpcError{Code: CodeInvalidParams, Message: "Invalid params: " + strings.Join(parts, "; "), Data: data, explain: true}
}

func (t *tool) argNames() string {
	names := make([]string, len(t.args))
	for i, a := range t.args {
		names[i] = a.name
	}
	return strings.Join(names, ", ")
}

// check returns what is wrong with one argument's value ("" when nothing),
// as the end of a sentence whose subject is the argument.
func (a argSpec) check(arg grader.Field) string {
	raw := arg.Value
	switch a.typ {
	case "string":
		if !arg.IsString() {
			return "must be a string, not " + jsonType(raw)
		}
		if len(a.enum) > 0 && !slices.Contains(a.enum, arg.Str) {
			return "must be one of " + strings.Join(a.enum, ", ")
		}
	case "number", "integer":
		f, ok := number(raw)
		if c := grader.FirstByte(raw); !(c == '-' || (c >= '0' && c <= '9')) || !ok {
			return fmt.Sprintf("must be %s %s, not %s", article(a.typ), a.typ, jsonType(raw))
		}
		if a.typ == "integer" && f != math.Trunc(f) {
			return "must be an integer"
		}
		if a.min != nil && f < *a.min {
			return "must be at least " + strconv.FormatFloat(*a.min, 'f', -1, 64)
		}
		if a.max != nil && f > *a.max {
			return "must be at most " + strconv.FormatFloat(*a.max, 'f', -1, 64)
		}
	case "boolean":
		if s := string(raw); s != "true" && s != "false" {
			return "must be true or false"
		}
	}
	return ""
}

func jsonType(raw json.RawMessage) string {
	switch grader.FirstByte(raw) {
	case '"':
		return "a string"
	case '{':
		return "an object"
	case '[':
		return "an array"
	case 't', 'f':
		return "a boolean"
	case 'n':
		return "null"
	}
	return "a number"
}

func ptr[T any](v T) *T { return &v }

// call is one tools/call in progress, as the tool sees it.
type call struct {
	ctx      context.Context
	s        *Session
	r        *req
	t        *tool
	args     params
	progress json.RawMessage // progressToken, nil when none
}

// related is the request id this call's messages belong to.
func (c *call) related() string { return c.r.m.idKey() }

func (c *call) str(name string) string {
	if f, ok := c.args.field(name); ok {
		return f.Str // "" when it is not a string, as json.Unmarshal leaves it
	}
	for _, a := range c.t.args {
		if a.name == name {
			if d, ok := a.def.(string); ok {
				return d
			}
		}
	}
	return ""
}

func (c *call) num(name string, def float64) float64 {
	if raw, ok := c.args.get(name); ok {
		if f, ok := number(raw); ok {
			return f
		}
	}
	return def
}

// notifyProgress sends notifications/progress when the request asked for it.
func (c *call) notifyProgress(progress, total float64, msg string) {
	if c.progress == nil {
		return
	}
	p := progressParams{ProgressToken: c.progress, Progress: progress, Message: msg}
	if total > 0 {
		p.Total = &total
	}
	c.s.emit(Outbound{Raw: notification("notifications/progress", p), Kind: grader.KindNotification, Method: "notifications/progress", Related: c.related()})
}

type progressParams struct {
	ProgressToken json.RawMessage `json:"progressToken"`
	Progress      float64         `json:"progress"`
	Total         *float64        `json:"total,omitempty"`
	Message       string          `json:"message,omitempty"`
}

// logs tells whether a log message of that level passes the threshold, so
// that a text nobody receives is not written.
func (c *call) logs(level string) bool {
	return c.r.logLevel >= 0 && levelIndex(level) >= c.r.logLevel
}

// logf sends notifications/message when the level passes the threshold.
func (c *call) logf(level, logger string, data any) {
	if !c.logs(level) {
		return
	}
	p := struct {
		Level  string `json:"level"`
		Logger string `json:"logger,omitempty"`
		Data   any    `json:"data"`
	}{level, logger, data}
	c.s.emit(Outbound{Raw: notification("notifications/message", p), Kind: grader.KindNotification, Method: "notifications/message", Related: c.related()})
}

// callResult is a CallToolResult.
// isError is always written, false included, as the lessons show it.
type callResult struct {
	Content           []any `json:"content"`
	StructuredContent any   `json:"structuredContent,omitempty"`
	IsError           bool  `json:"isError"`
}

// giftList is the structuredContent of the gift tools.
type giftList struct {
	Gifts []giftSummary `json:"gifts"`
}

type textBlock struct {
	Type string `json:"type"`
	Text string `json:"text"`
}

func text(s string) textBlock { return textBlock{"text", s} }

func textResult(s string) callResult { return callResult{Content: []any{text(s)}} }

func toolError(s string) callResult { return callResult{Content: []any{text(s)}, IsError: true} }

// inputRequired is a 2026-07-28 InputRequiredResult: the server needs the
// client's answers before it can finish, and the client retries the request
// with inputResponses.
type inputRequired struct {
	ResultType    string         `json:"resultType"`
	InputRequests map[string]any `json:"inputRequests,omitempty"`
	RequestState  string         `json:"requestState,omitempty"`
}

// inputRequest is one entry of inputRequests.
type inputRequest struct {
	Method string `json:"method"`
	Params any    `json:"params"`
}

// ask asks the client something: in a legacy session by sending it a request
// and waiting, in a 2026-07-28 request from the inputResponses of the retry.
// When the answer is not there yet in a modern request, it returns the
// InputRequiredResult to send instead, sealed with its requestState; a
// retry whose requestState is missing or does not verify gets the -32602
// to answer instead (request_state.go).
func (c *call) ask(key, method string, params any) (answer json.RawMessage, pending any, rerr *rpcError, err error) {
	if c.r.modern {
		carries := c.r.p.has("inputResponses")
		verified, rerr := c.retryState(key, method, carries)
		if rerr != nil {
			return nil, nil, rerr, nil
		}
		if responses, _, perr := c.r.p.object("inputResponses", false); verified && perr == nil {
			if raw, ok := responses.get(key); ok {
				return raw, nil, nil, nil
			}
		}
		return nil, inputRequired{ResultType: "input_required", InputRequests: map[string]any{key: inputRequest{method, params}}, RequestState: c.requestState(key, method)}, nil, nil
	}
	res, err := c.s.askClient(c.ctx, c.related(), method, params)
	return res, nil, nil, err
}

// askTool is ask for a tool's call: when there is no answer to use, it
// returns false and what the tool returns instead: the pending
// InputRequiredResult, the -32602 of a retry whose requestState is wrong,
// nothing when the call was cancelled, or a tool error saying why the
// client's answer is missing.
func (c *call) askTool(key, method string, params any) (answer json.RawMessage, instead any, rerr *rpcError, ok bool) {
	answer, pending, rerr, err := c.ask(key, method, params)
	switch {
	case rerr != nil:
		return nil, nil, rerr, false
	case pending != nil:
		return nil, pending, nil, false
	case errors.Is(err, context.Canceled):
		return nil, nil, nil, false
	case err != nil:
		return nil, toolError(askFailed(method, err)), nil, false
	}
	return answer, nil, nil, true
}

// elicitParams are the params of an elicitation/create form request; "mode"
// exists since 2025-11-25.
func (c *call) elicitParams(message string, schema any) map[string]any {
	params := map[string]any{"message": c.s.say(message), "requestedSchema": schema}
	if c.r.rev != Rev20250618 {
		params["mode"] = "form"
	}
	return params
}

// askFailed explains why the client's answer is missing.
func askFailed(method string, err error) string {
	if errors.Is(err, errNotReady) {
		return "The server cannot send " + method + " yet: it sends no request before notifications/initialized. Send that notification first."
	}
	return "No answer to " + method + ": " + err.Error()
}

// toolsList answers tools/list, one page at a time when asked.
func (s *Session) toolsList(_ context.Context, r *req) (any, *rpcError) {
	unlocked := s.isUnlocked()
	names := make([]string, 0, len(s.srv.tools))
	for _, t := range s.srv.tools {
		if !t.locked || unlocked {
			names = append(names, t.name)
		}
	}
	pg, err := s.page(r, len(names))
	if err != nil {
		return nil, err
	}
	buf := make([]byte, 0, 4096)
	buf = append(buf, `{"tools":[`...)
	for i, n := range names[pg.from:pg.to] {
		if i > 0 {
			buf = append(buf, ',')
		}
		def := s.srv.toolJSONFor(s.lang)[n]
		if t := s.srv.findTool(n); t.taskSupport != "" && r.rev == Rev20251125 {
			buf = append(buf, def[:len(def)-1]...)
			buf = append(buf, `,"execution":{"taskSupport":`...)
			buf = strconv.AppendQuote(buf, t.taskSupport)
			buf = append(buf, "}}"...)
			continue
		}
		buf = append(buf, def...)
	}
	buf = append(buf, ']')
	if pg.next != "" {
		buf = append(buf, `,"nextCursor":`...)
		buf = strconv.AppendQuote(buf, pg.next)
	}
	buf = append(buf, '}')
	return json.RawMessage(buf), nil
}

// pageSpan is one page of a list: the slice bounds and the next cursor
// ("" on the last page).
type pageSpan struct {
	from, to int
	next     string
}

// page reads params.cursor and returns the page of a list of n items.
// Cursors are opaque to clients on purpose: base64 of {"offset":N}, as the
// tools lesson shows them.
func (s *Session) page(r *req, n int) (pageSpan, *rpcError) {
	var from, to int
	var next string
	cursor, present, cerr := r.p.str("cursor", false)
	if cerr != nil {
		return pageSpan{}, newError(CodeInvalidParams, `Invalid params: "cursor" must be a string (leave it out for the first page)`)
	}
	if present {
		var c struct {
			Offset *int `json:"offset"`
		}
		b, derr := base64.RawURLEncoding.DecodeString(strings.TrimRight(cursor, "="))
		if derr != nil || json.Unmarshal(b, &c) != nil || c.Offset == nil || *c.Offset <= 0 || *c.Offset >= n {
			return pageSpan{}, &rpcError{Code: CodeInvalidParams, Message: "Invalid params: unknown cursor; use a nextCursor this server returned", explain: true}
		}
		from = *c.Offset
	}
	size := s.pageSize(r)
	to = n
	if size > 0 && from+size < n {
		to = from + size
		next = base64.RawURLEncoding.EncodeToString([]byte(`{"offset":` + strconv.Itoa(to) + `}`))
	}
	return pageSpan{from, to, next}, nil
}

// toolsCall answers tools/call.
func (s *Session) toolsCall(ctx context.Context, r *req) (any, *rpcError) {
	name, _, err := r.p.str("name", true)
	if err != nil {
		return nil, err
	}
	t := s.srv.findTool(name)
	if t != nil && t.locked && !s.isUnlocked() {
		t = nil
	}
	if t == nil {
		if res := s.srv.misunknownTool(); res != nil {
			return res, nil
		}
		return nil, s.unknownTool(name)
	}
	args, _, err := r.p.object("arguments", false)
	if err != nil {
		return nil, err
	}
	if problems := t.validate(args); len(problems) > 0 {
		if r.rev == Rev20250618 {
			// 2025-06-18 lists invalid arguments among the protocol errors.
			return nil, invalidArgsError(problems)
		}
		// Since 2025-11-25 input validation errors are tool execution
		// errors, so a model can read them and correct itself.
		return s.srv.mistoolResult(toolError(toolErrorText(problems)), nil)
	}
	c := &call{ctx: ctx, s: s, r: r, t: t, args: args, progress: r.p.progressToken()}
	c.undeclaredLog()
	if tp, ok, _ := r.p.object("task", false); ok && t.taskSupport != "" && r.rev == Rev20251125 {
		var ttl int64
		if raw, has := tp.get("ttl"); has {
			_ = json.Unmarshal(raw, &ttl)
		}
		return s.startTask(ctx, c, ttl)
	}
	return s.srv.mistoolResult(t.call(c))
}

// unknownTool is the -32602 for a tool that is not in this session's
// tools/list, with the tools that are in error.data.
func (s *Session) unknownTool(name string) *rpcError {
	unlocked := s.isUnlocked()
	available := []string{}
	for _, t := range s.srv.tools {
		if !t.locked || unlocked {
			available = append(available, t.name)
		}
	}
	return &rpcError{
		Code:    CodeInvalidParams,
		Message: "Unknown tool: " + name,
		Data:    map[string]any{"name": name, "available": available},
		explain: true,
	}
}

// giftTools are the gift server's tools, in tools/list order.
func giftTools() []*tool {
	readOnly := &toolAnnotations{ReadOnlyHint: ptr(true), OpenWorldHint: ptr(false)}
	return []*tool{
		{
			// Defined exactly as the tools lesson shows it.
			name:        "suggest_gifts",
			title:       "Gift ideas",
			description: "Suggests gift ideas for an occasion, within a budget in US dollars.",
			args: []argSpec{
				{name: "occasion", typ: "string", required: true, description: "What the gift is for, e.g. birthday", hint: `Say what the gift is for, for example "birthday".`},
				{name: "budget", typ: "number", required: true, description: "Maximum price in US dollars", hint: "Give the maximum price in US dollars, for example 50."},
				{name: "recipient", typ: "string", description: "Who the gift is for"},
			},
			openArgs:     true,
			outputSchema: json.RawMessage(`{"type":"object","properties":{"gifts":{"type":"array","items":{"type":"object","properties":{"name":{"type":"string"},"price":{"type":"number"},"category":{"type":"string"}},"required":["name","price","category"]}}},"required":["gifts"]}`),
			call:         suggestGifts,
		},
		{
			name:        "ask_gift_preferences",
			title:       "Ask about preferences",
			description: "Asks you (elicitation/create) which category and budget you prefer, then suggests gifts. Your client must support elicitation.",
			annotations: readOnly,
			blocking:    true,
			call:        askGiftPreferences,
		},
		{
			name:        "prepare_delivery",
			title:       "Prepare the delivery",
			description: "Packs the gifts step by step. Slow on purpose: send a progressToken in _meta to get notifications/progress, and notifications/cancelled to stop it.",
			args: []argSpec{
				{name: "steps", typ: "integer", min: ptr(1.0), max: ptr(10.0), def: 5, description: "How many steps the packing takes (1 to 10).", hint: "Give a whole number of steps from 1 to 10, or leave it out for 5."},
			},
			// Packing changes nothing the client owns, and packing twice packs twice.
			annotations: &toolAnnotations{ReadOnlyHint: ptr(false), DestructiveHint: ptr(false), IdempotentHint: ptr(false), OpenWorldHint: ptr(false)},
			taskSupport: "optional",
			blocking:    true,
			call:        prepareDelivery,
		},
		{
			name:        "unlock_gift_wrapping",
			title:       "Unlock gift wrapping",
			description: "Unlocks the wrap_gift tool for this session; the server then sends notifications/tools/list_changed.",
			annotations: &toolAnnotations{ReadOnlyHint: ptr(false), DestructiveHint: ptr(false), IdempotentHint: ptr(true), OpenWorldHint: ptr(false)},
			call:        unlockGiftWrapping,
		},
		{
			name:        "write_card_message",
			title:       "Write a card",
			description: "Asks your client's model (sampling/createMessage) to write the message of a gift card. Your client must support sampling.",
			args: []argSpec{
				{name: "occasion", typ: "string", required: true, description: "The occasion of the gift.", hint: `Say what the gift is for, for example "birthday".`},
				{name: "recipient", typ: "string", description: "Who the card is for."},
			},
			annotations: readOnly,
			blocking:    true,
			call:        writeCardMessage,
		},
		{
			// The tool the tools lesson shows on the last page of tools/list.
			name:        "wrap_gift",
			title:       "Wrapping styles",
			description: "Lists the gift-wrapping styles available for a gift.",
			// As the tools lesson shows its annotations.
			annotations: &toolAnnotations{ReadOnlyHint: ptr(true), IdempotentHint: ptr(true), OpenWorldHint: ptr(false)},
			locked:      true,
			call:        constant(callResult{Content: []any{text(wrappingStylesText)}}),
		},
	}
}

// wrappingStylesText is what wrap_gift answers.
const wrappingStylesText = "Three gift-wrapping styles are available: classic (red paper and a gold ribbon), kraft (brown paper and twine) and festive (starry paper and a big bow)."

// suggestGifts searches the shelves for the occasion and the budget. With a
// progressToken it reports each shelf it moves on to: quick, deterministic
// progress (prepare_delivery is the slow, cancellable tool).
func suggestGifts(c *call) (any, *rpcError) {
	occasion, recipient := c.str("occasion"), c.str("recipient")
	budget := c.num("budget", 0)
	if normalOccasion(occasion) == "" {
		return toolError(`Invalid arguments: "occasion" is empty. Say what the gift is for, for example "birthday".`), nil
	}
	if budget < 0 {
		return toolError(`Invalid arguments: "budget" cannot be negative. Give the maximum price in US dollars, for example 50.`), nil
	}
	if c.logs("info") {
		c.logf("info", "gift-server", c.s.searchingLog(occasion, budget))
	}
	for i := 1; i < len(shelves) && c.progress != nil; i++ {
		c.notifyProgress(float64(i), float64(len(shelves)), c.s.searchingText(shelves[i].label))
	}
	sg := suggest(occasion, budget, recipient)
	if sg.NothingFits {
		c.logf("warning", "gift-server", c.s.say("nothing fits the budget"))
		return toolError(c.s.nothingFits(occasion, budget, sg)), nil
	}
	if c.logs("debug") {
		c.logf("debug", "gift-server", c.s.selectedLog(len(sg.Gifts)))
	}
	// The text block carries the structured content serialised, as the spec
	// recommends for clients that predate structuredContent.
	if res, ok := giftListResult(sg.Gifts); ok {
		return res, nil
	}
	list := giftList{sg.Gifts}
	return callResult{
		Content:           []any{text(string(marshal(list)))},
		StructuredContent: list,
	}, nil
}

func prepareDelivery(c *call) (any, *rpcError) {
	steps := int(c.num("steps", 5))
	labels := []string{"choosing the box", "adding tissue paper", "placing the gifts", "closing the box", "printing the label"}
	for i := 1; i <= steps; i++ {
		select {
		case <-c.ctx.Done():
			return nil, nil
		case <-c.s.srv.cfg.Clock.After(c.s.srv.cfg.ProgressInterval):
		}
		c.notifyProgress(float64(i), float64(steps), c.s.packingStep(i, steps, labels[(i-1)%len(labels)]))
	}
	return textResult(c.s.packedText(steps)), nil
}

func unlockGiftWrapping(c *call) (any, *rpcError) {
	s := c.s
	s.shared.mu.Lock()
	already := s.shared.unlocked
	s.shared.unlocked = true
	s.shared.mu.Unlock()
	if already {
		return textResult("Gift wrapping is already unlocked: wrap_gift is in tools/list."), nil
	}
	s.toolsChanged(c.related(), c.r.modern)
	// The catalogue now lists the wrapping styles: a subscriber hears it.
	s.resourceUpdated(CatalogURI, c.related())
	return textResult("Gift wrapping is unlocked: the tool wrap_gift is now in tools/list."), nil
}

func (s *Session) isUnlocked() bool {
	s.shared.mu.Lock()
	defer s.shared.mu.Unlock()
	return s.shared.unlocked
}

// toolsChanged tells the client that tools/list changed: in a legacy session
// on the stream of the request that caused it, in 2026-07-28 on every
// subscriptions/listen stream that asked for it.
func (s *Session) toolsChanged(related string, modern bool) {
	if !modern {
		s.emit(Outbound{Raw: notification("notifications/tools/list_changed", emptyResult), Kind: grader.KindNotification, Method: "notifications/tools/list_changed", Related: related})
	}
	s.notifyListeners(func(f subscriptionFilter) bool { return f.ToolsListChanged }, "notifications/tools/list_changed")
}

// elicitSchema is what ask_gift_preferences asks for.
var elicitSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"category":  map[string]any{"type": "string", "title": "Category", "enum": categories, "description": "The kind of gift you prefer."},
		"maxBudget": map[string]any{"type": "number", "title": "Budget", "minimum": 0, "description": "The most you want to spend, in US dollars."},
	},
	"required": []string{"category"},
}

func askGiftPreferences(c *call) (any, *rpcError) {
	if !c.r.caps.elicitation {
		if c.r.modern {
			return nil, &rpcError{Code: CodeMissingClientCapability, Message: "Missing required client capability: elicitation", Data: map[string]any{"requiredCapabilities": map[string]any{"elicitation": map[string]any{}}}}
		}
		return toolError("ask_gift_preferences asks you a question with elicitation/create, but your client did not declare the elicitation capability in initialize."), nil
	}
	params := c.elicitParams("Which kind of gift do you prefer, and what is your budget?", elicitSchema)
	answer, instead, rerr, ok := c.askTool("preferences", "elicitation/create", params)
	if !ok {
		return instead, rerr
	}
	var res struct {
		Action  string         `json:"action"`
		Content map[string]any `json:"content"`
	}
	if json.Unmarshal(answer, &res) != nil {
		return toolError("The answer to elicitation/create is not an ElicitResult object."), nil
	}
	switch res.Action {
	case "accept":
	case "decline", "cancel":
		return textResult(fmt.Sprintf("No preferences given (%s): nothing to suggest.", res.Action)), nil
	default:
		return toolError(`The ElicitResult "action" must be "accept", "decline" or "cancel".`), nil
	}
	category, _ := res.Content["category"].(string)
	if !slices.Contains(categories, category) {
		return toolError("The category must be one of " + strings.Join(categories, ", ") + "."), nil
	}
	budget := math.Inf(1)
	if b, ok := res.Content["maxBudget"].(float64); ok {
		budget = b
	}
	var gifts []giftSummary
	for _, g := range giftsIn(category) {
		if g.Price <= budget {
			gifts = append(gifts, giftSummary{g.Name, g.Price, g.Category})
		}
	}
	if len(gifts) == 0 {
		return toolError(fmt.Sprintf("No %s gift fits that budget.", category)), nil
	}
	lines := []string{fmt.Sprintf("Gifts in %s:", category)}
	for _, g := range gifts {
		lines = append(lines, fmt.Sprintf("- %s (%s)", g.Name, formatPrice(g.Price)))
	}
	return callResult{Content: []any{text(strings.Join(lines, "\n"))}, StructuredContent: giftList{gifts}}, nil
}

func writeCardMessage(c *call) (any, *rpcError) {
	if !c.r.caps.sampling {
		if c.r.modern {
			return nil, &rpcError{Code: CodeMissingClientCapability, Message: "Missing required client capability: sampling", Data: map[string]any{"requiredCapabilities": map[string]any{"sampling": map[string]any{}}}}
		}
		return toolError("write_card_message asks your model with sampling/createMessage, but your client did not declare the sampling capability in initialize."), nil
	}
	occasion, recipient := c.str("occasion"), c.str("recipient")
	who := ""
	if recipient != "" {
		who = " for " + recipient
	}
	params := map[string]any{
		"messages":     []any{map[string]any{"role": "user", "content": text(fmt.Sprintf("Write a two-sentence message for %s %s gift card%s.", article(occasion), occasion, who))}},
		"systemPrompt": "You write short, warm gift card messages.",
		"maxTokens":    200,
	}
	answer, instead, rerr, ok := c.askTool("card", "sampling/createMessage", params)
	if !ok {
		return instead, rerr
	}
	var res struct {
		Role    string          `json:"role"`
		Content json.RawMessage `json:"content"`
		Model   string          `json:"model"`
	}
	if json.Unmarshal(answer, &res) != nil || len(res.Content) == 0 {
		return toolError(`The answer to sampling/createMessage must be an object with "role", "content" and "model".`), nil
	}
	var block textBlock
	if json.Unmarshal(res.Content, &block) != nil || block.Type != "text" {
		return toolError(`The sampling answer's "content" must be one text block: {"type": "text", "text": "…"}.`), nil
	}
	return textResult("Card message: " + block.Text), nil
}
