package grader

// The MCP methods of each protocol revision, written from the specification as Go
// data. The official schemas are never read at run time; a test compares the
// verdicts with them.

// fromBoth is a method either side sends (else a Sender).
const fromBoth = "both"

type methodDef struct {
	name      string
	notif     bool
	from      string
	params    *shape
	paramsReq bool
	result    *shape // requests only
	lesson    string
}

type revision struct {
	name    string
	methods map[string]*methodDef
	// anyResult is what a result must be when its request is not known.
	anyResult *shape
	// errorIDOptional: an error response may leave out id (when the request's id
	// could not be read). 2025-06-18 still required it.
	errorIDOptional bool
	// batches: a message may be an array of messages (2025-03-26 only).
	batches bool
}

// allMethodNames lists every method of every revision, for suggestions.
var allMethodNames = func() []string {
	seen := map[string]bool{}
	var out []string
	for _, rev := range lookupRevisions {
		for name := range revisions[rev].methods {
			if !seen[name] {
				seen[name] = true
				out = append(out, name)
			}
		}
	}
	sortStrings(out)
	return out
}()

// buildRevision writes the method table of revision rev. It reads next to
// the specification: the shapes in the order of its chapters (common
// types, content, tools and the named things, capabilities, the envelopes
// of params and results, sampling and elicitation), then the methods by
// chapter (lifecycle, tools, resources and prompts, utilities, tasks,
// subscriptions), with the differences between revisions inline where
// they apply. The shapes the chapters share travel in a specBuilder.
func buildRevision(rev string) *revision {
	b := &specBuilder{rev: rev, since1125: rev >= Rev20251125, is2026: rev == Rev20260728, m: map[string]*methodDef{}}
	b.legacy = !b.is2026
	b.commonShapes()
	b.contentShapes()
	b.toolShapes()
	b.namedShapes()
	b.capabilityShapes()
	b.envelopeShapes()
	b.samplingShapes()
	b.elicitationShapes()
	b.lifecycleMethods()
	b.toolMethods()
	b.resourceAndPromptMethods()
	b.utilityMethods()
	b.taskMethods()
	b.subscriptionMethods()
	r := &revision{name: rev, methods: b.m, errorIDOptional: b.since1125}
	if b.is2026 {
		r.anyResult = topen(field{name: "resultType", sh: b.resultTypeShape, req: true, missingCode: codeResultTypeMissing})
	} else {
		r.anyResult = topen()
	}
	return r
}

// specBuilder holds what buildRevision's chapters share: the revision's
// switches, the shapes one chapter makes and later ones use, and the
// method table being written.
type specBuilder struct {
	rev       string
	since1125 bool
	is2026    bool
	legacy    bool // revisions with the initialize handshake

	// Common types.
	meta, role, level, requestID, progressToken, annotations, implementation *shape
	// Content.
	text, image, audio, resourceContents, contentBlock, structured *shape
	// Tools and the named things.
	tool, resource, resourceTemplate, prompt, promptMessage, root *shape
	// Capabilities.
	clientCaps, serverCaps *shape
	// Envelopes of params and results.
	requestMeta, notifMeta, resultMeta, resultTypeShape, empty *shape
	// Sampling, elicitation and tasks.
	samplingContent, createMessageResult, taskMeta           *shape
	samplingFields, task                                     []field
	elicitParams, elicitValue, elicitResult, listRootsResult *shape
	// inputRequests and inputResponses (2026-07-28) are shared by the
	// tools, resources and prompts that may ask the client something.
	inputRequests, inputResponses *shape

	m map[string]*methodDef
}

// withIcons adds icons to a shape from 2025-11-25 on.
func (b *specBuilder) withIcons(fields ...field) []field {
	if b.since1125 {
		return append(fields, opt("icons", tarr(tobj(
			req("src", turi()), opt("mimeType", tstr()), opt("sizes", tarr(tstr())),
			opt("theme", tenum("dark", "light"))))))
	}
	return fields
}

