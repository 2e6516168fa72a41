package mockserver

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
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
	call   func(c *call) (any, *rpcError)
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

// schema generates the inputSchema from the argument specs.
func (t *tool) schema() json.RawMessage {
	type prop struct {
		Type        string   `json:"type"`
		Description string   `json:"description,omitempty"`
		Enum        []string `json:"enum,omitempty"`
		Minimum     *float64 `json:"minimum,omitempty"`
		Maximum     *float64 `json:"maximum,omitempty"`
		Default     any      `json:"default,omitempty"`
	}
	props := make(map[string]prop, len(t.args))
	required := []string{}
	for _, a := range t.args {
		props[a.name] = prop{a.typ, a.description, a.enum, a.min, a.max, a.def}
		if a.required {
			required = append(required, a.name)
		}
	}
	return marshal(map[string]any{
		"type":                 "object",
		"properties":           props,
		"required":             required,
		"additionalProperties": false,
	})
}

// validate checks arguments against the specs and returns what is wrong, in
// the order of the specs, then unknown arguments in name order.
func (t *tool) validate(args params) []string {
	if t.inputSchema != nil {
		// A hand-written schema (fixtures) is the tool's own business.
		return nil
	}
	var problems []string
	for _, a := range t.args {
		raw, ok := args[a.name]
		if !ok {
			if a.required {
				problems = append(problems, fmt.Sprintf("%q is required", a.name))
			}
			continue
		}
		if p := a.check(raw); p != "" {
			problems = append(problems, p)
		}
	}
	var unknown []string
	for k := range args {
		if !slices.ContainsFunc(t.args, func(a argSpec) bool { return a.name == k }) {
			unknown = append(unknown, k)
		}
	}
	slices.Sort(unknown)
	for _, k := range unknown {
		problems = append(problems, fmt.Sprintf("%q is not an argument of %s (expected: %s)", k, t.name, t.argNames()))
	}
	return problems
}

func (t *tool) argNames() string {
	names := make([]string, len(t.args))
	for i, a := range t.args {
		names[i] = a.name
	}
	return strings.Join(names, ", ")
}

func (a argSpec) check(raw json.RawMessage) string {
	switch a.typ {
	case "string":
		var s string
		if firstByte(raw) != '"' || json.Unmarshal(raw, &s) != nil {
			return fmt.Sprintf("%q must be a string", a.name)
		}
		if len(a.enum) > 0 && !slices.Contains(a.enum, s) {
			return fmt.Sprintf("%q must be one of %s", a.name, strings.Join(a.enum, ", "))
		}
	case "number", "integer":
		var f float64
		c := firstByte(raw)
		if !(c == '-' || (c >= '0' && c <= '9')) || json.Unmarshal(raw, &f) != nil {
			return fmt.Sprintf("%q must be a %s, not %s", a.name, a.typ, jsonType(raw))
		}
		if a.typ == "integer" && f != math.Trunc(f) {
			return fmt.Sprintf("%q must be an integer", a.name)
		}
		if a.min != nil && f < *a.min {
			return fmt.Sprintf("%q must be at least %s", a.name, strconv.FormatFloat(*a.min, 'f', -1, 64))
		}
		if a.max != nil && f > *a.max {
			return fmt.Sprintf("%q must be at most %s", a.name, strconv.FormatFloat(*a.max, 'f', -1, 64))
		}
	case "boolean":
		if s := string(raw); s != "true" && s != "false" {
			return fmt.Sprintf("%q must be true or false", a.name)
		}
	}
	return ""
}

