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

// buildRevision writes the method table of revision rev. It is long on purpose:
// it is a table, written as Go data in the order of the specification's
// chapters (content, tools, resources, capabilities, results, methods), with
// the differences between revisions inline where they apply, so that it reads
// next to the specification; split into functions, the shared shapes would have
// to travel between them.
func buildRevision(rev string) *revision {
	since1125 := rev >= Rev20251125
	is2026 := rev == Rev20260728
	legacy := !is2026 // revisions with the initialize handshake

	// withIcons adds icons to a shape from 2025-11-25 on.
	withIcons := func(fields ...field) []field {
		if since1125 {
			return append(fields, opt("icons", tarr(tobj(
				req("src", turi()), opt("mimeType", tstr()), opt("sizes", tarr(tstr())),
				opt("theme", tenum("dark", "light"))))))
		}
		return fields
	}

	meta := topen()
	role := tenum("assistant", "user")
	level := tenum("alert", "critical", "debug", "emergency", "error", "info", "notice", "warning")
	requestID := &shape{types: tStr | tInt}
	progressToken := &shape{types: tStr | tInt}
	annotations := tobj(opt("audience", tarr(role)), opt("lastModified", tstr()), opt("priority", tunit()))

	implementation := tobj(withIcons(req("name", tstr()), opt("title", tstr()), req("version", tstr()))...)
	if since1125 {
		implementation = implementation.plus(opt("description", tstr()), opt("websiteUrl", turi()))
	}

	// Content blocks.
	text := tobj(req("type", tenum("text")), req("text", tstr()), opt("annotations", annotations), opt("_meta", meta))
	image := tobj(req("type", tenum("image")), req("data", tstr()), req("mimeType", tstr()), opt("annotations", annotations), opt("_meta", meta))
	audio := tobj(req("type", tenum("audio")), req("data", tstr()), req("mimeType", tstr()), opt("annotations", annotations), opt("_meta", meta))
	textContents := tobj(req("uri", turi()), opt("mimeType", tstr()), req("text", tstr()), opt("_meta", meta))
	blobContents := tobj(req("uri", turi()), opt("mimeType", tstr()), req("blob", tstr()), opt("_meta", meta))
	resourceContents := &shape{types: tObj, pick: func(v *Value) *shape {
		if v.Get("blob") != nil && v.Get("text") == nil {
			return blobContents
		}
		return textContents
	}}
	resourceLink := tobj(withIcons(req("type", tenum("resource_link")), req("uri", turi()), req("name", tstr()),
		opt("title", tstr()), opt("description", tstr()), opt("mimeType", tstr()), opt("size", tint()),
		opt("annotations", annotations), opt("_meta", meta))...)
	embedded := tobj(req("type", tenum("resource")), req("resource", resourceContents), opt("annotations", annotations), opt("_meta", meta))
	contentBlock := tunion("type", map[string]*shape{
		"text": text, "image": image, "audio": audio, "resource_link": resourceLink, "resource": embedded,
	})

	structured := topen()
	if is2026 {
		structured = tanything()
	}

	// Tools.
	schemaObject := func(typeRequired bool) *shape {
		fs := []field{opt("type", tenum("object")), opt("properties", tmap(topen())), opt("required", tarr(tstr()))}
		if typeRequired {
			fs[0].req = true
		}
		if since1125 {
			fs = append(fs, opt("$schema", tstr()))
		}
		if is2026 {
			// 2026-07-28 accepts any JSON Schema 2020-12 keywords under the root.
			fs = []field{{name: "type", sh: tenum("object"), req: typeRequired}, opt("$schema", tstr())}
		}
		// Other JSON Schema keywords (description, additionalProperties…) are
		// welcome: the tool's own schema language, not MCP's.
		return topen(fs...)
	}
	toolAnnotations := tobj(opt("title", tstr()), opt("readOnlyHint", tbool()), opt("destructiveHint", tbool()),
		opt("idempotentHint", tbool()), opt("openWorldHint", tbool()))
	tool := tobj(withIcons(req("name", tstr()), opt("title", tstr()), opt("description", tstr()),
		req("inputSchema", schemaObject(true)), opt("outputSchema", schemaObject(!is2026)),
		opt("annotations", toolAnnotations), opt("_meta", meta))...).withLesson("tools")
	if rev == Rev20251125 {
		tool = tool.plus(opt("execution", tobj(opt("taskSupport", tenum("forbidden", "optional", "required")))))
	}

	resource := tobj(withIcons(req("uri", turi()), req("name", tstr()), opt("title", tstr()), opt("description", tstr()),
		opt("mimeType", tstr()), opt("size", tint()), opt("annotations", annotations), opt("_meta", meta))...)
	resourceTemplate := tobj(withIcons(req("uriTemplate", tstr()), req("name", tstr()), opt("title", tstr()),
		opt("description", tstr()), opt("mimeType", tstr()), opt("annotations", annotations), opt("_meta", meta))...)
	promptArgument := tobj(req("name", tstr()), opt("title", tstr()), opt("description", tstr()), opt("required", tbool()))
	prompt := tobj(withIcons(req("name", tstr()), opt("title", tstr()), opt("description", tstr()),
		opt("arguments", tarr(promptArgument)), opt("_meta", meta))...)
	promptContent := *contentBlock
	promptContent.arrayCode = codeContentArray
	promptMessage := tobj(req("role", role), req("content", &promptContent))
	root := tobj(req("uri", turi()), opt("name", tstr()), opt("_meta", meta))

	// Capabilities.
	flag := topen() // a capability switched on by being present: {} or with free options
	listChanged := tobj(opt("listChanged", tbool()))
	var clientCaps, serverCaps *shape
	switch {
	case is2026:
		clientCaps = tobj(opt("experimental", tmap(flag)), opt("extensions", tmap(flag)), opt("roots", tobj()),
			opt("sampling", tobj(opt("context", flag), opt("tools", flag))),
			opt("elicitation", tobj(opt("form", flag), opt("url", flag))))
		serverCaps = tobj(opt("experimental", tmap(flag)), opt("extensions", tmap(flag)), opt("logging", flag),
			opt("completions", flag), opt("prompts", listChanged),
			opt("resources", tobj(opt("subscribe", tbool()), opt("listChanged", tbool()))), opt("tools", listChanged))
	case since1125:
		clientCaps = tobj(opt("experimental", tmap(flag)), opt("roots", listChanged),
			opt("sampling", tobj(opt("context", flag), opt("tools", flag))),
			opt("elicitation", tobj(opt("form", flag), opt("url", flag))),
			opt("tasks", tobj(opt("list", flag), opt("cancel", flag), opt("requests", tobj(
				opt("sampling", tobj(opt("createMessage", flag))),
				opt("elicitation", tobj(opt("create", flag))))))))
		serverCaps = tobj(opt("experimental", tmap(flag)), opt("logging", flag), opt("completions", flag),
			opt("prompts", listChanged), opt("resources", tobj(opt("subscribe", tbool()), opt("listChanged", tbool()))),
			opt("tools", listChanged),
			opt("tasks", tobj(opt("list", flag), opt("cancel", flag), opt("requests", tobj(
				opt("tools", tobj(opt("call", flag))))))))
	default:
		clientCaps = tobj(opt("experimental", tmap(flag)), opt("roots", listChanged), opt("sampling", flag), opt("elicitation", flag))
		serverCaps = tobj(opt("experimental", tmap(flag)), opt("logging", flag), opt("completions", flag),
			opt("prompts", listChanged), opt("resources", tobj(opt("subscribe", tbool()), opt("listChanged", tbool()))),
			opt("tools", listChanged))
	}

	// Request parameters: every request may carry _meta; in 2026-07-28 it must,
	// with the protocol version and the client's capabilities.
	var requestMeta *shape
	if is2026 {
		version := tenum(rev)
		version.enumCode = codeMetaVersionWrong
		requestMeta = topen(
			field{name: "io.modelcontextprotocol/protocolVersion", sh: version, req: true, missingCode: codeMetaVersion},
			field{name: "io.modelcontextprotocol/clientCapabilities", sh: clientCaps, req: true, missingCode: codeMetaCaps},
			opt("io.modelcontextprotocol/clientInfo", implementation),
			opt("io.modelcontextprotocol/logLevel", level),
			opt("progressToken", progressToken)).withLesson("stateless-2026")
	} else {
		requestMeta = topen(opt("progressToken", progressToken))
	}
	rparams := func(fields ...field) *shape {
		m := field{name: "_meta", sh: requestMeta}
		if is2026 {
			m.req, m.missingCode = true, codeMetaMissing
		}
		return tobj(append([]field{m}, fields...)...)
	}
	notifMeta := meta
	if is2026 {
		notifMeta = topen(opt("io.modelcontextprotocol/subscriptionId", requestID))
	}
	nparams := func(fields ...field) *shape {
		return tobj(append([]field{opt("_meta", notifMeta)}, fields...)...)
	}

	// Results.
	resultMeta := meta
	if is2026 {
		resultMeta = topen(opt("io.modelcontextprotocol/serverInfo", implementation))
	}
	resultTypeShape := tenum("complete", "input_required")
	resultTypeShape.enumCode, resultTypeShape.enumWarn = codeResultTypeUnknown, true
	result := func(fields ...field) *shape {
		fs := append([]field{opt("_meta", resultMeta)}, fields...)
		if is2026 {
			fs = append(fs, field{name: "resultType", sh: resultTypeShape, req: true, missingCode: codeResultTypeMissing})
		}
		return tobj(fs...)
	}
	cacheable := func(fields ...field) *shape {
		if is2026 {
			fields = append(fields, req("cacheScope", tenum("private", "public")),
				req("ttlMs", &shape{types: tInt, min: 0, hasMin: true}))
		}
		return result(fields...)
	}
	paginated := func(key string, item *shape) *shape {
		return cacheable(req(key, tarr(item)), opt("nextCursor", tstr()))
	}
	empty := result()

	// Sampling and elicitation (server to client; in 2026-07-28 only inside an
	// input_required result).
	samplingBlock := tunion("type", map[string]*shape{"text": text, "image": image, "audio": audio})
	toolUse := tobj(req("type", tenum("tool_use")), req("id", tstr()), req("name", tstr()), req("input", topen()), opt("_meta", meta))
	toolResult := tobj(req("type", tenum("tool_result")), req("toolUseId", tstr()), req("content", tarr(contentBlock)),
		opt("structuredContent", structured), opt("isError", tbool()), opt("_meta", meta))
	samplingContent := samplingBlock
	if since1125 {
		block := tunion("type", map[string]*shape{"text": text, "image": image, "audio": audio, "tool_use": toolUse, "tool_result": toolResult})
		samplingContent = &shape{types: tObj | tArr, disc: "type", cases: block.cases, items: block}
	}
	samplingMessage := tobj(req("role", role), req("content", samplingContent))
	if since1125 {
		samplingMessage = samplingMessage.plus(opt("_meta", meta))
	}
	modelPreferences := tobj(opt("hints", tarr(tobj(opt("name", tstr())))), opt("costPriority", tunit()),
		opt("speedPriority", tunit()), opt("intelligencePriority", tunit()))
	taskMeta := tobj(opt("ttl", tint()))
	samplingFields := []field{req("messages", tarr(samplingMessage)), opt("modelPreferences", modelPreferences),
		opt("systemPrompt", tstr()), opt("includeContext", tenum("allServers", "none", "thisServer")),
		opt("temperature", tnum()), req("maxTokens", tint()), opt("stopSequences", tarr(tstr())), opt("metadata", topen())}
	if since1125 {
		samplingFields = append(samplingFields, opt("tools", tarr(tool)), opt("toolChoice", tobj(opt("mode", tenum("auto", "none", "required")))))
	}
	if rev == Rev20251125 {
		samplingFields = append(samplingFields, opt("task", taskMeta))
	}
	createMessageResult := result(req("role", role), req("content", samplingContent), req("model", tstr()), opt("stopReason", tstr()))

	primitive := primitiveSchema(since1125)
	requestedSchema := tobj(req("type", tenum("object")), req("properties", tmap(primitive)), opt("required", tarr(tstr())))
	if since1125 {
		requestedSchema = requestedSchema.plus(opt("$schema", tstr()))
	}
	elicitParams := rparams(req("message", tstr()), req("requestedSchema", requestedSchema))
	if since1125 {
		formFields := []field{opt("mode", tenum("form")), req("message", tstr()), req("requestedSchema", requestedSchema)}
		urlFields := []field{req("mode", tenum("url")), req("message", tstr()), req("elicitationId", tstr()), req("url", turi())}
		if rev == Rev20251125 {
			formFields = append(formFields, opt("task", taskMeta))
			urlFields = append(urlFields, opt("task", taskMeta))
		}
		if is2026 {
			// Inside inputRequests the elicitation id is not needed.
			urlFields = []field{req("mode", tenum("url")), req("message", tstr()), req("url", turi())}
		}
		form, url := rparams(formFields...), rparams(urlFields...)
		if is2026 {
			form, url = tobj(append(formFields, opt("_meta", meta))...), tobj(append(urlFields, opt("_meta", meta))...)
		}
		elicitParams = &shape{types: tObj, disc: "mode", cases: map[string]*shape{"form": form, "url": url}, def: form}
	}
	// schema.ts: string | number | boolean (| string[]); schema.json narrows
	// number to integer, but a field of type number takes 3.14.
	elicitValue := &shape{types: tStr | tNum | tBool}
	if since1125 {
		elicitValue = &shape{types: tStr | tNum | tBool | tArr, items: tstr()}
	}
	elicitResult := result(req("action", tenum("accept", "cancel", "decline")), opt("content", tmap(elicitValue)))
	listRootsResult := result(req("roots", tarr(root)))

	task := []field{req("taskId", tstr()), req("status", tenum("cancelled", "completed", "failed", "input_required", "working")),
		opt("statusMessage", tstr()), req("createdAt", tstr()), req("lastUpdatedAt", tstr()),
		req("ttl", &shape{types: tInt | tNull}), opt("pollInterval", tint())}

	m := map[string]*methodDef{}
	add := func(d *methodDef) {
		if d.lesson == "" {
			d.lesson = "requests"
		}
		m[d.name] = d
	}
	request := func(name, from string, params *shape, paramsReq bool, res *shape, lesson string) {
		if is2026 && params != nil {
			paramsReq = true // _meta is required
		}
		add(&methodDef{name: name, from: from, params: params, paramsReq: paramsReq, result: res, lesson: lesson})
	}
	notification := func(name, from string, params *shape, paramsReq bool, lesson string) {
		add(&methodDef{name: name, notif: true, from: from, params: params, paramsReq: paramsReq, lesson: lesson})
	}

	// Lifecycle.
	if legacy {
		request("initialize", SenderClient, rparams(req("protocolVersion", tstr()), req("capabilities", clientCaps), req("clientInfo", implementation)), true,
			result(req("protocolVersion", tstr()), req("capabilities", serverCaps), req("serverInfo", implementation), opt("instructions", tstr())), "lifecycle")
		notification("notifications/initialized", SenderClient, nparams(), false, "lifecycle")
		request("ping", fromBoth, rparams(), false, empty, "lifecycle")
	} else {
		request("server/discover", SenderClient, rparams(), true,
			cacheable(req("supportedVersions", tarr(tstr())), req("capabilities", serverCaps), opt("instructions", tstr())), "stateless-2026")
	}
	cancelledFrom := fromBoth
	requestIDField := req("requestId", requestID)
	if rev == Rev20251125 {
		requestIDField.req = false
	}
	notification("notifications/cancelled", cancelledFrom, nparams(requestIDField, opt("reason", tstr())), true, "slow-work")
	progressFrom := fromBoth
	if is2026 {
		progressFrom = SenderServer
	}
	notification("notifications/progress", progressFrom, nparams(req("progressToken", progressToken), req("progress", tnum()),
		opt("total", tnum()), opt("message", tstr())), true, "slow-work")

	// Tools.
	callParams := []field{req("name", tstr()), opt("arguments", topen())}
	var callResult *shape
	toolResultShape := result(req("content", tarr(contentBlock)), opt("structuredContent", structured), opt("isError", tbool()))
	callResult = toolResultShape
	inputRequests, inputResponses := (*shape)(nil), (*shape)(nil)
	if is2026 {
		inputRequest := tunion("method", map[string]*shape{
			"sampling/createMessage": tobj(req("method", tenum("sampling/createMessage")), req("params", tobj(append(samplingFields, opt("_meta", meta))...))),
			"roots/list":             tobj(req("method", tenum("roots/list")), opt("params", tobj(opt("_meta", meta)))),
			"elicitation/create":     tobj(req("method", tenum("elicitation/create")), req("params", elicitParams)),
		})
		inputRequests = tmap(inputRequest)
		createMessage2026 := tobj(req("role", role), req("content", samplingContent), req("model", tstr()), opt("stopReason", tstr()), opt("_meta", meta))
		elicit2026 := tobj(req("action", tenum("accept", "cancel", "decline")), opt("content", tmap(elicitValue)))
		roots2026 := tobj(req("roots", tarr(root)))
		inputResponses = tmap(&shape{types: tObj, pick: func(v *Value) *shape {
			switch {
			case v.Get("roots") != nil:
				return roots2026
			case v.Get("action") != nil:
				return elicit2026
			}
			return createMessage2026
		}})
		callParams = append(callParams, opt("inputResponses", inputResponses), opt("requestState", tstr()))
		inputRequired := result(opt("inputRequests", inputRequests), opt("requestState", tstr()))
		callResult = byResultType(toolResultShape, inputRequired)
	}
	if rev == Rev20251125 {
		callParams = append(callParams, opt("task", taskMeta))
	}
	request("tools/list", SenderClient, rparams(opt("cursor", tstr())), false, paginated("tools", tool), "tools")
	request("tools/call", SenderClient, rparams(callParams...), true, callResult, "tools")
	notification("notifications/tools/list_changed", SenderServer, nparams(), false, "notifications")

	// Resources.
	readParams := []field{req("uri", turi())}
	readResult := cacheable(req("contents", tarr(resourceContents)))
	getParams := []field{req("name", tstr()), opt("arguments", tmap(tstr()))}
	getResult := result(opt("description", tstr()), req("messages", tarr(promptMessage)))
	if is2026 {
		readParams = append(readParams, opt("inputResponses", inputResponses), opt("requestState", tstr()))
		getParams = append(getParams, opt("inputResponses", inputResponses), opt("requestState", tstr()))
		inputRequired := result(opt("inputRequests", inputRequests), opt("requestState", tstr()))
		readResult = byResultType(readResult, inputRequired)
		getResult = byResultType(getResult, inputRequired)
	}
	request("resources/list", SenderClient, rparams(opt("cursor", tstr())), false, paginated("resources", resource), "resources-prompts")
	request("resources/templates/list", SenderClient, rparams(opt("cursor", tstr())), false, paginated("resourceTemplates", resourceTemplate), "resources-prompts")
	request("resources/read", SenderClient, rparams(readParams...), true, readResult, "resources-prompts")
	if legacy {
		request("resources/subscribe", SenderClient, rparams(req("uri", turi())), true, empty, "resources-prompts")
		request("resources/unsubscribe", SenderClient, rparams(req("uri", turi())), true, empty, "resources-prompts")
	}
	notification("notifications/resources/list_changed", SenderServer, nparams(), false, "notifications")
	notification("notifications/resources/updated", SenderServer, nparams(req("uri", turi())), true, "notifications")

	// Prompts.
	request("prompts/list", SenderClient, rparams(opt("cursor", tstr())), false, paginated("prompts", prompt), "resources-prompts")
	request("prompts/get", SenderClient, rparams(getParams...), true, getResult, "resources-prompts")
	notification("notifications/prompts/list_changed", SenderServer, nparams(), false, "notifications")

	// Utilities.
	ref := tunion("type", map[string]*shape{
		"ref/prompt":   tobj(req("type", tenum("ref/prompt")), req("name", tstr()), opt("title", tstr())),
		"ref/resource": tobj(req("type", tenum("ref/resource")), req("uri", tstr())),
	})
	request("completion/complete", SenderClient, rparams(req("ref", ref), req("argument", tobj(req("name", tstr()), req("value", tstr()))),
		opt("context", tobj(opt("arguments", tmap(tstr()))))), true,
		result(req("completion", tobj(req("values", tarr(tstr())), opt("total", tint()), opt("hasMore", tbool())))), "requests")
	notification("notifications/message", SenderServer, nparams(req("level", level), opt("logger", tstr()), req("data", tanything())), true, "reading-logs")
	if legacy {
		request("logging/setLevel", SenderClient, rparams(req("level", level)), true, empty, "reading-logs")
		request("sampling/createMessage", SenderServer, rparams(samplingFields...), true, createMessageResult, "requests")
		request("roots/list", SenderServer, rparams(), false, listRootsResult, "requests")
		request("elicitation/create", SenderServer, elicitParams, true, elicitResult, "requests")
		notification("notifications/roots/list_changed", SenderClient, nparams(), false, "notifications")
	}
	if rev == Rev20251125 {
		taskResult := result(task...)
		request("tasks/get", fromBoth, rparams(req("taskId", tstr())), true, taskResult, "slow-work")
		request("tasks/result", fromBoth, rparams(req("taskId", tstr())), true, topen(), "slow-work")
		request("tasks/cancel", fromBoth, rparams(req("taskId", tstr())), true, taskResult, "slow-work")
		request("tasks/list", fromBoth, rparams(opt("cursor", tstr())), false, paginated("tasks", tobj(task...)), "slow-work")
		notification("notifications/tasks/status", fromBoth, nparams(task...), true, "slow-work")
		notification("notifications/elicitation/complete", SenderServer, nparams(req("elicitationId", tstr())), true, "notifications")
	}
	if is2026 {
		filter := tobj(opt("toolsListChanged", tbool()), opt("promptsListChanged", tbool()),
			opt("resourcesListChanged", tbool()), opt("resourceSubscriptions", tarr(tstr())))
		listenMeta := topen(req("io.modelcontextprotocol/subscriptionId", requestID),
			opt("io.modelcontextprotocol/serverInfo", implementation))
		request("subscriptions/listen", SenderClient, rparams(req("notifications", filter)), true,
			tobj(req("_meta", listenMeta), field{name: "resultType", sh: resultTypeShape, req: true, missingCode: codeResultTypeMissing}), "stateless-2026")
		notification("notifications/subscriptions/acknowledged", SenderServer, nparams(req("notifications", filter)), true, "stateless-2026")
	}

	r := &revision{name: rev, methods: m, errorIDOptional: since1125}
	if is2026 {
		r.anyResult = topen(field{name: "resultType", sh: resultTypeShape, req: true, missingCode: codeResultTypeMissing})
	} else {
		r.anyResult = topen()
	}
	return r
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