func (b *specBuilder) commonShapes() {
	b.meta = topen()
	b.role = tenum("assistant", "user")
	b.level = tenum("alert", "critical", "debug", "emergency", "error", "info", "notice", "warning")
	b.requestID = &shape{types: tStr | tInt}
	b.progressToken = &shape{types: tStr | tInt}
	b.annotations = tobj(opt("audience", tarr(b.role)), opt("lastModified", tstr()), opt("priority", tunit()))

	b.implementation = tobj(b.withIcons(req("name", tstr()), opt("title", tstr()), req("version", tstr()))...)
	if b.since1125 {
		b.implementation = b.implementation.plus(opt("description", tstr()), opt("websiteUrl", turi()))
	}
}

// contentShapes writes the content blocks.
func (b *specBuilder) contentShapes() {
	meta, annotations := b.meta, b.annotations
	b.text = tobj(req("type", tenum("text")), req("text", tstr()), opt("annotations", annotations), opt("_meta", meta))
	b.image = tobj(req("type", tenum("image")), req("data", tstr()), req("mimeType", tstr()), opt("annotations", annotations), opt("_meta", meta))
	b.audio = tobj(req("type", tenum("audio")), req("data", tstr()), req("mimeType", tstr()), opt("annotations", annotations), opt("_meta", meta))
	textContents := tobj(req("uri", turi()), opt("mimeType", tstr()), req("text", tstr()), opt("_meta", meta))
	blobContents := tobj(req("uri", turi()), opt("mimeType", tstr()), req("blob", tstr()), opt("_meta", meta))
	b.resourceContents = &shape{types: tObj, pick: func(v *Value) *shape {
		if v.Get("blob") != nil && v.Get("text") == nil {
			return blobContents
		}
		return textContents
	}}
	resourceLink := tobj(b.withIcons(req("type", tenum("resource_link")), req("uri", turi()), req("name", tstr()),
		opt("title", tstr()), opt("description", tstr()), opt("mimeType", tstr()), opt("size", tint()),
		opt("annotations", annotations), opt("_meta", meta))...)
	embedded := tobj(req("type", tenum("resource")), req("resource", b.resourceContents), opt("annotations", annotations), opt("_meta", meta))
	b.contentBlock = tunion("type", map[string]*shape{
		"text": b.text, "image": b.image, "audio": b.audio, "resource_link": resourceLink, "resource": embedded,
	})

	b.structured = topen()
	if b.is2026 {
		b.structured = tanything()
	}
}

// schemaObject is a tool's input or output schema.
func (b *specBuilder) schemaObject(typeRequired bool) *shape {
	fs := []field{opt("type", tenum("object")), opt("properties", tmap(topen())), opt("required", tarr(tstr()))}
	if typeRequired {
		fs[0].req = true
	}
	if b.since1125 {
		fs = append(fs, opt("$schema", tstr()))
	}
	if b.is2026 {
		// 2026-07-28 accepts any JSON Schema 2020-12 keywords under the root.
		fs = []field{{name: "type", sh: tenum("object"), req: typeRequired}, opt("$schema", tstr())}
	}
	// Other JSON Schema keywords (description, additionalProperties…) are
	// welcome: the tool's own schema language, not MCP's.
	return topen(fs...)
}

// toolShapes writes a tool as tools/list lists it.
func (b *specBuilder) toolShapes() {
	toolAnnotations := tobj(opt("title", tstr()), opt("readOnlyHint", tbool()), opt("destructiveHint", tbool()),
		opt("idempotentHint", tbool()), opt("openWorldHint", tbool()))
	b.tool = tobj(b.withIcons(req("name", tstr()), opt("title", tstr()), opt("description", tstr()),
		req("inputSchema", b.schemaObject(true)), opt("outputSchema", b.schemaObject(!b.is2026)),
		opt("annotations", toolAnnotations), opt("_meta", b.meta))...).withLesson("tools")
	if b.rev == Rev20251125 {
		b.tool = b.tool.plus(opt("execution", tobj(opt("taskSupport", tenum("forbidden", "optional", "required")))))
	}
}