func jsonType(raw json.RawMessage) string {
	switch firstByte(raw) {
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
	var s string
	if raw, ok := c.args[name]; ok {
		_ = json.Unmarshal(raw, &s)
		return s
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
	var f float64
	if raw, ok := c.args[name]; ok && json.Unmarshal(raw, &f) == nil {
		return f
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
	c.s.emit(Outbound{Raw: notification("notifications/progress", p), Kind: KindNotification, Method: "notifications/progress", Related: c.related()})
}

type progressParams struct {
	ProgressToken json.RawMessage `json:"progressToken"`
	Progress      float64         `json:"progress"`
	Total         *float64        `json:"total,omitempty"`
	Message       string          `json:"message,omitempty"`
}

// logf sends notifications/message when the level passes the threshold.
func (c *call) logf(level, logger string, data any) {
	if c.r.logLevel < 0 || levelIndex(level) < c.r.logLevel {
		return
	}
	p := struct {
		Level  string `json:"level"`
		Logger string `json:"logger,omitempty"`
		Data   any    `json:"data"`
	}{level, logger, data}
	c.s.emit(Outbound{Raw: notification("notifications/message", p), Kind: KindNotification, Method: "notifications/message", Related: c.related()})
}

// callResult is a CallToolResult.
type callResult struct {
	Content           []any `json:"content"`
	StructuredContent any   `json:"structuredContent,omitempty"`
	IsError           bool  `json:"isError,omitempty"`
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
// InputRequiredResult to send instead.
func (c *call) ask(key, method string, params any) (answer json.RawMessage, pending any, err error) {
	if c.r.modern {
		responses, _, perr := c.r.p.object("inputResponses", false)
		if perr == nil {
			if raw, ok := responses[key]; ok {
				return raw, nil, nil
			}
		}
		return nil, inputRequired{ResultType: "input_required", InputRequests: map[string]any{key: inputRequest{method, params}}}, nil
	}
	res, err := c.s.askClient(c.ctx, c.related(), method, params)
	return res, nil, err
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
	from, to, next, err := s.page(r, "tools", len(names))
	if err != nil {
		return nil, err
	}
	buf := make([]byte, 0, 4096)
	buf = append(buf, `{"tools":[`...)
	for i, n := range names[from:to] {
		if i > 0 {
			buf = append(buf, ',')
		}
		buf = append(buf, s.srv.toolJSON[n]...)
	}
	buf = append(buf, ']')
	if next != "" {
		buf = append(buf, `,"nextCursor":`...)
		buf = strconv.AppendQuote(buf, next)
	}
	buf = append(buf, '}')
	return json.RawMessage(buf), nil
}

// page reads params.cursor and returns the slice bounds of the page and the
// next cursor ("" on the last page). Cursors are opaque to clients on
// purpose: base64 of "<list>:<offset>".
func (s *Session) page(r *req, list string, n int) (from, to int, next string, err *rpcError) {
	cursor, present, cerr := r.p.str("cursor", false)
	if cerr != nil {
		return 0, 0, "", newError(CodeInvalidParams, `Invalid params: "cursor" must be a string (leave it out for the first page)`)
	}
	if present {
		b, derr := base64.RawURLEncoding.DecodeString(cursor)
		rest, ok := strings.CutPrefix(string(b), list+":")
		off, aerr := strconv.Atoi(rest)
		if derr != nil || !ok || aerr != nil || off <= 0 || off >= n {
			return 0, 0, "", &rpcError{Code: CodeInvalidParams, Message: "Invalid params: unknown cursor; use a nextCursor this server returned", explain: true}
		}
		from = off
	}
	size := s.pageSize(r)
	to = n
	if size > 0 && from+size < n {
		to = from + size
		next = base64.RawURLEncoding.EncodeToString([]byte(list + ":" + strconv.Itoa(to)))
	}
	return from, to, next, nil
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
		e := newError(CodeInvalidParams, "Invalid params: unknown tool %q; tools/list shows the tools", name)
		return nil, e
	}
	args, _, err := r.p.object("arguments", false)
	if err != nil {
		return nil, err
	}
	if problems := t.validate(args); len(problems) > 0 {
		msg := "Invalid arguments for " + t.name + ": " + strings.Join(problems, "; ")
		if r.rev == Rev20250618 {
			// 2025-06-18 lists invalid arguments among the protocol errors.
			return nil, newError(CodeInvalidParams, "Invalid params: %s", msg)
		}
		// Since 2025-11-25 input validation errors are tool execution
		// errors, so a model can read them and correct itself.
		return toolError(msg), nil
	}
	c := &call{ctx: ctx, s: s, r: r, t: t, args: args, progress: r.p.progressToken()}
	return t.call(c)
}

// giftTools are the gift server's tools, in tools/list order.
func giftTools() []*tool {
	readOnly := &toolAnnotations{ReadOnlyHint: ptr(true), OpenWorldHint: ptr(false)}
	return []*tool{
		{
			name:        "suggest_gifts",
			title:       "Gift ideas",
			description: "Suggests up to three gifts from the catalogue for an occasion, within a budget in US dollars, matched to the recipient.",
			args: []argSpec{
				{name: "occasion", typ: "string", required: true, description: "The occasion, for example birthday, wedding, graduation, housewarming, thank-you."},
				{name: "budget", typ: "number", required: true, min: ptr(0.0), description: "The most you want to spend, in US dollars."},
				{name: "recipient", typ: "string", description: "Who the gift is for, for example \"friend who loves board games\"."},
			},
			outputSchema: json.RawMessage(`{"type":"object","properties":{"gifts":{"type":"array","items":{"type":"object","properties":{"name":{"type":"string"},"price":{"type":"number"},"category":{"type":"string"}},"required":["name","price","category"]}}},"required":["gifts"]}`),
			annotations:  readOnly,
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
				{name: "steps", typ: "integer", min: ptr(1.0), max: ptr(10.0), def: 5, description: "How many steps the packing takes (1 to 10)."},
			},
			blocking: true,
			call:     prepareDelivery,
		},
		{
			name:        "unlock_gift_wrapping",
			title:       "Unlock gift wrapping",
			description: "Unlocks the wrap_gift tool for this session; the server then sends notifications/tools/list_changed.",
			call:        unlockGiftWrapping,
		},
		{
			name:        "write_card_message",
			title:       "Write a card",
			description: "Asks your client's model (sampling/createMessage) to write the message of a gift card. Your client must support sampling.",
			args: []argSpec{
				{name: "occasion", typ: "string", required: true, description: "The occasion of the gift."},
				{name: "recipient", typ: "string", description: "Who the card is for."},
			},
			blocking: true,
			call:     writeCardMessage,
		},
		{
			name:        "wrap_gift",
			title:       "Wrap a gift",
			description: "Wraps a gift in paper of your choice. Appears after unlock_gift_wrapping.",
			args: []argSpec{
				{name: "gift", typ: "string", required: true, description: "The gift to wrap."},
				{name: "paper", typ: "string", enum: []string{"classic", "kraft", "festive"}, def: "classic", description: "The wrapping paper."},
			},
			locked: true,
			call: func(c *call) (any, *rpcError) {
				return textResult(fmt.Sprintf("%s is wrapped in %s paper, with a ribbon.", c.str("gift"), c.str("paper"))), nil
			},
		},
	}
}

func suggestGifts(c *call) (any, *rpcError) {
	occasion, recipient := c.str("occasion"), c.str("recipient")
	budget := c.num("budget", 0)
	c.logf("info", "gift-catalog", fmt.Sprintf("searching %d gifts for %s %s within %s", len(catalogue), article(occasion), occasion, formatPrice(budget)))
	sg := suggest(occasion, budget, recipient)
	if sg.NothingFits {
		c.logf("warning", "gift-catalog", "nothing fits the budget")
		return toolError(nothingFitsText(occasion, budget, sg)), nil
	}
	c.logf("debug", "gift-catalog", fmt.Sprintf("%d gifts selected", len(sg.Gifts)))
	return callResult{
		Content:           []any{text(suggestionText(occasion, budget, recipient, sg))},
		StructuredContent: giftList{sg.Gifts},
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
		c.notifyProgress(float64(i), float64(steps), fmt.Sprintf("Step %d of %d: %s", i, steps, labels[(i-1)%len(labels)]))
	}
	return textResult(fmt.Sprintf("The gifts are packed and ready to ship (%d steps).", steps)), nil
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
		s.emit(Outbound{Raw: notification("notifications/tools/list_changed", emptyResult), Kind: KindNotification, Method: "notifications/tools/list_changed", Related: related})
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
	params := map[string]any{"message": "Which kind of gift do you prefer, and what is your budget?", "requestedSchema": elicitSchema}
	if c.r.rev != Rev20250618 {
		params["mode"] = "form"
	}
	answer, pending, err := c.ask("preferences", "elicitation/create", params)
	if pending != nil {
		return pending, nil
	}
	if err != nil {
		if errors.Is(err, context.Canceled) {
			return nil, nil
		}
		return toolError(askFailed("elicitation/create", err)), nil
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
	answer, pending, err := c.ask("card", "sampling/createMessage", params)
	if pending != nil {
		return pending, nil
	}
	if err != nil {
		if errors.Is(err, context.Canceled) {
			return nil, nil
		}
		return toolError(askFailed("sampling/createMessage", err)), nil
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