// namedShapes writes resources, resource templates, prompts and roots.
func (b *specBuilder) namedShapes() {
	meta, annotations := b.meta, b.annotations
	b.resource = tobj(b.withIcons(req("uri", turi()), req("name", tstr()), opt("title", tstr()), opt("description", tstr()),
		opt("mimeType", tstr()), opt("size", tint()), opt("annotations", annotations), opt("_meta", meta))...)
	b.resourceTemplate = tobj(b.withIcons(req("uriTemplate", tstr()), req("name", tstr()), opt("title", tstr()),
		opt("description", tstr()), opt("mimeType", tstr()), opt("annotations", annotations), opt("_meta", meta))...)
	promptArgument := tobj(req("name", tstr()), opt("title", tstr()), opt("description", tstr()), opt("required", tbool()))
	b.prompt = tobj(b.withIcons(req("name", tstr()), opt("title", tstr()), opt("description", tstr()),
		opt("arguments", tarr(promptArgument)), opt("_meta", meta))...)
	promptContent := *b.contentBlock
	promptContent.arrayCode = codeContentArray
	b.promptMessage = tobj(req("role", b.role), req("content", &promptContent))
	b.root = tobj(req("uri", turi()), opt("name", tstr()), opt("_meta", meta))
}

// capabilityShapes writes what each side declares it can do.
func (b *specBuilder) capabilityShapes() {
	flag := topen() // a capability switched on by being present: {} or with free options
	listChanged := tobj(opt("listChanged", tbool()))
	switch {
	case b.is2026:
		b.clientCaps = tobj(opt("experimental", tmap(flag)), opt("extensions", tmap(flag)), opt("roots", tobj()),
			opt("sampling", tobj(opt("context", flag), opt("tools", flag))),
			opt("elicitation", tobj(opt("form", flag), opt("url", flag))))
		b.serverCaps = tobj(opt("experimental", tmap(flag)), opt("extensions", tmap(flag)), opt("logging", flag),
			opt("completions", flag), opt("prompts", listChanged),
			opt("resources", tobj(opt("subscribe", tbool()), opt("listChanged", tbool()))), opt("tools", listChanged))
	case b.since1125:
		b.clientCaps = tobj(opt("experimental", tmap(flag)), opt("roots", listChanged),
			opt("sampling", tobj(opt("context", flag), opt("tools", flag))),
			opt("elicitation", tobj(opt("form", flag), opt("url", flag))),
			opt("tasks", tobj(opt("list", flag), opt("cancel", flag), opt("requests", tobj(
				opt("sampling", tobj(opt("createMessage", flag))),
				opt("elicitation", tobj(opt("create", flag))))))))
		b.serverCaps = tobj(opt("experimental", tmap(flag)), opt("logging", flag), opt("completions", flag),
			opt("prompts", listChanged), opt("resources", tobj(opt("subscribe", tbool()), opt("listChanged", tbool()))),
			opt("tools", listChanged),
			opt("tasks", tobj(opt("list", flag), opt("cancel", flag), opt("requests", tobj(
				opt("tools", tobj(opt("call", flag))))))))
	default:
		b.clientCaps = tobj(opt("experimental", tmap(flag)), opt("roots", listChanged), opt("sampling", flag), opt("elicitation", flag))
		b.serverCaps = tobj(opt("experimental", tmap(flag)), opt("logging", flag), opt("completions", flag),
			opt("prompts", listChanged), opt("resources", tobj(opt("subscribe", tbool()), opt("listChanged", tbool()))),
			opt("tools", listChanged))
	}
}

// envelopeShapes writes the _meta of requests, notifications and results,
// and resultType (2026-07-28). Every request may carry _meta; in
// 2026-07-28 it must, with the protocol version and the client's
// capabilities.
func (b *specBuilder) envelopeShapes() {
	if b.is2026 {
		version := tenum(b.rev)
		version.enumCode = codeMetaVersionWrong
		b.requestMeta = topen(
			field{name: "io.modelcontextprotocol/protocolVersion", sh: version, req: true, missingCode: codeMetaVersion},
			field{name: "io.modelcontextprotocol/clientCapabilities", sh: b.clientCaps, req: true, missingCode: codeMetaCaps},
			opt("io.modelcontextprotocol/clientInfo", b.implementation),
			opt("io.modelcontextprotocol/logLevel", b.level),
			opt("progressToken", b.progressToken)).withLesson("stateless-2026")
	} else {
		b.requestMeta = topen(opt("progressToken", b.progressToken))
	}
	b.notifMeta = b.meta
	if b.is2026 {
		b.notifMeta = topen(opt("io.modelcontextprotocol/subscriptionId", b.requestID))
	}
	b.resultMeta = b.meta
	if b.is2026 {
		b.resultMeta = topen(opt("io.modelcontextprotocol/serverInfo", b.implementation))
	}
	b.resultTypeShape = tenum("complete", "input_required")
	b.resultTypeShape.enumCode, b.resultTypeShape.enumWarn = codeResultTypeUnknown, true
	b.empty = b.result()
}

// rparams is a request's params: _meta, then fields.
func (b *specBuilder) rparams(fields ...field) *shape {
	m := field{name: "_meta", sh: b.requestMeta}
	if b.is2026 {
		m.req, m.missingCode = true, codeMetaMissing
	}
	return tobj(append([]field{m}, fields...)...)
}

// nparams is a notification's params: _meta, then fields.
func (b *specBuilder) nparams(fields ...field) *shape {
	return tobj(append([]field{opt("_meta", b.notifMeta)}, fields...)...)
}

// result is a result: _meta, fields, and in 2026-07-28 resultType.
func (b *specBuilder) result(fields ...field) *shape {
	fs := append([]field{opt("_meta", b.resultMeta)}, fields...)
	if b.is2026 {
		fs = append(fs, field{name: "resultType", sh: b.resultTypeShape, req: true, missingCode: codeResultTypeMissing})
	}
	return tobj(fs...)
}

// cacheable is a result a client may cache (cacheScope and ttlMs in
// 2026-07-28).
func (b *specBuilder) cacheable(fields ...field) *shape {
	if b.is2026 {
		fields = append(fields, req("cacheScope", tenum("private", "public")),
			req("ttlMs", &shape{types: tInt, min: 0, hasMin: true}))
	}
	return b.result(fields...)
}

// paginated is a list result: key, an array of item, and nextCursor.
func (b *specBuilder) paginated(key string, item *shape) *shape {
	return b.cacheable(req(key, tarr(item)), opt("nextCursor", tstr()))
}

// samplingShapes writes sampling (server to client; in 2026-07-28 only
// inside an input_required result) and the task fields.
func (b *specBuilder) samplingShapes() {
	meta, role := b.meta, b.role
	samplingBlock := tunion("type", map[string]*shape{"text": b.text, "image": b.image, "audio": b.audio})
	toolUse := tobj(req("type", tenum("tool_use")), req("id", tstr()), req("name", tstr()), req("input", topen()), opt("_meta", meta))
	toolResult := tobj(req("type", tenum("tool_result")), req("toolUseId", tstr()), req("content", tarr(b.contentBlock)),
		opt("structuredContent", b.structured), opt("isError", tbool()), opt("_meta", meta))
	b.samplingContent = samplingBlock
	if b.since1125 {
		block := tunion("type", map[string]*shape{"text": b.text, "image": b.image, "audio": b.audio, "tool_use": toolUse, "tool_result": toolResult})
		b.samplingContent = &shape{types: tObj | tArr, disc: "type", cases: block.cases, items: block}
	}
	samplingMessage := tobj(req("role", role), req("content", b.samplingContent))
	if b.since1125 {
		samplingMessage = samplingMessage.plus(opt("_meta", meta))
	}
	modelPreferences := tobj(opt("hints", tarr(tobj(opt("name", tstr())))), opt("costPriority", tunit()),
		opt("speedPriority", tunit()), opt("intelligencePriority", tunit()))
	b.taskMeta = tobj(opt("ttl", tint()))
	b.samplingFields = []field{req("messages", tarr(samplingMessage)), opt("modelPreferences", modelPreferences),
		opt("systemPrompt", tstr()), opt("includeContext", tenum("allServers", "none", "thisServer")),
		opt("temperature", tnum()), req("maxTokens", tint()), opt("stopSequences", tarr(tstr())), opt("metadata", topen())}
	if b.since1125 {
		b.samplingFields = append(b.samplingFields, opt("tools", tarr(b.tool)), opt("toolChoice", tobj(opt("mode", tenum("auto", "none", "required")))))
	}
	if b.rev == Rev20251125 {
		b.samplingFields = append(b.samplingFields, opt("task", b.taskMeta))
	}
	b.createMessageResult = b.result(req("role", role), req("content", b.samplingContent), req("model", tstr()), opt("stopReason", tstr()))
}

// elicitationShapes writes elicitation (server to client; in 2026-07-28
// only inside an input_required result), roots, and a task.
func (b *specBuilder) elicitationShapes() {
	primitive := primitiveSchema(b.since1125)
	requestedSchema := tobj(req("type", tenum("object")), req("properties", tmap(primitive)), opt("required", tarr(tstr())))
	if b.since1125 {
		requestedSchema = requestedSchema.plus(opt("$schema", tstr()))
	}
	b.elicitParams = b.rparams(req("message", tstr()), req("requestedSchema", requestedSchema))
	if b.since1125 {
		formFields := []field{opt("mode", tenum("form")), req("message", tstr()), req("requestedSchema", requestedSchema)}
		urlFields := []field{req("mode", tenum("url")), req("message", tstr()), req("elicitationId", tstr()), req("url", turi())}
		if b.rev == Rev20251125 {
			formFields = append(formFields, opt("task", b.taskMeta))
			urlFields = append(urlFields, opt("task", b.taskMeta))
		}
		if b.is2026 {
			// Inside inputRequests the elicitation id is not needed.
			urlFields = []field{req("mode", tenum("url")), req("message", tstr()), req("url", turi())}
		}
		form, url := b.rparams(formFields...), b.rparams(urlFields...)
		if b.is2026 {
			form, url = tobj(append(formFields, opt("_meta", b.meta))...), tobj(append(urlFields, opt("_meta", b.meta))...)
		}
		b.elicitParams = &shape{types: tObj, disc: "mode", cases: map[string]*shape{"form": form, "url": url}, def: form}
	}
	// schema.ts: string | number | boolean (| string[]); schema.json narrows
	// number to integer, but a field of type number takes 3.14.
	b.elicitValue = &shape{types: tStr | tNum | tBool}
	if b.since1125 {
		b.elicitValue = &shape{types: tStr | tNum | tBool | tArr, items: tstr()}
	}
	b.elicitResult = b.result(req("action", tenum("accept", "cancel", "decline")), opt("content", tmap(b.elicitValue)))
	b.listRootsResult = b.result(req("roots", tarr(b.root)))

	b.task = []field{req("taskId", tstr()), req("status", tenum("cancelled", "completed", "failed", "input_required", "working")),
		opt("statusMessage", tstr()), req("createdAt", tstr()), req("lastUpdatedAt", tstr()),
		req("ttl", &shape{types: tInt | tNull}), opt("pollInterval", tint())}
}

// add writes a method into the table (lesson "requests" unless said).
func (b *specBuilder) add(d *methodDef) {
	if d.lesson == "" {
		d.lesson = "requests"
	}
	b.m[d.name] = d
}

// request writes a request; in 2026-07-28 its params (_meta) are required.
func (b *specBuilder) request(name, from string, params *shape, paramsReq bool, res *shape, lesson string) {
	if b.is2026 && params != nil {
		paramsReq = true // _meta is required
	}
	b.add(&methodDef{name: name, from: from, params: params, paramsReq: paramsReq, result: res, lesson: lesson})
}

// notification writes a notification.
func (b *specBuilder) notification(name, from string, params *shape, paramsReq bool, lesson string) {
	b.add(&methodDef{name: name, notif: true, from: from, params: params, paramsReq: paramsReq, lesson: lesson})
}

// lifecycleMethods writes the handshake (or server/discover in
// 2026-07-28), cancellation and progress.
func (b *specBuilder) lifecycleMethods() {
	if b.legacy {
		b.request("initialize", SenderClient, b.rparams(req("protocolVersion", tstr()), req("capabilities", b.clientCaps), req("clientInfo", b.implementation)), true,
			b.result(req("protocolVersion", tstr()), req("capabilities", b.serverCaps), req("serverInfo", b.implementation), opt("instructions", tstr())), "lifecycle")
		b.notification("notifications/initialized", SenderClient, b.nparams(), false, "lifecycle")
		b.request("ping", fromBoth, b.rparams(), false, b.empty, "lifecycle")
	} else {
		b.request("server/discover", SenderClient, b.rparams(), true,
			b.cacheable(req("supportedVersions", tarr(tstr())), req("capabilities", b.serverCaps), opt("instructions", tstr())), "stateless-2026")
	}
	cancelledFrom := fromBoth
	requestIDField := req("requestId", b.requestID)
	if b.rev == Rev20251125 {
		requestIDField.req = false
	}
	b.notification("notifications/cancelled", cancelledFrom, b.nparams(requestIDField, opt("reason", tstr())), true, "slow-work")
	progressFrom := fromBoth
	if b.is2026 {
		progressFrom = SenderServer
	}
	b.notification("notifications/progress", progressFrom, b.nparams(req("progressToken", b.progressToken), req("progress", tnum()),
		opt("total", tnum()), opt("message", tstr())), true, "slow-work")
}

// toolMethods writes tools/list, tools/call (which in 2026-07-28 may ask
// the client something: inputRequests) and the list's notification.
func (b *specBuilder) toolMethods() {
	callParams := []field{req("name", tstr()), opt("arguments", topen())}
	var callResult *shape
	toolResultShape := b.result(req("content", tarr(b.contentBlock)), opt("structuredContent", b.structured), opt("isError", tbool()))
	callResult = toolResultShape
	if b.is2026 {
		meta, role := b.meta, b.role
		inputRequest := tunion("method", map[string]*shape{
			"sampling/createMessage": tobj(req("method", tenum("sampling/createMessage")), req("params", tobj(append(b.samplingFields, opt("_meta", meta))...))),
			"roots/list":             tobj(req("method", tenum("roots/list")), opt("params", tobj(opt("_meta", meta)))),
			"elicitation/create":     tobj(req("method", tenum("elicitation/create")), req("params", b.elicitParams)),
		})
		b.inputRequests = tmap(inputRequest)
		createMessage2026 := tobj(req("role", role), req("content", b.samplingContent), req("model", tstr()), opt("stopReason", tstr()), opt("_meta", meta))
		elicit2026 := tobj(req("action", tenum("accept", "cancel", "decline")), opt("content", tmap(b.elicitValue)))
		roots2026 := tobj(req("roots", tarr(b.root)))
		b.inputResponses = tmap(&shape{types: tObj, pick: func(v *Value) *shape {
			switch {
			case v.Get("roots") != nil:
				return roots2026
			case v.Get("action") != nil:
				return elicit2026
			}
			return createMessage2026
		}})
		callParams = append(callParams, opt("inputResponses", b.inputResponses), opt("requestState", tstr()))
		inputRequired := b.result(opt("inputRequests", b.inputRequests), opt("requestState", tstr()))
		callResult = byResultType(toolResultShape, inputRequired)
	}
	if b.rev == Rev20251125 {
		callParams = append(callParams, opt("task", b.taskMeta))
	}
	b.request("tools/list", SenderClient, b.rparams(opt("cursor", tstr())), false, b.paginated("tools", b.tool), "tools")
	b.request("tools/call", SenderClient, b.rparams(callParams...), true, callResult, "tools")
	b.notification("notifications/tools/list_changed", SenderServer, b.nparams(), false, "notifications")
}

// resourceAndPromptMethods writes the resources' and the prompts'
// methods and notifications.
func (b *specBuilder) resourceAndPromptMethods() {
	readParams := []field{req("uri", turi())}
	readResult := b.cacheable(req("contents", tarr(b.resourceContents)))
	getParams := []field{req("name", tstr()), opt("arguments", tmap(tstr()))}
	getResult := b.result(opt("description", tstr()), req("messages", tarr(b.promptMessage)))
	if b.is2026 {
		readParams = append(readParams, opt("inputResponses", b.inputResponses), opt("requestState", tstr()))
		getParams = append(getParams, opt("inputResponses", b.inputResponses), opt("requestState", tstr()))
		inputRequired := b.result(opt("inputRequests", b.inputRequests), opt("requestState", tstr()))
		readResult = byResultType(readResult, inputRequired)
		getResult = byResultType(getResult, inputRequired)
	}
	b.request("resources/list", SenderClient, b.rparams(opt("cursor", tstr())), false, b.paginated("resources", b.resource), "resources-prompts")
	b.request("resources/templates/list", SenderClient, b.rparams(opt("cursor", tstr())), false, b.paginated("resourceTemplates", b.resourceTemplate), "resources-prompts")
	b.request("resources/read", SenderClient, b.rparams(readParams...), true, readResult, "resources-prompts")
	if b.legacy {
		b.request("resources/subscribe", SenderClient, b.rparams(req("uri", turi())), true, b.empty, "resources-prompts")
		b.request("resources/unsubscribe", SenderClient, b.rparams(req("uri", turi())), true, b.empty, "resources-prompts")
	}
	b.notification("notifications/resources/list_changed", SenderServer, b.nparams(), false, "notifications")
	b.notification("notifications/resources/updated", SenderServer, b.nparams(req("uri", turi())), true, "notifications")

	b.request("prompts/list", SenderClient, b.rparams(opt("cursor", tstr())), false, b.paginated("prompts", b.prompt), "resources-prompts")
	b.request("prompts/get", SenderClient, b.rparams(getParams...), true, getResult, "resources-prompts")
	b.notification("notifications/prompts/list_changed", SenderServer, b.nparams(), false, "notifications")
}

// utilityMethods writes completion, logging, and the requests a server
// sends a client before 2026-07-28 (sampling, roots, elicitation).
func (b *specBuilder) utilityMethods() {
	ref := tunion("type", map[string]*shape{
		"ref/prompt":   tobj(req("type", tenum("ref/prompt")), req("name", tstr()), opt("title", tstr())),
		"ref/resource": tobj(req("type", tenum("ref/resource")), req("uri", tstr())),
	})
	b.request("completion/complete", SenderClient, b.rparams(req("ref", ref), req("argument", tobj(req("name", tstr()), req("value", tstr()))),
		opt("context", tobj(opt("arguments", tmap(tstr()))))), true,
		b.result(req("completion", tobj(req("values", tarr(tstr())), opt("total", tint()), opt("hasMore", tbool())))), "requests")
	b.notification("notifications/message", SenderServer, b.nparams(req("level", b.level), opt("logger", tstr()), req("data", tanything())), true, "reading-logs")
	if b.legacy {
		b.request("logging/setLevel", SenderClient, b.rparams(req("level", b.level)), true, b.empty, "reading-logs")
		b.request("sampling/createMessage", SenderServer, b.rparams(b.samplingFields...), true, b.createMessageResult, "requests")
		b.request("roots/list", SenderServer, b.rparams(), false, b.listRootsResult, "requests")
		b.request("elicitation/create", SenderServer, b.elicitParams, true, b.elicitResult, "requests")
		b.notification("notifications/roots/list_changed", SenderClient, b.nparams(), false, "notifications")
	}
}

// taskMethods writes the tasks of 2025-11-25.
func (b *specBuilder) taskMethods() {
	if b.rev != Rev20251125 {
		return
	}
	task := b.task
	taskResult := b.result(task...)
	b.request("tasks/get", fromBoth, b.rparams(req("taskId", tstr())), true, taskResult, "slow-work")
	b.request("tasks/result", fromBoth, b.rparams(req("taskId", tstr())), true, topen(), "slow-work")
	b.request("tasks/cancel", fromBoth, b.rparams(req("taskId", tstr())), true, taskResult, "slow-work")
	b.request("tasks/list", fromBoth, b.rparams(opt("cursor", tstr())), false, b.paginated("tasks", tobj(task...)), "slow-work")
	b.notification("notifications/tasks/status", fromBoth, b.nparams(task...), true, "slow-work")
	b.notification("notifications/elicitation/complete", SenderServer, b.nparams(req("elicitationId", tstr())), true, "notifications")
}

// subscriptionMethods writes the subscriptions of 2026-07-28.
func (b *specBuilder) subscriptionMethods() {
	if !b.is2026 {
		return
	}
	filter := tobj(opt("toolsListChanged", tbool()), opt("promptsListChanged", tbool()),
		opt("resourcesListChanged", tbool()), opt("resourceSubscriptions", tarr(tstr())))
	listenMeta := topen(req("io.modelcontextprotocol/subscriptionId", b.requestID),
		opt("io.modelcontextprotocol/serverInfo", b.implementation))
	b.request("subscriptions/listen", SenderClient, b.rparams(req("notifications", filter)), true,
		tobj(req("_meta", listenMeta), field{name: "resultType", sh: b.resultTypeShape, req: true, missingCode: codeResultTypeMissing}), "stateless-2026")
	b.notification("notifications/subscriptions/acknowledged", SenderServer, b.nparams(req("notifications", filter)), true, "stateless-2026")
}

// byResultType chooses between a complete result and an input_required one
// (2026-07-28) by the value of resultType.
func byResultType(complete, inputRequired *shape) *shape {
	return &shape{types: tObj, pick: func(v *Value) *shape {
		if t := v.Get("resultType"); t != nil && t.Kind == String && t.Str == "input_required" {
			return inputRequired
		}
		return complete
	}}
}

// primitiveSchema is the restricted JSON Schema an elicitation may ask for.
func primitiveSchema(since1125 bool) *shape {
	common := []field{opt("title", tstr()), opt("description", tstr())}
	str := tobj(append(common, req("type", tenum("string")), opt("minLength", tint()), opt("maxLength", tint()),
		opt("format", tenum("date", "date-time", "email", "uri")))...)
	num := tobj(append(common, req("type", tenum("integer", "number")), opt("minimum", tnum()), opt("maximum", tnum()))...)
	boolean := tobj(append(common, req("type", tenum("boolean")), opt("default", tbool()))...)
	enum := tobj(append(common, req("type", tenum("string")), req("enum", tarr(tstr())), opt("enumNames", tarr(tstr())))...)
	if !since1125 {
		return &shape{types: tObj, pick: func(v *Value) *shape {
			switch t := v.Get("type"); {
			case t != nil && t.Kind == String && (t.Str == "number" || t.Str == "integer"):
				return num
			case t != nil && t.Kind == String && t.Str == "boolean":
				return boolean
			case v.Get("enum") != nil:
				return enum
			}
			return str
		}}
	}
	str = str.plus(opt("default", tstr()))
	num = num.plus(opt("default", tnum()))
	enum = enum.plus(opt("default", tstr()))
	titledOption := tobj(req("const", tstr()), req("title", tstr()))
	titled := tobj(append(common, req("type", tenum("string")), req("oneOf", tarr(titledOption)), opt("default", tstr()))...)
	multi := tobj(append(common, req("type", tenum("array")), opt("minItems", tint()), opt("maxItems", tint()),
		req("items", tobj(req("type", tenum("string")), req("enum", tarr(tstr())))), opt("default", tarr(tstr())))...)
	titledMulti := tobj(append(common, req("type", tenum("array")), opt("minItems", tint()), opt("maxItems", tint()),
		req("items", tobj(req("anyOf", tarr(titledOption)))), opt("default", tarr(tstr())))...)
	return &shape{types: tObj, pick: func(v *Value) *shape {
		t := v.Get("type")
		kind := ""
		if t != nil && t.Kind == String {
			kind = t.Str
		}
		switch {
		case kind == "number" || kind == "integer":
			return num
		case kind == "boolean":
			return boolean
		case kind == "array":
			if it := v.Get("items"); it != nil && it.Get("anyOf") != nil {
				return titledMulti
			}
			return multi
		case v.Get("oneOf") != nil:
			return titled
		case v.Get("enum") != nil:
			return enum
		}
		return str
	}}
}
